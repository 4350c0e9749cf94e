import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findingsRoutes } from '@stormline/contract/areas/findings';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { templatesRoutes } from '@stormline/contract/areas/templates';
import { siteMapId } from '@stormline/domain/map-features';
import { emptyPage, ok, refuse, serveApi, type Answer } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import type { InspectionDetail } from '../api/inspections';
import { FindingDetail } from './finding-detail';

const finding = (location: string, version = 2) =>
  ok(findingsRoutes.getFinding, {
    id: 'f1',
    number: 3,
    type: { id: 'ca', code: 'CA', name: 'Corrective Action', color: '#d9480f' },
    location,
    date_initiated: '2026-03-02',
    date_completed: null,
    condition: null,
    control_measure: null,
    comments: null,
    corrective_action: null,
    due_by: null,
    is_required_for_cert: true,
    initial_inspection_id: 'i1',
    carried_over: false,
    imageCount: 0,
    version,
    observations: [],
    images: null,
    previousId: null,
    nextId: null,
    editable: true,
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

const inspection = {
  id: 'i1',
  template_id: 'routine-stormwater',
  inspection_template: { version: 1 },
  project: { id: 'p1', archivedAt: null, start_date: '2026-01-05', timezone: 'Europe/London' },
} as unknown as InspectionDetail;

async function editAndSave(update: () => Answer) {
  let reads = 0;
  const served = await serveApi([
    [
      findingsRoutes.getFinding,
      () => (reads++ === 0 ? finding('North gate') : finding('North gate (as stored)', 3)),
    ],
    [templatesRoutes.listTemplateFindingTypes, () => findingTypes],
    [findingsRoutes.updateFinding, update],
    [projectsRoutes.listInspectionSiteMaps, () => emptyPage(projectsRoutes.listInspectionSiteMaps, 50)],
  ]);
  renderScreen(
    <FindingDetail divisionId="north-region" inspectionId="i1" findingId="f1" inspection={inspection} />,
    {
      url: '/inspection/i1/findings/f1/details',
      profile: profileOf('Inspector'),
      divisionId: 'north-region',
    },
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Finding' }));
  const location = await screen.findByLabelText(/^Location/);
  await userEvent.clear(location);
  await userEvent.type(location, 'South gate');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  return served;
}

describe('a refused finding update (spec 002 §8)', () => {
  it('names the server’s reason, closes the form and reads the finding again', async () => {
    await editAndSave(() => refuse(403, 'This inspection is read-only'));
    expect(
      await screen.findByText('Cannot update finding because of error: This inspection is read-only'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Finding' })).toBeNull());
    expect(await screen.findByText('North gate (as stored)')).toBeTruthy();
  });

  it('keeps what was typed when someone else saved meanwhile (409), shows both and saves the choice', async () => {
    let puts = 0;
    const { requests } = await editAndSave(() =>
      puts++ === 0
        ? refuse(409, 'The finding was changed by someone else meanwhile. Reload it and try again.')
        : finding('South gate', 4),
    );
    const choice = await screen.findByRole('group', { name: 'Choose the answer to Location' });
    expect(choice.textContent).toContain('Yours: South gate');
    expect(choice.textContent).toContain('Saved by someone else: North gate (as stored)');
    expect((screen.getByLabelText(/^Location/) as HTMLInputElement).value).toBe('South gate');
    await userEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.route === findingsRoutes.updateFinding.key)).toHaveLength(2),
    );
    expect(requests.filter((r) => r.route === findingsRoutes.updateFinding.key)[1]?.body).toMatchObject({
      location: 'South gate',
      version: 3,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Finding' })).toBeNull());
  });

  it('says the unknown-error sentence when the server fails without a reason', async () => {
    await editAndSave(() => ({ status: 500, body: {} }));
    expect(
      await screen.findByText('Cannot save finding due to an unknown error. Please try again later.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Finding' })).toBeNull());
  });

  it('keeps the form open with what was typed when the server refuses a field (400)', async () => {
    await editAndSave(() =>
      refuse(400, 'Date initiated cannot be before the project start', [
        { path: 'date_initiated', message: 'Date initiated cannot be before the project start' },
      ]),
    );
    expect(
      await screen.findByText(
        'Cannot update finding because of error: Date initiated cannot be before the project start',
      ),
    ).toBeTruthy();
    expect((screen.getByLabelText(/^Location/) as HTMLInputElement).value).toBe('South gate');
  });
});

describe('a completed finding keeps its photos (docs/decisions/0026)', () => {
  const withPhoto = (date_completed: string | null) => {
    const answer = finding('North gate');
    return {
      ...answer,
      body: {
        ...(answer.body as object),
        date_completed,
        editable: date_completed === null,
        imageCount: 1,
        images: [
          {
            id: 'p1',
            name: 'fence.jpg',
            mime_type: 'image/jpeg',
            rotation: 0,
            annotations: [],
            width: 640,
            height: 480,
            url: '/photo/p1',
            thumbnailUrl: '/photo/p1-thumb',
            uploadedAt: '2026-03-03T10:00:00.000Z',
          },
        ],
      },
    };
  };

  it.each([
    ['an open finding offers Remove', null, true],
    ['a completed finding does not offer Remove', '2026-03-04', false],
  ] as const)('%s', async (_, dateCompleted, offered) => {
    await serveApi([
      [findingsRoutes.getFinding, () => withPhoto(dateCompleted)],
      [templatesRoutes.listTemplateFindingTypes, () => findingTypes],
      [projectsRoutes.listInspectionSiteMaps, () => emptyPage(projectsRoutes.listInspectionSiteMaps, 50)],
    ]);
    renderScreen(
      <FindingDetail divisionId="north-region" inspectionId="i1" findingId="f1" inspection={inspection} />,
      { url: '/inspection/i1/findings/f1/details', profile: profileOf('Admin'), divisionId: 'north-region' },
    );
    expect(await screen.findByRole('link', { name: 'Open photo fence.jpg' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove photo fence.jpg' }) !== null).toBe(offered);
  });
});

const sitePage = (name: string, n: number) => ({
  id: `${name}-${n}`,
  GUID: `${name}-${n}-guid`,
  upload_id: `${name}-upload`,
  name,
  page: n,
  width: 4000,
  height: 2828,
  thumbnail: {
    GUID: `${name}-${n}-thumb`,
    width: 450,
    height: 318,
    url: `https://storage.example/${name}.png`,
  },
  createdAt: '2026-03-02T09:30:00.000Z',
  deletedAt: null,
});

async function openWithSiteMaps(pages: ReturnType<typeof sitePage>[]) {
  const served = await serveApi([
    [findingsRoutes.getFinding, () => finding('See site inspection map for location')],
    [
      projectsRoutes.listInspectionSiteMaps,
      () =>
        ok(projectsRoutes.listInspectionSiteMaps, {
          pageData: pages,
          paginationState: { pageSize: 50, numModels: null, nextCursor: null },
        }),
    ],
  ]);
  renderScreen(
    <FindingDetail divisionId="north-region" inspectionId="i1" findingId="f1" inspection={inspection} />,
    {
      url: '/inspection/i1/findings/f1/details',
      profile: profileOf('Inspector'),
      divisionId: 'north-region',
    },
  );
  await screen.findByText('See site inspection map for location');
  return served;
}

describe('Show on the site map (docs/decisions/0041)', () => {
  it('opens the editor on the inspection’s one site map, locating the finding', async () => {
    const { requests } = await openWithSiteMaps([sitePage('North', 1)]);
    const link = await screen.findByRole('link', { name: 'Show on the site map' });
    expect(link.getAttribute('href')).toBe(
      `/divisions/north-region/projects/p1/map/${siteMapId('North-upload', 1)}/edit?from=inspection&inspectionId=i1&locate=f1`,
    );
    expect(requests.find((r) => r.route === projectsRoutes.listInspectionSiteMaps.key)?.params).toEqual({
      id: 'p1',
      inspectionId: 'i1',
    });
  });

  it('opens the inspection’s Map tab to pick one when there are several', async () => {
    await openWithSiteMaps([sitePage('North', 1), sitePage('North', 2)]);
    const link = await screen.findByRole('link', { name: 'Show on the site map' });
    expect(link.getAttribute('href')).toBe('/inspection/i1/map');
  });

  it('offers no link when the inspection has no site map', async () => {
    const { requests } = await openWithSiteMaps([]);
    await waitFor(() =>
      expect(requests.some((r) => r.route === projectsRoutes.listInspectionSiteMaps.key)).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Show on the site map' })).toBeNull();
  });
});
