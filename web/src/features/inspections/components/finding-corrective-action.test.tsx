import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findingsRoutes } from '@stormline/contract/areas/findings';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { templatesRoutes } from '@stormline/contract/areas/templates';
import { emptyPage, ok, serveApi } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import type { InspectionDetail } from '../api/inspections';
import { FindingDetail } from './finding-detail';

/**
 * CGP 5.2 on the finding (issue 23, 0049): a CA finding of a project on the CGP shows its
 * corrective action and deadline, late once past it; its form asks which action, in the CGP's
 * words, and shows the deadline the choice gives.
 */

const finding = (over: Record<string, unknown> = {}) =>
  ok(findingsRoutes.getFinding, {
    id: 'f1',
    number: 3,
    type: { id: 'ca', code: 'CA', name: 'Corrective Action', color: '#d9480f' },
    location: 'Inlet protection, east gate',
    date_initiated: '2026-03-06',
    date_completed: null,
    condition: null,
    control_measure: null,
    comments: null,
    corrective_action: 'repair',
    due_by: '2026-03-09',
    is_required_for_cert: true,
    initial_inspection_id: 'i1',
    carried_over: false,
    imageCount: 0,
    version: 2,
    observations: [],
    images: null,
    previousId: null,
    nextId: null,
    editable: true,
    ...over,
  });

const findingTypes = ok(templatesRoutes.listTemplateFindingTypes, {
  pageData: [
    {
      id: 'ca',
      name: 'Corrective Action',
      code: 'CA',
      is_static_type: true,
      details: { is_enabled: true, is_required_for_cert: true, color: '#d9480f' },
    },
  ],
  version: 1,
  condition_options: [],
  control_measure_required: false,
});

const inspectionOn = (correctiveActionDeadlines: boolean) =>
  ({
    id: 'i1',
    template_id: 'routine-stormwater',
    inspection_template: { version: 1 },
    project: {
      id: 'p1',
      archivedAt: null,
      start_date: '2026-01-05',
      timezone: 'America/New_York',
      correctiveActionDeadlines,
    },
  }) as unknown as InspectionDetail;

async function open(cgp: boolean, over: Record<string, unknown> = {}) {
  const served = await serveApi([
    [findingsRoutes.getFinding, () => finding(over)],
    [templatesRoutes.listTemplateFindingTypes, () => findingTypes],
    [
      findingsRoutes.updateFinding,
      (r) =>
        finding({
          corrective_action: (r.body as { corrective_action: string }).corrective_action,
          version: 3,
        }),
    ],
    [projectsRoutes.listInspectionSiteMaps, () => emptyPage(projectsRoutes.listInspectionSiteMaps, 50)],
  ]);
  renderScreen(
    <FindingDetail
      divisionId="north-region"
      inspectionId="i1"
      findingId="f1"
      inspection={inspectionOn(cgp)}
    />,
    {
      url: '/inspection/i1/findings/f1/details',
      profile: profileOf('Inspector'),
      divisionId: 'north-region',
    },
  );
  return served;
}

describe('a corrective action with its CGP 5.2 deadline', { timeout: 20_000 }, () => {
  it('shows the action and its deadline on the finding, late once it has passed', async () => {
    await open(true);
    expect(await screen.findByText(/Repair or maintenance of an existing control: due by/)).toBeTruthy();
    expect(screen.getByText('03-09-2026')).toBeTruthy();
    expect(screen.getByText('Late')).toBeTruthy();
  });

  it("the form asks which action with the CGP's words, shows the deadline and sends the choice", async () => {
    const { requests } = await open(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Finding' }));
    const group = await screen.findByRole('radiogroup', { name: /Corrective action needed/ });
    const repair = within(group).getByRole('radio', { name: /Repair or maintenance of an existing control/ });
    expect((repair as HTMLInputElement).checked).toBe(true);
    expect(
      within(group).getByText(
        /CGP 5\.2\.2: complete the repair or maintenance by the close of the next business day/,
      ),
    ).toBeTruthy();
    // Friday 6 March: repaired by Monday, or a new control by the next Friday.
    expect(screen.getByTestId('corrective-action-due').textContent).toBe('Due by 03-09-2026');
    await userEvent.click(
      within(group).getByRole('radio', { name: /A new or replacement control, or significant repair/ }),
    );
    expect(screen.getByTestId('corrective-action-due').textContent).toBe('Due by 03-13-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((r) => r.route === findingsRoutes.updateFinding.key)?.body).toMatchObject({
        corrective_action: 'new-control',
      }),
    );
  });

  it('requires the choice on a CA finding that has none yet', async () => {
    const { requests } = await open(true, { corrective_action: null, due_by: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Finding' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Corrective action needed is required')).toBeTruthy();
    expect(requests.some((r) => r.route === findingsRoutes.updateFinding.key)).toBe(false);
  });

  it('a project on the fixed interval is not asked, and its findings show no deadline', async () => {
    await open(false, { corrective_action: null, due_by: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Finding' }));
    await screen.findByLabelText(/^Location/);
    expect(screen.queryByRole('radiogroup', { name: /Corrective action needed/ })).toBeNull();
  });
});
