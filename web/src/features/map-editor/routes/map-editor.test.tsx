import { forwardRef, useImperativeHandle } from 'react';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mapRoutes } from '@stormline/contract/areas/map';
import { findingsRoutes } from '@stormline/contract/areas/findings';
import { legendItemsRoutes } from '@stormline/contract/areas/legend-items';
import { CORRECTIVE_ACTION_NOTICE, MAP_MESSAGES } from '@stormline/domain/map-features';
import { completeMapSymbol } from '@stormline/domain/map-symbol';
import type { RoleName } from '@stormline/domain/roles';
import { ok, refuse, serveApi, type Answer, type ServedRequest } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import { mediaQueryList } from '../../../testing/media-query';
import { formatDate } from '../../../lib/format';
import type { MapCanvasHandle, MapCanvasProps } from '../components/map-canvas';
import { readMapEdits, storeMapEdits } from '../lib/stored-edits';
import { draftOf, EMPTY_EDITS, changeFeature } from '../lib/pending-edits';
import { MapEditorScreen } from './map-editor';

/**
 * Leaflet needs a real browser (test/e2e/map-editor.e2e.test.ts drives it): here the canvas is a
 * stand-in that lists the features as buttons and draws on request, so the screen around it (the
 * header, the sidebar, the forms, the queue, the save) is tested as a user sees it.
 */
/** The keys the canvas was asked to Locate, newest last. */
const located = vi.hoisted(() => [] as string[]);

vi.mock('../components/map-canvas', () => ({
  MapCanvas: forwardRef<MapCanvasHandle, MapCanvasProps>(function FakeCanvas(props, ref) {
    useImperativeHandle(ref, () => ({
      fit: () => undefined,
      locate: (key: string) => void located.push(key),
      center: () => [500, 400],
    }));
    return (
      <div data-testid="fake-canvas" data-tool={props.tool ?? ''} data-selected={props.selectedKey ?? ''}>
        {props.features.map((feature) => (
          <button key={feature.key} type="button" onClick={() => props.onFeatureClick(feature.key)}>
            map: {feature.source.name}
          </button>
        ))}
        <button type="button" onClick={() => props.onMapMenu([300, 200], { x: 10, y: 10 })}>
          right-click the map
        </button>
        <button
          type="button"
          onClick={() =>
            props.onDrawn(
              {
                type: 'line',
                points: [
                  [100, 100],
                  [300, 120],
                ],
              },
              [200, 110],
            )
          }
        >
          draw a line
        </button>
        {props.selectedKey && (
          <button
            type="button"
            onClick={() =>
              props.onChanged(
                props.selectedKey!,
                {
                  type: 'line',
                  points: [
                    [110, 100],
                    [310, 120],
                  ],
                },
                [210, 110],
              )
            }
          >
            drag the selected
          </button>
        )}
        {props.selectedKey && (
          <button
            type="button"
            onClick={() => props.onChanged(props.selectedKey!, { type: 'point' }, [5000, 110])}
          >
            drag the selected off the image
          </button>
        )}
      </div>
    );
  }),
}));

const T = '2026-03-02T09:30:00.000Z';
const siteMap = {
  id: 'up1_1',
  upload_id: 'up1',
  page: 1,
  GUID: 'page-guid',
  name: 'Grading plan',
  width: 4000,
  height: 2828,
  image: { url: 'https://storage.example/page.png' },
  preview: { url: 'https://storage.example/thumb.png', width: 450, height: 318 },
  project: { id: 'p1', name: 'Riverside Phase 2', archived: false },
  previous: null,
  next: { id: 'up1_2', GUID: 'page2-guid', name: 'Grading plan', page: 2 },
  lastSaved: { at: T, by: 'Dana Tester' },
};
const inspections = [
  { id: 'i2', number: 2, date: '2026-03-09', type: 'Routine', editable: true },
  { id: 'i1', number: 1, date: '2026-03-02', type: 'Routine', editable: false },
];
const source = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  color: null,
  map_symbol: null,
  scope: null,
  detail: null,
  deleted: false,
  ...extra,
});
const feature = (id: string, type: string, name: string, extra: Record<string, unknown> = {}) => ({
  positionables_id: id,
  positionable_id: `${id}-src`,
  positionable_type: type,
  position_x: 100,
  position_y: 100,
  target_id: 'up1_1',
  target_type: 'project_uploads',
  start_inspection_id: 'i1',
  end_inspection_id: null,
  positionable_config: null,
  geometry: { type: 'point' },
  source: source(`${id}-src`, name),
  version: 2,
  updatedAt: T,
  updatedBy: null,
  ...extra,
});
const fence = feature('p1', 'control_measure', 'Silt fence', {
  geometry: {
    type: 'line',
    points: [
      [0, 0],
      [200, 0],
    ],
  },
  source: source('l1', 'Silt fence', {
    map_symbol: completeMapSymbol('control_measure', null),
    scope: 'division',
  }),
});
const finding = feature('p2', 'findings', 'CA #3', { source: source('f3', 'CA #3', { color: '#2FF363' }) });

const page = (route: Parameters<typeof ok>[0], rows: unknown[], pageSize: number) =>
  ok(route, { pageData: rows, paginationState: { pageSize, numModels: rows.length, nextCursor: null } });

const inspectionFinding = (id: string, number: number, code: string) => ({
  id,
  number,
  type: { id: `t-${code}`, code, name: code, color: '#FF8800' },
  location: 'By the north gate',
  date_initiated: '2026-03-09',
  date_completed: null,
  condition: null,
  control_measure: null,
  comments: null,
  corrective_action: null,
  due_by: null,
  is_required_for_cert: false,
  initial_inspection_id: 'i2',
  carried_over: false,
  imageCount: 0,
  version: 1,
});
const mapNote = (id: string, title: string) => ({
  id,
  title,
  content: 'Sweep the entrance',
  createdAt: T,
  updatedAt: T,
  createdBy: 'Dana Tester',
  version: 1,
});

function serve({
  features = [fence, finding],
  save,
  siteMapAnswer,
  findings = [],
  notes = [],
}: {
  features?: unknown[];
  save?: (request: ServedRequest) => Answer;
  siteMapAnswer?: () => Answer;
  findings?: unknown[];
  notes?: unknown[];
} = {}) {
  return serveApi([
    [mapRoutes.getSiteMap, () => siteMapAnswer?.() ?? ok(mapRoutes.getSiteMap, siteMap)],
    [mapRoutes.listSiteMapInspections, () => page(mapRoutes.listSiteMapInspections, inspections, 50)],
    [mapRoutes.listPositionables, () => page(mapRoutes.listPositionables, features, 500)],
    [mapRoutes.listMapNotes, () => page(mapRoutes.listMapNotes, notes, 50)],
    [
      findingsRoutes.getFinding,
      () =>
        ok(findingsRoutes.getFinding, {
          ...inspectionFinding('f3', 3, 'CA'),
          type: { id: 't-CA', code: 'CA', name: 'Corrective Action', color: '#2FF363' },
          location: 'See site inspection map for location',
          observations: [
            {
              id: 'o1',
              content: 'Silt washed past the fence '.repeat(8),
              createdAt: T,
              author: { id: 'u1', name: 'Dana Tester' },
              mayEdit: false,
            },
          ],
          images: null,
          previousId: null,
          nextId: null,
          editable: true,
        }),
    ],
    [findingsRoutes.listInspectionFindings, () => page(findingsRoutes.listInspectionFindings, findings, 50)],
    [
      mapRoutes.createMapNote,
      (request) => {
        const body = request.body as { title: string; content: string };
        return ok(mapRoutes.createMapNote, {
          id: 'n1',
          ...body,
          createdAt: T,
          updatedAt: T,
          createdBy: 'Dana Tester',
          version: 1,
        });
      },
    ],
    [
      mapRoutes.updatePositionables,
      save ?? (() => ok(mapRoutes.updatePositionables, { items: [], savedAt: T })),
    ],
    [legendItemsRoutes.listLegendItems, () => page(legendItemsRoutes.listLegendItems, [], 25)],
    [legendItemsRoutes.listProjectLegendItems, () => page(legendItemsRoutes.listProjectLegendItems, [], 100)],
  ]);
}

const open = (
  role: RoleName = 'Inspector',
  url = '/divisions/north-region/projects/p1/map/up1_1/edit?from=inspection&inspectionId=i2',
) =>
  renderScreen(<MapEditorScreen divisionId="north-region" profile={profileOf(role)} publicView={false} />, {
    url,
    path: '/divisions/:divisionId/projects/:projectId/map/:mapId/edit',
    profile: profileOf(role),
    divisionId: 'north-region',
  });

describe('?locate= (a finding’s page, Show on the site map)', () => {
  it('locates the finding once the map’s features are read', async () => {
    located.length = 0;
    await serve();
    open(
      'Inspector',
      '/divisions/north-region/projects/p1/map/up1_1/edit?from=inspection&inspectionId=i2&locate=p2-src',
    );
    await screen.findByRole('button', { name: 'map: CA #3' });
    await waitFor(() => expect(located).toEqual(['p2']));
  });

  it('locates nothing without it, or for a finding not on the map', async () => {
    located.length = 0;
    await serve();
    open(
      'Inspector',
      '/divisions/north-region/projects/p1/map/up1_1/edit?from=inspection&inspectionId=i2&locate=elsewhere',
    );
    await screen.findByRole('button', { name: 'map: CA #3' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(located).toEqual([]);
  });
});

describe('the site map editor (spec 002 §2)', () => {
  it('shows the project, the map, the inspection selector with the baseline, the last save and the sidebar in data-source order', async () => {
    await serve();
    open();
    expect(await screen.findByRole('heading', { name: 'Grading plan, page 1' })).toBeTruthy();
    expect(screen.getByTestId('map-project-name').textContent).toContain('Riverside Phase 2');
    const selector = screen.getByLabelText('Active inspection');
    expect((selector as HTMLInputElement).value).toBe('i2');
    expect(
      within(selector)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Inspection #2 · 03-09-2026 · Routine',
      'Inspection #1 · 03-02-2026 · Routine (view only)',
      'Before the first inspection',
    ]);
    expect(screen.getByTestId('map-last-saved').textContent).toContain('Map last saved 03-02-2026');
    const sidebar = await screen.findByTestId('map-sidebar');
    expect(
      within(sidebar)
        .getAllByRole('heading')
        .map((h) => h.textContent?.replace(/\s*\(\d+\)$/, '')),
    ).toEqual(['Findings', 'Control Measures', 'Pollutants', 'Notes']);
    expect(await within(sidebar).findByText('Silt fence')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Next map: Grading plan, page 2' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect((screen.getByRole('button', { name: 'No previous map' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('is read-only for a Client User: no Add, Save or last-saved time, and a tapped feature shows its detail', async () => {
    await serve();
    open('Client User');
    expect((await screen.findByTestId('map-read-only')).textContent).toBe(
      'You can view this map. Editing it is not part of your role.',
    );
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
    expect(screen.queryByTestId('map-last-saved')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'map: CA #3' }));
    const detail = await screen.findByTestId('map-feature-detail');
    expect(within(detail).getByText('Finding')).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'Remove from Map' })).toBeNull();
    // The finding's own record, read as the detail opens: type, status, date, its observation's start.
    const summary = await within(detail).findByTestId('map-finding-summary');
    expect(summary.textContent).toBe(
      `Corrective Action · Open · Initiated 03-09-2026${'Silt washed past the fence '.repeat(8).slice(0, 160).trimEnd()}…`,
    );
    expect(within(detail).queryByText('See site inspection map for location')).toBeNull();
  });

  it("a certified inspection's map (or one a later inspection followed) is read-only", async () => {
    await serve();
    open('Inspector', '/divisions/north-region/projects/p1/map/up1_1/edit?from=inspection&inspectionId=i1');
    // Inspection #2 followed #1: the notice says which reason applies.
    expect((await screen.findByTestId('map-read-only')).textContent).toBe(
      'This inspection’s map can no longer change: a later inspection has started.',
    );
  });

  it('adds a note: its form first (today as title, the Corrective Action Notice template), then placement, then one Save', async () => {
    const { requests } = await serve();
    open();
    await screen.findByText('Silt fence');
    await userEvent.click(screen.getByRole('button', { name: 'right-click the map' }));
    const menu = await screen.findByRole('menu', { name: 'Add to the map' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Add Finding', 'Add Control Measure', 'Add Pollutant', 'Add Notes']);
    // Clicks within 0.5 s of the menu opening are ignored.
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Add Notes' }));
    expect(screen.queryByRole('dialog', { name: 'Add Notes' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 550));
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Add Notes' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add Notes' });
    expect((within(dialog).getByLabelText(/Title/) as HTMLInputElement).value).toBe(formatDate(new Date()));
    // The template button says what it does, and never replaces typed text without asking.
    const contentField = () => within(dialog).getByLabelText(/Content/) as HTMLInputElement;
    await userEvent.type(contentField(), 'Mud on the road');
    const template = within(dialog).getByRole('button', {
      name: 'Use the Corrective Action Notice template',
    });
    await userEvent.click(template);
    expect(contentField().value).toBe('Mud on the road');
    expect(
      within(dialog).getByText(
        'Replace the title and content you typed with the Corrective Action Notice template?',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep what I typed' }));
    expect(contentField().value).toBe('Mud on the road');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Use the Corrective Action Notice template' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace with the template' }));
    expect(contentField().value).toBe(CORRECTIVE_ACTION_NOTICE.content);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create note' }));

    // Placed where the menu was opened, and selected (drawing ends by selecting the new shape).
    expect(
      await screen.findByRole('button', { name: `map: ${CORRECTIVE_ACTION_NOTICE.title}` }),
    ).toBeTruthy();
    expect(screen.getByTestId('pending-count').textContent).toContain('1 unsaved');
    expect((screen.getByLabelText('Active inspection') as HTMLButtonElement).disabled).toBe(true);
    // Notes: 1 per map.
    expect((screen.getByRole('button', { name: 'Add Notes' }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        requests.some(
          (r) => r.route === 'PUT /api/positionables/{targetType}/{targetId}/{inspectionId}/{context}/update',
        ),
      ).toBe(true),
    );
    const put = requests.find((r) => r.route.startsWith('PUT /api/positionables'))!;
    expect(put.params).toMatchObject({
      targetType: 'project_uploads',
      targetId: 'up1_1',
      inspectionId: 'i2',
      context: 'all',
    });
    expect(put.body).toEqual({
      items: [
        expect.objectContaining({
          positionable_id: 'n1',
          positionable_type: 'commentables',
          position_x: 300,
          position_y: 200,
          geometry: { type: 'point' },
          clientId: expect.any(String),
        }),
      ],
    });
    await waitFor(() => expect(screen.queryByTestId('pending-count')).toBeNull());
  });

  it('adds a control measure: the Map Legend and the project items to pick from, or a new project item with its symbol', async () => {
    const divisionItem = {
      id: 'd1',
      name: 'Inlet protection',
      type: 'control_measure',
      groups: [],
      document_groups: [],
      map_symbol: completeMapSymbol('control_measure', null),
      createdAt: T,
      updatedAt: T,
      version: 1,
    };
    const { requests } = await serveApi([
      [mapRoutes.getSiteMap, () => ok(mapRoutes.getSiteMap, siteMap)],
      [mapRoutes.listSiteMapInspections, () => page(mapRoutes.listSiteMapInspections, inspections, 50)],
      [mapRoutes.listPositionables, () => page(mapRoutes.listPositionables, [], 500)],
      [mapRoutes.listMapNotes, () => page(mapRoutes.listMapNotes, [], 50)],
      [legendItemsRoutes.listLegendItems, () => page(legendItemsRoutes.listLegendItems, [divisionItem], 25)],
      [
        legendItemsRoutes.listProjectLegendItems,
        () => page(legendItemsRoutes.listProjectLegendItems, [], 100),
      ],
      [
        legendItemsRoutes.createProjectLegendItem,
        (request) => {
          const body = request.body as { name: string; type: 'control_measure' };
          return ok(legendItemsRoutes.createProjectLegendItem, {
            id: 'pl1',
            projectId: 'p1',
            name: body.name,
            type: body.type,
            map_symbol: completeMapSymbol('control_measure', null),
            createdAt: T,
            updatedAt: T,
            version: 1,
          });
        },
      ],
    ]);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Control Measure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Control Measure' });
    expect(await within(dialog).findByText('Inlet protection')).toBeTruthy();
    expect(within(dialog).getByText('Map Legend')).toBeTruthy();
    // Each item with its symbol as the map draws it, beside its name, hidden from a screen reader.
    const row = within(dialog).getByRole('listitem');
    const swatch = within(row).getByTestId('legend-swatch');
    expect(swatch.getAttribute('aria-hidden')).toBe('true');
    expect(within(swatch).getByTestId('symbol-preview').querySelector('path, line, polyline')).toBeTruthy();
    expect(row.textContent).toBe('Inlet protectionMap Legend');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'New control measure for this project' }),
    );
    expect(within(dialog).getByTestId('symbol-editor')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Wattle');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create control measure' }));
    await waitFor(() => expect(screen.getByTestId('fake-canvas').getAttribute('data-tool')).toBe('line'));
    // Where the tools are: drawing needs a pointer, and what the keyboard does instead.
    expect(screen.getByTestId('keyboard-hint').textContent).toBe(
      'Drawing needs a mouse, pen or touch. Keyboard: arrow keys pan, + and − zoom, Esc stops.',
    );
    const created = requests.find((r) => r.route === 'POST /api/projects/{id}/legend-items')!;
    expect(created.body).toMatchObject({
      name: 'Wattle',
      type: 'control_measure',
      map_symbol: { editor: 0 },
    });
    // Drawn: a pending feature of the new item, selected.
    await userEvent.click(screen.getByRole('button', { name: 'draw a line' }));
    expect(screen.getByRole('button', { name: 'map: Wattle' })).toBeTruthy();
    expect(screen.getByTestId('fake-canvas').getAttribute('data-selected')).not.toBe('');
  });

  it('an icon symbol is placed with the Pin tool only', async () => {
    const iconItem = {
      id: 'd2',
      name: 'Concrete washout',
      type: 'control_measure',
      groups: [],
      document_groups: [],
      map_symbol: completeMapSymbol('control_measure', { editor: 1 }),
      createdAt: T,
      updatedAt: T,
      version: 1,
    };
    await serveApi([
      [mapRoutes.getSiteMap, () => ok(mapRoutes.getSiteMap, siteMap)],
      [mapRoutes.listSiteMapInspections, () => page(mapRoutes.listSiteMapInspections, inspections, 50)],
      [mapRoutes.listPositionables, () => page(mapRoutes.listPositionables, [], 500)],
      [mapRoutes.listMapNotes, () => page(mapRoutes.listMapNotes, [], 50)],
      [legendItemsRoutes.listLegendItems, () => page(legendItemsRoutes.listLegendItems, [iconItem], 25)],
      [
        legendItemsRoutes.listProjectLegendItems,
        () => page(legendItemsRoutes.listProjectLegendItems, [], 100),
      ],
    ]);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Control Measure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Control Measure' });
    await userEvent.click(await within(dialog).findByText('Concrete washout'));
    const tools = await screen.findByRole('group', { name: 'Drawing tools' });
    expect(
      within(tools)
        .getAllByRole('button', { pressed: true })
        .concat(within(tools).queryAllByRole('button', { pressed: false }))
        .map((b) => b.textContent),
    ).toEqual(['Pin']);
  });

  it('moves a feature, removes one after a confirmation naming it, and Undo takes the removal back', async () => {
    await serve();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Silt fence' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move/Edit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'drag the selected' }));
    expect(screen.getByTestId('pending-count').textContent).toContain('1 unsaved');

    await userEvent.click(screen.getByRole('button', { name: 'map: CA #3' }));
    const detail = await screen.findByTestId('map-feature-detail');
    await userEvent.click(within(detail).getByRole('button', { name: 'Remove from Map' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove from Map' });
    expect(confirm.textContent).toContain('Are you sure you want to remove CA #3 from the map?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('button', { name: 'map: CA #3' })).toBeNull();
    expect(screen.getByTestId('pending-count').textContent).toContain('2 unsaved');

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('button', { name: 'map: CA #3' })).toBeTruthy();
    expect(screen.getByTestId('pending-count').textContent).toContain('1 unsaved');
  });

  it('a stale save (409) lists what someone else changed and keeps the edits until the user chooses', async () => {
    let reads = 0;
    const { requests } = await serveApi([
      [mapRoutes.getSiteMap, () => ok(mapRoutes.getSiteMap, siteMap)],
      [mapRoutes.listSiteMapInspections, () => page(mapRoutes.listSiteMapInspections, inspections, 50)],
      [
        mapRoutes.listPositionables,
        () => page(mapRoutes.listPositionables, reads++ === 0 ? [fence] : [{ ...fence, version: 3 }], 500),
      ],
      [mapRoutes.listMapNotes, () => page(mapRoutes.listMapNotes, [], 50)],
      [mapRoutes.updatePositionables, () => refuse(409, 'Someone else saved Silt fence since you read it')],
    ]);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Silt fence' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move/Edit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'drag the selected' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const conflict = await screen.findByTestId('map-conflict');
    expect(conflict.textContent).toContain('Silt fence: changed by someone else');
    expect(screen.getByTestId('pending-count').textContent).toContain('1 unsaved');
    await userEvent.click(within(conflict).getByRole('button', { name: /Keep mine/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.filter((r) => r.route.startsWith('PUT')).length).toBe(2));
    expect(
      (requests.filter((r) => r.route.startsWith('PUT'))[1]!.body as { items: { version: number }[] })
        .items[0]!.version,
    ).toBe(3);
  });

  it('a save refused because the inspection is being signed says so, and is no edit conflict', async () => {
    let reads = 0;
    await serveApi([
      [mapRoutes.getSiteMap, () => ok(mapRoutes.getSiteMap, siteMap)],
      [mapRoutes.listSiteMapInspections, () => page(mapRoutes.listSiteMapInspections, inspections, 50)],
      [mapRoutes.listPositionables, () => (reads++, page(mapRoutes.listPositionables, [fence], 500))],
      [mapRoutes.listMapNotes, () => page(mapRoutes.listMapNotes, [], 50)],
      [mapRoutes.updatePositionables, () => refuse(409, MAP_MESSAGES.beingSigned)],
    ]);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Silt fence' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move/Edit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'drag the selected' }));
    const readsBefore = reads;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MAP_MESSAGES.beingSigned)).toBeTruthy();
    expect(screen.getByText('The map could not be saved')).toBeTruthy();
    expect(screen.queryByText('Someone else changed this map')).toBeNull();
    expect(reads).toBe(readsBefore);
    // The edit is kept for a save once the signature is through.
    expect(screen.getByTestId('pending-count').textContent).toContain('1 unsaved');
  });

  it("Close with a pending edit asks 'You have unsaved changes' and stays on Stay", async () => {
    await serve();
    const { router } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Silt fence' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move/Edit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'drag the selected' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'You have unsaved changes' });
    expect(dialog.textContent).toContain('You have some unsaved changes. Are you sure you want to exit?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/divisions/north-region/projects/p1/map/up1_1/edit');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'You have unsaved changes' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    // Back to where it was opened from: the inspection's Map tab.
    expect(router.state.location.pathname).toBe('/inspection/i2/map');
  });

  it("the public twin's Close goes back to the public project's Active Site Map tab", async () => {
    await serve();
    const { router } = renderScreen(<MapEditorScreen divisionId="north-region" profile={null} publicView />, {
      url: '/public/divisions/north-region/projects/p1/map/up1_1',
      path: '/public/divisions/:divisionId/projects/:projectId/map/:mapId',
      profile: profileOf('Client User'),
      divisionId: 'north-region',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(router.state.location.pathname).toBe('/public/divisions/north-region/projects/p1/active-site-map');
  });

  it('edits a placed note from its menu (sent at its version) and says why a note on the map cannot be deleted', async () => {
    const note = feature('p3', 'commentables', 'Gate note', {
      positionable_id: 'n1',
      source: source('n1', 'Gate note', { detail: 'Silt at the gate' }),
    });
    const stored = {
      id: 'n1',
      title: 'Gate note',
      content: 'Silt at the gate',
      createdAt: T,
      updatedAt: T,
      createdBy: null,
      version: 4,
    };
    const { requests } = await serveApi([
      [mapRoutes.getSiteMap, () => ok(mapRoutes.getSiteMap, siteMap)],
      [mapRoutes.listSiteMapInspections, () => page(mapRoutes.listSiteMapInspections, inspections, 50)],
      [mapRoutes.listPositionables, () => page(mapRoutes.listPositionables, [note], 500)],
      [mapRoutes.listMapNotes, () => page(mapRoutes.listMapNotes, [stored], 50)],
      [
        mapRoutes.updateMapNote,
        (request) => ok(mapRoutes.updateMapNote, { ...stored, ...(request.body as object), version: 5 }),
      ],
      [mapRoutes.deleteMapNote, () => refuse(409, 'It stands on a map: remove it from the map first')],
    ]);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Gate note' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit note' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Note' });
    await waitFor(() =>
      expect((within(form).getByLabelText(/Content/) as HTMLTextAreaElement).value).toBe('Silt at the gate'),
    );
    await userEvent.type(within(form).getByLabelText(/Content/), ' and the outfall');
    await userEvent.click(within(form).getByRole('button', { name: 'Save note' }));
    await waitFor(() =>
      expect(requests.some((r) => r.route.startsWith('PUT /api/projects/{id}/map-notes'))).toBe(true),
    );
    expect(requests.find((r) => r.route.startsWith('PUT /api/projects/{id}/map-notes'))!.body).toEqual({
      title: 'Gate note',
      content: 'Silt at the gate and the outfall',
      version: 4,
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Gate note' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete note' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect((await within(confirm).findByRole('alert')).textContent).toContain(
      'It stands on a map: remove it from the map first',
    );
  });

  it('a legend item without symbol data is an error shown, not a blank feature (§8)', async () => {
    await serve({ features: [{ ...fence, source: { ...fence.source, map_symbol: null } }] });
    open();
    expect((await screen.findByTestId('map-symbol-error')).textContent).toContain(
      'Silt fence: the legend item has no map symbol data',
    );
  });

  it("a map that cannot be read says 'There was an error loading the map' with the reason", async () => {
    await serve({ siteMapAnswer: () => refuse(500, 'The storage is not answering') });
    open();
    expect((await screen.findByTestId('map-load-error')).textContent).toContain(
      'There was an error loading the map: The storage is not answering',
    );
  });

  it("a map that is not there opens the 'Loading Error' dialog with 'Back to project'", async () => {
    await serve({ siteMapAnswer: () => refuse(404, 'No such site map') });
    const { router } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Loading Error' });
    expect(dialog.textContent).toContain('Cannot get inspection site maps: No such site map');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to project' }));
    expect(router.state.location.pathname).toBe('/divisions/north-region/projects/p1/active-site-map');
  });
  it('Add Finding offers the inspection’s findings not yet on the map, and places the one picked', async () => {
    const { requests } = await serve({
      findings: [inspectionFinding('p2-src', 3, 'CA'), inspectionFinding('f4', 4, 'MI')],
    });
    open();
    await screen.findByText('Silt fence');
    await userEvent.click(
      within(screen.getByRole('toolbar', { name: 'Map tools' })).getByRole('button', { name: 'Add' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add Finding' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Finding' });
    const existing = await within(dialog).findByRole('group', { name: 'Place an existing finding' });
    // CA #3 is on the map already: only MI #4 is offered.
    expect(
      within(existing)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['MI #4']);
    expect(
      requests.some((r) => r.route === 'GET /api/inspections/{id}/findings' && r.params.id === 'i2'),
    ).toBe(true);
    await userEvent.click(within(existing).getByRole('button', { name: 'MI #4' }));
    const tools = await screen.findByRole('group', { name: 'Drawing tools' });
    expect(tools.textContent).toContain('Place MI #4');
    await userEvent.click(within(tools).getByRole('button', { name: 'Place at the middle of the view' }));
    expect(await screen.findByRole('button', { name: 'map: MI #4' })).toBeTruthy();
    expect(screen.getByTestId('pending-count').textContent).toContain('1 unsaved');
  });

  it('Add Notes offers the project’s notes not on the map; leaving placement of a new note says it was created', async () => {
    await serve({ notes: [mapNote('n0', 'Entrance note')] });
    open();
    await screen.findByText('Silt fence');
    const toolbar = screen.getByRole('toolbar', { name: 'Map tools' });
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Add' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add Notes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Notes' });
    const existing = await within(dialog).findByRole('group', { name: 'Place an existing note' });
    expect(
      within(existing)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Entrance note']);
    await userEvent.clear(within(dialog).getByLabelText(/Title/));
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Gate note');
    await userEvent.type(within(dialog).getByLabelText(/Content/), 'Silt at the gate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create note' }));
    const tools = await screen.findByRole('group', { name: 'Drawing tools' });
    await userEvent.click(within(tools).getByRole('button', { name: 'Select' }));
    expect(await screen.findByText('Gate note was created')).toBeTruthy();
    expect(
      screen.getByText(/It is not on the map\. To place it later: Add Notes, then “Place an existing note”/),
    ).toBeTruthy();
    expect(screen.queryByTestId('pending-count')).toBeNull();
  });

  it('a note created and placed, then discarded with Cancel, says it was created and can be placed later', async () => {
    await serve();
    open();
    await screen.findByText('Silt fence');
    const toolbar = screen.getByRole('toolbar', { name: 'Map tools' });
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Add' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add Notes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Notes' });
    await userEvent.clear(within(dialog).getByLabelText(/Title/));
    await userEvent.type(within(dialog).getByLabelText(/Title/), 'Gate note');
    await userEvent.type(within(dialog).getByLabelText(/Content/), 'Silt at the gate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create note' }));
    const tools = await screen.findByRole('group', { name: 'Drawing tools' });
    await userEvent.click(within(tools).getByRole('button', { name: 'Place at the middle of the view' }));
    expect(screen.getByTestId('pending-count').textContent).toContain('1 unsaved');
    expect(screen.queryByText('Gate note was created')).toBeNull();
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard 1 unsaved change?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    expect(await screen.findByText('Gate note was created')).toBeTruthy();
    expect(screen.queryByTestId('pending-count')).toBeNull();
  });

  it('keyboard focus: Esc on an Add form goes back to Add; placement focuses its bar, the middle-of-view pin the Done', async () => {
    await serve();
    open();
    await screen.findByText('Silt fence');
    const toolbar = screen.getByRole('toolbar', { name: 'Map tools' });
    const addButton = within(toolbar).getByRole('button', { name: 'Add' });
    await userEvent.click(addButton);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add Finding' }));
    await screen.findByRole('dialog', { name: 'Add Finding' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Finding' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(addButton));

    await userEvent.click(addButton);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add Notes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Notes' });
    await userEvent.type(within(dialog).getByLabelText(/Content/), 'Silt at the gate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create note' }));
    const tools = await screen.findByRole('group', { name: 'Drawing tools' });
    await waitFor(() => expect(document.activeElement).toBe(tools));
    // Drawing with nothing drawn: Save and Cancel are disabled, so the selector names the way out.
    expect(screen.getByText('Finish or stop drawing (Select or Esc) to switch')).toBeTruthy();
    await userEvent.click(within(tools).getByRole('button', { name: 'Place at the middle of the view' }));
    const done = await screen.findByRole('button', { name: 'Done' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    // A pin has no points to drag.
    expect(screen.getByText(/^Editing/).textContent).toMatch(/: drag it\.\s*Moving needs/);
    expect(screen.getByText('Save or cancel the map edits to switch')).toBeTruthy();
  });

  it('on a touch screen the drawing hints say Tap, not Click', async () => {
    const before = window.matchMedia;
    window.matchMedia = (query: string) => mediaQueryList(query, query.includes('coarse'));
    try {
      await serve();
      open();
      await screen.findByText('Silt fence');
      await userEvent.click(
        within(screen.getByRole('toolbar', { name: 'Map tools' })).getByRole('button', { name: 'Add' }),
      );
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Add Notes' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Notes' });
      await userEvent.type(within(dialog).getByLabelText(/Content/), 'Silt at the gate');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create note' }));
      const tools = await screen.findByRole('group', { name: 'Drawing tools' });
      expect(within(tools).getByText('Tap the map where it goes.')).toBeTruthy();
    } finally {
      window.matchMedia = before;
    }
  });

  it('items of the same name get a second line (shape, which of them); a phone drawing hides the header lines', async () => {
    const entrance = (id: string, geometry: unknown) =>
      feature(id, 'control_measure', 'Stabilized Construction Entrance', { geometry });
    const box = {
      type: 'rectangle',
      bounds: [
        [10, 10],
        [60, 40],
      ],
    };
    const before = window.matchMedia;
    window.matchMedia = (query: string) => mediaQueryList(query, query.includes('max-width'));
    try {
      await serve({
        features: [
          fence,
          entrance('e1', box),
          entrance('e2', box),
          entrance('e3', {
            type: 'polygon',
            points: [
              [0, 0],
              [50, 0],
              [25, 40],
            ],
          }),
        ],
      });
      open();
      await userEvent.click(await screen.findByRole('button', { name: 'Items' }));
      const items = await screen.findByRole('dialog', { name: 'Map items' });
      expect(
        within(items)
          .getAllByRole('button', { name: /^Locate Stabilized/ })
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual([
        'Locate Stabilized Construction Entrance (Rectangle, 1 of 3) on the map',
        'Locate Stabilized Construction Entrance (Rectangle, 2 of 3) on the map',
        'Locate Stabilized Construction Entrance (Polygon, 3 of 3) on the map',
      ]);
      expect(within(items).getByText('Polygon, 3 of 3')).toBeTruthy();
      expect(within(items).queryByText('Line, 1 of 1')).toBeNull();
      await userEvent.click(within(items).getByRole('button', { name: 'Actions for Silt fence' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Move/Edit' }));
      await screen.findByText(/^Editing/);
      // The map keeps its height: the project line and the last save go while editing on a phone.
      expect(screen.queryByTestId('map-project-name')).toBeNull();
      expect(screen.queryByTestId('map-last-saved')).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Done' }));
      expect(await screen.findByTestId('map-project-name')).toBeTruthy();
    } finally {
      window.matchMedia = before;
    }
  });

  it('a disabled Add choice says why under it', async () => {
    await serve({ features: [fence, finding, feature('p3', 'commentables', 'Gate note')] });
    open();
    await screen.findByText('Silt fence');
    await userEvent.click(
      within(screen.getByRole('toolbar', { name: 'Map tools' })).getByRole('button', { name: 'Add' }),
    );
    const item = await screen.findByRole('menuitem', { name: /Add Notes/ });
    expect(item.textContent).toBe('Add NotesThis map already holds its note');
  });

  it("a sidebar row only locates (no dialog over the highlight); the row's menu opens Details", async () => {
    await serve();
    open();
    const sidebar = await screen.findByTestId('map-sidebar');
    await userEvent.click(await within(sidebar).findByRole('button', { name: 'Locate CA #3 on the map' }));
    expect(screen.queryByTestId('map-feature-detail')).toBeNull();
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Actions for CA #3' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Details' }));
    expect(await screen.findByTestId('map-feature-detail')).toBeTruthy();
  });

  it('a feature dragged off the image goes back, with a message naming it', async () => {
    await serve();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Silt fence' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move/Edit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'drag the selected off the image' }));
    expect(
      await screen.findByText('Silt fence must stay on the map image: it was put back where it was.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('pending-count')).toBeNull();
  });
});

describe('pending edits kept on the device (docs/decisions/0041)', () => {
  const moveFence = async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Silt fence' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move/Edit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'drag the selected' }));
    expect(screen.getByTestId('pending-count').textContent).toContain('1 unsaved');
  };
  /** What a reload does to the screen: it goes, and opens again from the server. */
  const reload = () => {
    cleanup();
    open();
  };

  it('a reload offers the unsaved edits, applied only on Restore and as unsaved; Save sends them and the copy goes', async () => {
    const { requests } = await serve();
    open();
    await moveFence();
    reload();
    const offer = await screen.findByTestId('map-kept-edits');
    expect(offer.textContent).toMatch(
      /^1 unsaved change from \d\d-\d\d-\d{4} \d+:\d\d [AP]M was kept on this device/,
    );
    expect(offer.textContent).not.toContain('saved since');
    // Nothing applied before the choice.
    expect(screen.queryByTestId('pending-count')).toBeNull();
    await userEvent.click(within(offer).getByRole('button', { name: 'Restore' }));
    expect(screen.getByTestId('pending-count').textContent).toContain('1 unsaved');
    expect(screen.queryByTestId('map-kept-edits')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('pending-count')).toBeNull());
    const put = requests.find((r) => r.route.startsWith('PUT /api/positionables'))!;
    expect(put.body).toEqual({
      items: [expect.objectContaining({ positionables_id: 'p1', version: 2, position_x: 210 })],
    });
    expect(readMapEdits('up1_1', 'i2')).toBeNull();
    reload();
    await screen.findByText('Silt fence');
    expect(screen.queryByTestId('map-kept-edits')).toBeNull();
  });

  it('Discard drops the kept edits, and so does Cancel', async () => {
    await serve();
    open();
    await moveFence();
    reload();
    await userEvent.click(
      within(await screen.findByTestId('map-kept-edits')).getByRole('button', { name: 'Discard' }),
    );
    expect(screen.queryByTestId('pending-count')).toBeNull();
    reload();
    await screen.findByText('Silt fence');
    expect(screen.queryByTestId('map-kept-edits')).toBeNull();

    await moveFence();
    expect(readMapEdits('up1_1', 'i2')!.edits.length).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    // Cancel asks first: Keep editing keeps them.
    const ask = await screen.findByRole('dialog', { name: 'Discard 1 unsaved change?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByTestId('pending-count').textContent).toContain('1 unsaved');
    expect(readMapEdits('up1_1', 'i2')!.edits.length).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Discard 1 unsaved change?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('pending-count')).toBeNull());
    expect(readMapEdits('up1_1', 'i2')).toBeNull();
  });

  it('restored over a map saved since, the save is refused as stale and offers Keep mine / Use theirs', async () => {
    await serveApi([
      [mapRoutes.getSiteMap, () => ok(mapRoutes.getSiteMap, siteMap)],
      [mapRoutes.listSiteMapInspections, () => page(mapRoutes.listSiteMapInspections, inspections, 50)],
      [mapRoutes.listPositionables, () => page(mapRoutes.listPositionables, [fence], 500)],
      [mapRoutes.listMapNotes, () => page(mapRoutes.listMapNotes, [], 50)],
      [
        mapRoutes.updatePositionables,
        () => refuse(409, 'Someone else changed this feature meanwhile: Silt fence'),
      ],
    ]);
    open();
    await screen.findByText('Silt fence');
    // Kept by this user on an earlier visit, over version 1 and an earlier save.
    const older = { ...draftOf(fence as never), version: 1 };
    storeMapEdits(
      'up1_1',
      'i2',
      changeFeature(EMPTY_EDITS, older, { ...older, position_x: 150 }),
      '2026-03-01T08:00:00.000Z',
    );
    reload();
    const offer = await screen.findByTestId('map-kept-edits');
    expect(offer.textContent).toContain('The map has been saved since.');
    await userEvent.click(within(offer).getByRole('button', { name: 'Restore' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const conflict = await screen.findByTestId('map-conflict');
    expect(conflict.textContent).toContain('Silt fence: changed by someone else');
    expect(within(conflict).getByRole('button', { name: /Keep mine/ })).toBeTruthy();
    expect(within(conflict).getByRole('button', { name: 'Use theirs' })).toBeTruthy();
  });

  it('a map that can no longer change offers only to discard them', async () => {
    await serve();
    open('Inspector', '/divisions/north-region/projects/p1/map/up1_1/edit?from=inspection&inspectionId=i1');
    await screen.findByTestId('map-read-only');
    const kept = { ...draftOf(fence as never) };
    storeMapEdits('up1_1', 'i1', changeFeature(EMPTY_EDITS, kept, { ...kept, position_x: 150 }), T);
    cleanup();
    open('Inspector', '/divisions/north-region/projects/p1/map/up1_1/edit?from=inspection&inspectionId=i1');
    const offer = await screen.findByTestId('map-kept-edits');
    expect(offer.textContent).toContain('This map can no longer change, so it cannot be saved.');
    expect(within(offer).queryByRole('button', { name: 'Restore' })).toBeNull();
    await userEvent.click(within(offer).getByRole('button', { name: 'Discard' }));
    expect(readMapEdits('up1_1', 'i1')).toBeNull();
  });
});
