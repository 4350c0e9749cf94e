import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findingsRoutes } from '@stormline/contract/areas/findings';
import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { templatesRoutes } from '@stormline/contract/areas/templates';
import { ok, serveApi } from '../../testing/api';
import { inspectionDetail } from '../../testing/inspection-fixtures';
import { profileOf } from '../../testing/profiles';
import { renderScreen } from '../../testing/render';
import InspectionPageWithPrints from './inspection-page';

const routes = () =>
  serveApi([
    [inspectionsRoutes.getInspection, () => ok(inspectionsRoutes.getInspection, inspectionDetail(8))],
    [
      findingsRoutes.listInspectionFindings,
      () =>
        ok(findingsRoutes.listInspectionFindings, {
          pageData: [],
          paginationState: { pageSize: 50, numModels: 0, nextCursor: null },
        }),
    ],
    [
      templatesRoutes.listTemplateFindingTypes,
      () =>
        ok(templatesRoutes.listTemplateFindingTypes, {
          pageData: [],
          version: 1,
          condition_options: [],
          control_measure_required: false,
        }),
    ],
  ]);

const open = (url: string, role: Parameters<typeof profileOf>[0] = 'Inspector') =>
  renderScreen(<InspectionPageWithPrints />, {
    url,
    path: url.startsWith('/public')
      ? '/public/inspection/:inspectionId/:tab?'
      : '/inspection/:inspectionId/:tab?',
    profile: profileOf(role),
  });

describe('the inspection’s prints (spec 002 §2 Inspection detail, Findings list)', () => {
  it('a signed-in user who sees the inspection has Print Inspection, Print Site Map and Findings Report', async () => {
    await routes();
    open('/inspection/i8/findings', 'Client User');
    await userEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('menuitem', { name: 'Print Site Map' })).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Print Inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print Inspection' });
    expect(within(dialog).getByText(/Print Routine Stormwater Inspection #8/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Findings Report' }));
    expect(await screen.findByRole('dialog', { name: 'Findings Report' })).toBeTruthy();
  });

  it('the public view prints the inspection and its site map from its menu, nothing else (spec 002 §2)', async () => {
    await routes();
    open('/public/inspection/i8/findings?division=north-region', 'Public');
    await userEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('menuitem', { name: 'Back to Project' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Print Site Map' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Delete Inspection' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Edit Inspection' })).toBeNull();
    // The findings list's report is the signed-in screen's.
    expect(screen.queryByRole('button', { name: 'Findings Report' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Print Inspection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Print Inspection' });
    expect(within(dialog).getByText(/Print Routine Stormwater Inspection #8/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Print' })).toBeTruthy();
  });
});
