import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { legendItemsRoutes } from '@stormline/contract/areas/legend-items';
import { regulationsRoutes } from '@stormline/contract/areas/regulations';
import { defaultMapSymbol } from '@stormline/domain/map-symbol';
import { forgetListPlaces } from '../../../lib/list/list-places';
import { emptyPage, ok, refuse, serveApi, type ServedRequest } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import LegendItemsRoute from './legend-items';

const GROUPS = [
  { id: 'permit', name: 'Construction General Permit' },
  { id: 'bmp', name: 'BMP Manual' },
];

const item = (overrides: Record<string, unknown> = {}) => ({
  id: 'silt',
  name: 'Silt Fence',
  type: 'control_measure',
  groups: ['bmp'],
  document_groups: [{ id: 'bmp', name: 'BMP Manual' }],
  map_symbol: defaultMapSymbol('control_measure'),
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  version: 2,
  ...overrides,
});

const detail = (overrides: Record<string, unknown> = {}) => ({ ...item(overrides), uploads: [] });

const groupsPage = () =>
  ok(regulationsRoutes.listGroups, {
    pageData: GROUPS.map((g) => ({
      ...g,
      num_documents: 0,
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
      version: 0,
    })),
    paginationState: { pageSize: 25, numModels: 2, nextCursor: null },
  });

const listOf = (rows: unknown[]) => () =>
  ok(legendItemsRoutes.listLegendItems, {
    pageData: rows,
    paginationState: { pageSize: 25, numModels: rows.length, nextCursor: null },
  });

const openLegend = (role: Parameters<typeof profileOf>[0] = 'Admin') =>
  renderScreen(<LegendItemsRoute />, {
    url: '/divisions/north-region/map-legend',
    path: '/divisions/:divisionId/map-legend',
    profile: profileOf(role),
    divisionId: 'north-region',
  });

const body = (requests: ServedRequest[], route: { key: string }) =>
  requests.find((request) => request.route === route.key)?.body;

beforeEach(() => forgetListPlaces());

// Whole screens with modals: slow on a busy machine, so more than the default 5 s.
describe('the map legend', { timeout: 20_000 }, () => {
  it('lists Name and Map Symbol, and searches with Search Map Legend', async () => {
    const { requests } = await serveApi([[legendItemsRoutes.listLegendItems, listOf([item()])]]);
    openLegend();
    const table = await screen.findByRole('table', { name: 'Legend items' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Map Symbol', 'Actions']);
    expect(await within(table).findByRole('button', { name: 'Silt Fence' })).toBeTruthy();
    expect(
      within(table).getByRole('img', { name: 'Map symbol: single solid line, #000000, width 5' }),
    ).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search Map Legend' }), 'Silt');
    await waitFor(() => expect(requests.at(-1)?.query.get('s')).toBe('Silt'));
  });

  it("says 'No legend items found' and 'Resource listing is not permitted.'", async () => {
    await serveApi([[legendItemsRoutes.listLegendItems, () => emptyPage(legendItemsRoutes.listLegendItems)]]);
    const first = openLegend();
    expect(await screen.findByText('No legend items found')).toBeTruthy();
    first.unmount();
    await serveApi([
      [legendItemsRoutes.listLegendItems, () => refuse(403, 'Your role does not allow read on Legend Item')],
    ]);
    openLegend();
    expect(await screen.findByText('Resource listing is not permitted.')).toBeTruthy();
  });

  it('creates an item: the name is required, the type and regulations are sent, the symbol is left to the defaults', async () => {
    const washout = item({
      id: 'washout',
      name: 'Concrete Washout',
      type: 'pollutant',
      groups: ['permit'],
      document_groups: [GROUPS[0]],
      map_symbol: defaultMapSymbol('pollutant'),
      version: 0,
    });
    const { requests } = await serveApi([
      [legendItemsRoutes.listLegendItems, listOf([])],
      [regulationsRoutes.listGroups, groupsPage],
      [legendItemsRoutes.createLegendItem, () => ok(legendItemsRoutes.createLegendItem, washout)],
      [
        legendItemsRoutes.getLegendItem,
        () => ok(legendItemsRoutes.getLegendItem, { ...washout, uploads: [] }),
      ],
    ]);
    openLegend();
    await userEvent.click(await screen.findByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Legend Item' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Concrete Washout');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Pollutant' }));
    // The preview follows the type's defaults: a pollutant is an area.
    expect(within(dialog).getByRole('img', { name: /Map symbol: polygon, solid fill #999999/ })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Regulations' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Construction General Permit' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    // Created: the same modal now edits the new item, where its documents can be added.
    expect(await screen.findByRole('dialog', { name: 'Edit Legend Item' })).toBeTruthy();
    expect(await screen.findByText('No documents found')).toBeTruthy();
    expect(body(requests, legendItemsRoutes.createLegendItem)).toEqual({
      name: 'Concrete Washout',
      type: 'pollutant',
      groups: ['permit'],
      map_symbol: null,
    });
  });

  it('shows an item read-only with its regulations and symbol, and Edit only with update Legend Item', async () => {
    await serveApi([
      [legendItemsRoutes.listLegendItems, listOf([item()])],
      [legendItemsRoutes.getLegendItem, () => ok(legendItemsRoutes.getLegendItem, detail())],
    ]);
    openLegend('Inspector');
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Silt Fence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Legend Item' });
    const view = await within(dialog).findByTestId('legend-item-view');
    expect(within(view).getByText('BMP Manual')).toBeTruthy();
    expect(within(view).getByText('Control measure')).toBeTruthy();
    expect(within(view).queryByRole('textbox')).toBeNull();
    expect(within(view).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(view).queryByRole('button', { name: 'Upload Document' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Silt Fence' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Silt Fence' })).toBeNull();
  });

  it('edits an item with the version read; a symbol still at its defaults follows a change of type', async () => {
    const { requests } = await serveApi([
      [legendItemsRoutes.listLegendItems, listOf([item()])],
      [regulationsRoutes.listGroups, groupsPage],
      [legendItemsRoutes.getLegendItem, () => ok(legendItemsRoutes.getLegendItem, detail())],
      [
        legendItemsRoutes.updateLegendItem,
        (request) =>
          ok(legendItemsRoutes.updateLegendItem, item({ ...(request.body as object), version: 3 })),
      ],
    ]);
    openLegend();
    await userEvent.click(await screen.findByRole('button', { name: 'Silt Fence' }));
    const view = await screen.findByRole('dialog', { name: 'Legend Item' });
    await userEvent.click(await within(view).findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Legend Item' });
    const name = (await within(dialog).findByRole('textbox', { name: /^Name/ })) as HTMLInputElement;
    expect(name.value).toBe('Silt Fence');
    await userEvent.clear(name);
    await userEvent.type(name, 'Silt Fence (double)');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Pollutant' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(body(requests, legendItemsRoutes.updateLegendItem)).toEqual({
      name: 'Silt Fence (double)',
      type: 'pollutant',
      groups: ['bmp'],
      map_symbol: defaultMapSymbol('pollutant'),
      version: 2,
    });
  });

  it('edits the map symbol in the modal: a hatch area is saved, and no longer follows the type', async () => {
    const { requests } = await serveApi([
      [legendItemsRoutes.listLegendItems, listOf([item()])],
      [regulationsRoutes.listGroups, groupsPage],
      [legendItemsRoutes.getLegendItem, () => ok(legendItemsRoutes.getLegendItem, detail())],
      [
        legendItemsRoutes.updateLegendItem,
        (request) =>
          ok(legendItemsRoutes.updateLegendItem, item({ ...(request.body as object), version: 3 })),
      ],
    ]);
    openLegend();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Silt Fence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Legend Item' });
    const symbol = await within(dialog).findByRole('group', { name: 'Map symbol' });
    const choose = (group: string, option: string) =>
      userEvent.click(
        within(within(symbol).getByRole('radiogroup', { name: group })).getByRole('radio', { name: option }),
      );
    await choose('Drawn as', 'Polygon');
    await choose('Fill type', 'Hatch');
    expect(
      within(symbol).getByRole('img', { name: /^Map symbol: polygon, hatch fill #999999/ }),
    ).toBeTruthy();
    // A symbol of one's own stays what it is when the type changes.
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Pollutant' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Control measure' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = body(requests, legendItemsRoutes.updateLegendItem) as { map_symbol: unknown };
    expect(sent.map_symbol).toEqual({
      ...defaultMapSymbol('control_measure'),
      editor: 3,
      area: { ...defaultMapSymbol('control_measure').area, fillType: 'hatch' },
    });
  });

  it('deletes an item after its confirmation', async () => {
    const { requests } = await serveApi([
      [legendItemsRoutes.listLegendItems, listOf([item()])],
      [legendItemsRoutes.deleteLegendItem, () => ok(legendItemsRoutes.deleteLegendItem, { id: 'silt' })],
    ]);
    openLegend();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Silt Fence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete legend item' });
    expect(dialog.textContent).toContain('Are you sure you want to delete Silt Fence?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      requests.some((r) => r.route === legendItemsRoutes.deleteLegendItem.key && r.params.id === 'silt'),
    ).toBe(true);
  });
});
