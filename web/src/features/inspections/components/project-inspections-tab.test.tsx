import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { serveApi } from '../../../testing/api';
import { inspectionCard as card, projectInspectionsPage as page } from '../../../testing/inspection-fixtures';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import { ProjectInspectionsTab } from './project-inspections-tab';

const project = { id: 'p1', name: 'Ouse Culvert', inspection_compliance_required: true, archivedAt: null };

const open = (role: Parameters<typeof profileOf>[0] = 'Inspector', readOnly = false) =>
  renderScreen(
    <ProjectInspectionsTab
      divisionId="north-region"
      project={project}
      readOnly={readOnly}
      inspectionHref={(id) => `/inspection/${id}`}
    />,
    {
      url: '/divisions/north-region/projects/p1/inspections',
      path: '/divisions/:divisionId/projects/:projectId/:tab',
      profile: profileOf(role),
      divisionId: 'north-region',
    },
  );

describe('the project inspections tab (spec 000 §2)', () => {
  it('invites the first routine inspection, or says none are scheduled to who may not create one', async () => {
    await serveApi([[inspectionsRoutes.listProjectInspections, () => page([])]]);
    open('Inspector');
    expect(
      await screen.findByText(
        'Begin the regular inspection schedule by creating the first routine inspection.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New Routine Inspection' })).toBeTruthy();
  });

  it("shows 'No inspections scheduled' to a role without create Inspection", async () => {
    await serveApi([[inspectionsRoutes.listProjectInspections, () => page([])]]);
    open('Regulator');
    expect(await screen.findByText('No inspections scheduled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New .* Inspection/ })).toBeNull();
  });

  it("shows the server's creation rule when a new inspection is not allowed", async () => {
    await serveApi([
      [
        inspectionsRoutes.listProjectInspections,
        () =>
          page([card(1, { certification_date: null })], {
            allowed: false,
            reason: 'Complete the existing inspection(s) before creating a new one.',
          }),
      ],
    ]);
    open('Inspector');
    await userEvent.click(await screen.findByRole('button', { name: 'New Post Storm Inspection' }));
    expect(
      await screen.findByText('Complete the existing inspection(s) before creating a new one.'),
    ).toBeTruthy();
  });

  it('shows the due-today banner and each card’s counts with the incomplete marker', async () => {
    await serveApi([
      [inspectionsRoutes.listProjectInspections, () => page([card(3)], { action: 'Start Inspection' })],
    ]);
    open('Inspector');
    expect(await screen.findByText('An inspection is due today')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Inspection' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Inspection #3' }).getAttribute('href')).toBe('/inspection/i3');
    expect(screen.getByText('Corrective Actions: 2')).toBeTruthy();
    expect(screen.getByText('1 incomplete')).toBeTruthy();
  });

  it("today's routine inspection started (the next date a week away): Complete Inspection, not 'An inspection is due today'", async () => {
    await serveApi([
      [
        inspectionsRoutes.listProjectInspections,
        () => page([card(1, { certification_date: null })], { action: 'Complete Inspection' }),
      ],
    ]);
    open('Inspector');
    expect(await screen.findByText("Today's routine inspection is not complete")).toBeTruthy();
    expect(
      screen.getByText('The routine inspection of Ouse Culvert dated today is not complete yet.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Complete Inspection' })).toBeTruthy();
    expect(screen.queryByText('An inspection is due today')).toBeNull();
    expect(screen.queryByText(/is due today/)).toBeNull();
  });

  it("offers 'Certify N Inspection(s)' for eligible inspections to all on Certify", async () => {
    await serveApi([
      [
        inspectionsRoutes.listProjectInspections,
        () =>
          page([
            card(1, { eligibleForCompliance: true, openRequiredCount: 0 }),
            card(2, { eligibleForCompliance: true, openRequiredCount: 0 }),
          ]),
      ],
    ]);
    open('Inspector');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select All Inspections' }));
    expect(screen.getByRole('button', { name: 'Certify 2 Inspection(s)' })).toBeTruthy();
  });

  it('is read-only in the public view: no creating, no banner, no date editing', async () => {
    await serveApi([
      [inspectionsRoutes.listProjectInspections, () => page([card(1)], { action: 'Start Inspection' })],
    ]);
    open('Inspector', true);
    await screen.findByRole('link', { name: 'Inspection #1' });
    expect(screen.queryByRole('button', { name: /New .* Inspection/ })).toBeNull();
    expect(screen.queryByText('An inspection is due today')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save date' })).toBeNull();
  });
});
