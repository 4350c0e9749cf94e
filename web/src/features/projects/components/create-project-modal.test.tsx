import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { clientsRoutes } from '@stormline/contract/areas/clients';
import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { regulationsRoutes } from '@stormline/contract/areas/regulations';
import { localDate } from '@stormline/domain/local-date';
import { FIXED_INTERVAL_PERMIT, PERMIT_MESSAGES } from '@stormline/domain/permit-rules';
import { PROJECT_DOC_TYPES } from '@stormline/domain/project-rules';
import { ok, refuse, serveApi, type Answer, type ServedRequest } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import { CreateProjectModal } from './create-project-modal';

const template = (
  id: string,
  name: string,
  options: { ccr?: boolean; optionalCompliance?: boolean; cgp?: boolean },
) => ({
  id,
  name,
  has_compliance_cert: true,
  projectOptions: { ccr: false, optionalCompliance: false, cgp: false, ...options },
});

const TEMPLATES = [
  template('cdot', 'CDOT', {}),
  template('delaware', 'Delaware', { ccr: true, optionalCompliance: true }),
  template('epa-cgp', 'EPA Construction General Permit', { optionalCompliance: true, cgp: true }),
  template('routine-stormwater', 'Routine Stormwater Inspection', {}),
];

const inspector = (id: string, first: string, last: string, roleName: string) => ({
  id,
  first_name: first,
  last_name: last,
  name: `${first} ${last}`,
  email: `${first.toLowerCase()}@example.com`,
  roleName,
});

const page = <T,>(rows: T[], pageSize = 50) => ({
  pageData: rows,
  paginationState: { pageSize, numModels: rows.length, nextCursor: null },
});

function createdProject(request: ServedRequest) {
  const body = request.body as Record<string, unknown>;
  return ok(projectsRoutes.createProject, {
    id: 'project-new',
    name: body.name,
    client_id: body.client_id,
    inspection_template_id: body.inspection_template_id,
    document_group_id: body.document_group_id,
    permittee: null,
    isCcrProject: false,
    inspection_compliance_required: true,
    findingComplianceRequired: true,
    cgp_tracking_id: null,
    permit: body.permit ?? FIXED_INTERVAL_PERMIT,
    permit_number: body.permit_number ?? null,
    last_routine_date: null,
    address: {
      street_1: null,
      city: null,
      state_id: null,
      country_id: null,
      state: null,
      countryObj: null,
      zip: null,
      latitude: body.latitude,
      longitude: body.longitude,
    },
    timezone: 'Europe/London',
    inspector_user_id: body.inspector_user_id,
    start_date: null,
    end_date: null,
    next_inspection_date: null,
    routine_interval: body.routine_interval,
    notes: null,
    docTypes: [{ id: 'active-site-maps', name: 'Active Site Maps' }],
    divisionProject: { division_id: 'north-region' },
    archivedAt: null,
    createdAt: '2026-03-05T10:00:00.000Z',
    version: 0,
  });
}

const HARBOUR_WORKS = { id: 'client-1', name: 'Harbour Works' };

async function openModal({
  client = HARBOUR_WORKS as { id: string; name: string } | null,
  create = createdProject as (request: ServedRequest) => Answer,
  region = 'UK' as 'UK' | 'US',
} = {}) {
  const served = await serveApi([
    [
      inspectionsRoutes.listInspectionTemplates,
      () => ok(inspectionsRoutes.listInspectionTemplates, page(TEMPLATES, 100)),
    ],
    [
      projectsRoutes.listAssignableInspectors,
      () =>
        ok(
          projectsRoutes.listAssignableInspectors,
          page([
            inspector('user-ines', 'Ines', 'Carter', 'Inspector'),
            inspector('user-chris', 'Chris', 'Lee', 'Client User'),
          ]),
        ),
    ],
    [
      regulationsRoutes.listGroups,
      () =>
        ok(
          regulationsRoutes.listGroups,
          page(
            [
              {
                id: 'group-1',
                name: 'Leeds Regulations',
                num_documents: 2,
                createdAt: '2026-01-01T00:00:00.000Z',
                updatedAt: '2026-01-01T00:00:00.000Z',
                version: 0,
              },
            ],
            25,
          ),
        ),
    ],
    [projectsRoutes.listProjectDocTypes, () => ok(projectsRoutes.listProjectDocTypes, PROJECT_DOC_TYPES)],
    [clientsRoutes.listClients, () => ok(clientsRoutes.listClients, page([], 25))],
    [projectsRoutes.createProject, create],
  ]);
  const onCreated = vi.fn();
  const rendered = renderScreen(
    <CreateProjectModal opened onClose={() => {}} client={client ?? undefined} onCreated={onCreated} />,
    {
      url: '/divisions/north-region/clients/client-1',
      path: '/divisions/:divisionId/clients/:clientId',
      profile: { ...profileOf('Admin'), appConstants: { ...profileOf('Admin').appConstants, region } },
      divisionId: 'north-region',
    },
  );
  await screen.findByRole('dialog', { name: 'Create New Project' });
  return { ...served, ...rendered, onCreated };
}

async function choose(label: string | RegExp, option: string | RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Project' }));

async function fillRequired(formType: string) {
  await choose(/Inspection form type/, formType);
  await userEvent.type(screen.getByLabelText(/^Project name/), 'Aire Valley Culvert');
  await choose(/Inspector/, /Ines Carter/);
  await choose(/Regulations/, 'Leeds Regulations');
  await userEvent.type(screen.getByLabelText(/^Latitude/), '53.79648');
  await userEvent.type(screen.getByLabelText(/^Longitude/), '-1.54785');
  await userEvent.type(screen.getByLabelText(/^Routine inspection interval/), '7.2');
}

// Filling a dozen Mantine fields in happy-dom takes a few seconds.
describe('the Create project modal', { timeout: 20_000 }, () => {
  it('says what is required before asking the server', async () => {
    const { requests } = await openModal();
    await submit();
    expect(await screen.findByText('Inspection form type is required')).toBeTruthy();
    expect(screen.getByText('Project name is required')).toBeTruthy();
    expect(screen.getByText('Inspector is required')).toBeTruthy();
    expect(screen.getByText('Regulations is required')).toBeTruthy();
    expect(screen.getByText('Latitude is required')).toBeTruthy();
    expect(screen.getByText('Routine inspection interval is required')).toBeTruthy();
    expect(requests.some((r) => r.route === 'POST /api/projects')).toBe(false);
  });

  it('offers as inspector only users of the listed roles', async () => {
    await openModal();
    await userEvent.click(screen.getByRole('combobox', { name: /Inspector/ }));
    expect(await screen.findByRole('option', { name: 'Ines Carter (Inspector)' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Chris Lee/ })).toBeNull();
  });

  it('shows each conditional option only for the form types it applies to', async () => {
    await openModal();
    await choose(/Inspection form type/, 'Routine Stormwater Inspection');
    expect(screen.queryByTestId('project-options')).toBeNull();

    await choose(/Inspection form type/, 'Delaware');
    const options = screen.getByTestId('project-options');
    expect(within(options).getByLabelText('CCR project')).toBeTruthy();
    const compliance = within(options).getByLabelText('Compliance signature required') as HTMLInputElement;
    // Spec 001 §5: "Default project compliance options are true".
    expect(compliance.checked).toBe(true);
    expect(within(options).getByLabelText('Completed findings required for compliance')).toBeTruthy();
    expect(within(options).queryByLabelText(/CGP tracking ID/)).toBeNull();
    // The completed-findings option only while compliance is required.
    await userEvent.click(compliance);
    expect(within(options).queryByLabelText('Completed findings required for compliance')).toBeNull();

    await choose(/Inspection form type/, 'EPA Construction General Permit');
    expect(within(screen.getByTestId('project-options')).queryByLabelText('CCR project')).toBeNull();
    expect(within(screen.getByTestId('project-options')).getByLabelText(/CGP tracking ID/)).toBeTruthy();
  });

  it('requires the CGP tracking ID where it is shown', async () => {
    await openModal();
    await fillRequired('EPA Construction General Permit');
    await submit();
    expect(await screen.findByText('CGP tracking ID is required')).toBeTruthy();
  });

  it("refuses a next inspection date before today in the project's time zone", async () => {
    await openModal();
    const today = localDate('Europe/London', new Date());
    const next = screen.getByLabelText(/^Next inspection date/) as HTMLInputElement;
    expect(next.min).toBe(today);
    await fillRequired('Routine Stormwater Inspection');
    await userEvent.type(next, '2020-01-01');
    await submit();
    expect(await screen.findByText('Next inspection date cannot be before today')).toBeTruthy();
  });

  it('sends the interval rounded up and only the options the form type shows, then opens the project after 2 s', async () => {
    const { requests, router, onCreated } = await openModal();
    await fillRequired('Delaware');
    await userEvent.click(within(screen.getByTestId('project-options')).getByLabelText('CCR project'));
    await userEvent.click(screen.getByPlaceholderText('Choose document types'));
    await userEvent.click(await screen.findByRole('option', { name: 'SWMP' }));
    expect(screen.queryByRole('option', { name: 'Active Site Maps' })).toBeNull();
    await submit();

    expect(await screen.findByText(/Aire Valley Culvert was created\. Opening the project/)).toBeTruthy();
    const sent = requests.find((r) => r.route === 'POST /api/projects')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      client_id: 'client-1',
      inspection_template_id: 'delaware',
      name: 'Aire Valley Culvert',
      inspector_user_id: 'user-ines',
      document_group_id: 'group-1',
      latitude: 53.79648,
      longitude: -1.54785,
      routine_interval: 8,
      timezone: 'Europe/London',
      docTypes: ['swmp'],
      isCcrProject: true,
      inspection_compliance_required: true,
      findingComplianceRequired: true,
    });
    expect(sent).not.toHaveProperty('cgp_tracking_id');
    expect(sent.address).not.toHaveProperty('state_id');
    expect(onCreated).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/divisions/north-region/clients/client-1');
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/divisions/north-region/projects/project-new'),
      {
        timeout: 3000,
      },
    );
  });

  it("puts the server's refusal under its field", async () => {
    await openModal({
      create: () =>
        refuse(400, 'The inspector must be a user of this division', [
          { path: 'inspector_user_id', message: 'The inspector must be a user of this division' },
        ]),
    });
    await fillRequired('Routine Stormwater Inspection');
    await submit();
    expect(
      await screen.findByText('The inspector must be a user of this division', {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for the client when opened without one (from the project list)', async () => {
    await openModal({ client: null });
    await submit();
    expect(await screen.findByText('Client is required')).toBeTruthy();
  });
});

describe('the Permit section', { timeout: 30_000 }, () => {
  const sentBody = (requests: ServedRequest[]) =>
    requests.find((r) => r.route === 'POST /api/projects')!.body as Record<string, unknown>;

  it('in the UK shows the fixed interval only, and sends it with the permit number typed', async () => {
    const { requests } = await openModal();
    const section = screen.getByTestId('permit-section');
    expect(within(section).getByText(/Fixed interval\./)).toBeTruthy();
    expect(within(section).queryByRole('combobox', { name: /Permit/ })).toBeNull();
    await fillRequired('Routine Stormwater Inspection');
    await userEvent.type(within(section).getByLabelText('Permit or NPDES tracking number'), 'EPR/AB1234');
    await submit();
    await screen.findByText(/was created/);
    expect(sentBody(requests)).toMatchObject({ permit: FIXED_INTERVAL_PERMIT, permit_number: 'EPR/AB1234' });
  });

  it('hides the permit number on a CGP form type, whose CGP tracking ID is the number', async () => {
    await openModal();
    await choose(/Inspection form type/, 'EPA Construction General Permit');
    expect(screen.queryByLabelText('Permit or NPDES tracking number')).toBeNull();
  });

  it('in the US starts on CGP 4.2.1 every 7 days, and sends the frequency, sensitive waters and a period chosen', async () => {
    const { requests } = await openModal({ region: 'US' });
    const section = screen.getByTestId('permit-section');
    expect((within(section).getByRole('combobox', { name: /Permit/ }) as HTMLInputElement).value).toBe(
      'EPA 2022 Construction General Permit',
    );
    const seven = within(section).getByRole('radio', { name: /Every 7 calendar days/ }) as HTMLInputElement;
    expect(seven.checked).toBe(true);
    expect(within(section).getByText('CGP 4.2.1: at least once every 7 calendar days')).toBeTruthy();
    await userEvent.click(within(section).getByRole('radio', { name: /Every 14 calendar days/ }));
    await userEvent.click(within(section).getByRole('switch', { name: /sensitive waters/ }));
    await userEvent.click(within(section).getByRole('button', { name: 'Add period' }));
    await userEvent.type(within(section).getByLabelText(/^From/), '2027-01-01');
    await userEvent.type(within(section).getByLabelText(/^To/), '2027-03-31');
    await fillRequired('Routine Stormwater Inspection');
    await submit();
    await screen.findByText(/was created/, {}, { timeout: 5000 });
    expect(sentBody(requests).permit).toEqual({
      ruleSetId: 'cgp-2022',
      frequencyId: 'every-14-days-and-storm',
      sensitiveWaters: true,
      reducedPeriods: [{ kind: 'stabilized', from: '2027-01-01', to: '2027-03-31' }],
    });
  });

  it('says a period ending before it starts is refused, before asking the server; a row can be removed', async () => {
    const { requests } = await openModal({ region: 'US' });
    const section = screen.getByTestId('permit-section');
    await userEvent.click(within(section).getByRole('button', { name: 'Add period' }));
    await userEvent.type(within(section).getByLabelText(/^From/), '2027-03-01');
    await userEvent.type(within(section).getByLabelText(/^To/), '2027-02-01');
    await fillRequired('Routine Stormwater Inspection');
    await submit();
    expect(await within(section).findByText(PERMIT_MESSAGES.periodToBeforeFrom)).toBeTruthy();
    expect(requests.some((r) => r.route === 'POST /api/projects')).toBe(false);
    await userEvent.click(within(section).getByRole('button', { name: 'Remove period 1' }));
    expect(within(section).queryByTestId('reduced-period-0')).toBeNull();
  });

  it('Texas offers its own frequencies and no sensitive-waters switch', async () => {
    await openModal({ region: 'US' });
    const section = screen.getByTestId('permit-section');
    await choose(/^Permit/, /TXR150000/);
    expect(
      within(section).getByRole('radio', { name: /Every 14 calendar days and after 0\.5 in of rain/ }),
    ).toBeTruthy();
    expect(within(section).queryByRole('switch', { name: /sensitive waters/ })).toBeNull();
  });

  it("puts the server's permit refusal under its field", async () => {
    await openModal({
      region: 'US',
      create: () =>
        refuse(400, PERMIT_MESSAGES.periodsOverlap, [
          { path: 'permit.reducedPeriods.0.from', message: PERMIT_MESSAGES.periodsOverlap },
        ]),
    });
    const section = screen.getByTestId('permit-section');
    await userEvent.click(within(section).getByRole('button', { name: 'Add period' }));
    await userEvent.type(within(section).getByLabelText(/^From/), '2027-01-01');
    await fillRequired('Routine Stormwater Inspection');
    await submit();
    expect(
      await within(section).findByText(PERMIT_MESSAGES.periodsOverlap, {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
