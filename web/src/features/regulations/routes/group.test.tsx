import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { legendItemsRoutes } from '@stormline/contract/areas/legend-items';
import { regulationsRoutes } from '@stormline/contract/areas/regulations';
import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { defaultMapSymbol } from '@stormline/domain/map-symbol';
import { forgetListPlaces } from '../../../lib/list/list-places';
import { ok, refuse, serveApi, type ServedRequest } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import GroupRoute from './group';

const GROUP = {
  id: 'permit',
  name: 'Construction General Permit',
  num_documents: 20,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-05T10:00:00.000Z',
  version: 3,
};

const doc = (n: number) => ({
  id: `doc-${n}`,
  GUID: `guid-${n}`,
  name: `Part ${n}.pdf`,
  mime_type: 'application/pdf',
  size: 1000 + n,
  width: null,
  height: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  version: 0,
});

const legendItem = (id: string, name: string, type: 'control_measure' | 'pollutant') => ({
  id,
  name,
  type,
  groups: ['permit'],
  document_groups: [{ id: 'permit', name: GROUP.name }],
  map_symbol: defaultMapSymbol(type),
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  version: 0,
});

/** The group's documents in two pages of the route's page size, as the server answers them. */
const documentsPage = (request: ServedRequest) =>
  ok(uploadsRoutes.listGroupUploads, {
    pageData: request.query.get('cursor')
      ? [18, 19, 20].map(doc)
      : Array.from({ length: 17 }, (_, i) => doc(i + 1)),
    paginationState: { pageSize: 17, numModels: 20, nextCursor: request.query.get('cursor') ? null : 'next' },
  });

const openGroup = (
  url = '/divisions/north-region/groups/permit',
  role: Parameters<typeof profileOf>[0] = 'Admin',
) =>
  renderScreen(<GroupRoute />, {
    url,
    path: '/divisions/:divisionId/groups/:groupId',
    profile: profileOf(role),
    divisionId: 'north-region',
  });

beforeEach(() => forgetListPlaces());

// Whole screens with modals: slow on a busy machine, so more than the default 5 s.
describe('a regulation group', { timeout: 20_000 }, () => {
  it('shows its title, count and date, and 15 regulation documents before Show More, read across pages', async () => {
    await serveApi([
      [regulationsRoutes.getGroup, () => ok(regulationsRoutes.getGroup, GROUP)],
      [uploadsRoutes.listGroupUploads, documentsPage],
    ]);
    openGroup();
    expect(await screen.findByRole('heading', { name: GROUP.name, level: 1 })).toBeTruthy();
    expect(screen.getByTestId('group-document-count').textContent).toBe('20');
    expect(screen.getByText('03-05-2026')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Regulations' }).getAttribute('aria-selected')).toBe('true');

    const list = await screen.findByRole('list', { name: 'Regulation documents' });
    expect(within(list).getAllByTestId('document-row')).toHaveLength(15);
    await userEvent.click(screen.getByRole('button', { name: 'Show More (5)' }));
    expect(
      within(list)
        .getAllByTestId('document-row')
        .map((row) => row.textContent),
    ).toContain(`Part 20.pdfPDF · 1020 B · Modified 03-02-2026`);
  });

  it("renames the group: 'Regulation name cannot be empty', then saves with the version read", async () => {
    const { requests } = await serveApi([
      [regulationsRoutes.getGroup, () => ok(regulationsRoutes.getGroup, GROUP)],
      [uploadsRoutes.listGroupUploads, documentsPage],
      [
        regulationsRoutes.updateGroup,
        () => ok(regulationsRoutes.updateGroup, { ...GROUP, name: 'CGP 2027', version: 4 }),
      ],
      [
        regulationsRoutes.listGroups,
        () =>
          ok(regulationsRoutes.listGroups, {
            pageData: [],
            paginationState: { pageSize: 25, numModels: 0, nextCursor: null },
          }),
      ],
    ]);
    openGroup();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit regulation' });
    const name = within(dialog).getByLabelText(/Regulation name/);
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Regulation name cannot be empty')).toBeTruthy();
    await userEvent.type(name, 'CGP 2027');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'CGP 2027', level: 1 })).toBeTruthy();
    expect(requests.find((r) => r.route === regulationsRoutes.updateGroup.key)?.body).toEqual({
      name: 'CGP 2027',
      version: 3,
    });
  });

  it("deletes the group only once 'Yes, I understand' is ticked, then returns to the list", async () => {
    await serveApi([
      [regulationsRoutes.getGroup, () => ok(regulationsRoutes.getGroup, GROUP)],
      [uploadsRoutes.listGroupUploads, documentsPage],
      [
        regulationsRoutes.deleteGroup,
        () => ok(regulationsRoutes.deleteGroup, { id: 'permit', destroyed: false }),
      ],
      [
        regulationsRoutes.listGroups,
        () =>
          ok(regulationsRoutes.listGroups, {
            pageData: [],
            paginationState: { pageSize: 25, numModels: 0, nextCursor: null },
          }),
      ],
    ]);
    const { router } = openGroup();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete regulation' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Yes, I understand' }));
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/divisions/north-region/groups'));
  });

  it("shows the server's message in the dialog when the delete is refused", async () => {
    await serveApi([
      [regulationsRoutes.getGroup, () => ok(regulationsRoutes.getGroup, GROUP)],
      [uploadsRoutes.listGroupUploads, documentsPage],
      [regulationsRoutes.deleteGroup, () => refuse(403, 'Your role does not allow delete on Regulations')],
    ]);
    openGroup();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete regulation' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Yes, I understand' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Your role does not allow delete on Regulations',
    );
    expect(screen.getByRole('dialog', { name: 'Delete regulation' })).toBeTruthy();
  });

  it('lists on the BMP tab the legend items that list the group, each with 3 documents before Show More', async () => {
    const { requests } = await serveApi([
      [regulationsRoutes.getGroup, () => ok(regulationsRoutes.getGroup, GROUP)],
      [
        legendItemsRoutes.listLegendItems,
        () =>
          ok(legendItemsRoutes.listLegendItems, {
            pageData: [
              legendItem('silt', 'Silt Fence', 'control_measure'),
              legendItem('washout', 'Concrete Washout', 'pollutant'),
            ],
            paginationState: { pageSize: 25, numModels: 2, nextCursor: null },
          }),
      ],
      [
        legendItemsRoutes.listGroupLegendItemUploads,
        () =>
          ok(legendItemsRoutes.listGroupLegendItemUploads, {
            items: [
              { legendItemId: 'silt', uploads: [1, 2, 3, 4].map(doc) },
              { legendItemId: 'washout', uploads: [] },
            ],
          }),
      ],
    ]);
    openGroup('/divisions/north-region/groups/permit?tab=bmp');
    const silt = await screen.findByRole('region', { name: 'Silt Fence' });
    expect(within(silt).getByText('Control measure')).toBeTruthy();
    expect(await within(silt).findAllByTestId('document-row')).toHaveLength(3);
    expect(within(silt).getByRole('button', { name: 'Show More (1)' })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Concrete Washout' })).getByText('No documents found'),
    ).toBeTruthy();

    const list = requests.find((r) => r.route === legendItemsRoutes.listLegendItems.key)!;
    expect(list.query.get('documentGroupId')).toBe('permit');
    const uploads = requests.find((r) => r.route === legendItemsRoutes.listGroupLegendItemUploads.key)!;
    expect(uploads.params).toEqual({ id: 'permit' });
    expect(uploads.query.get('LegendItemIds')).toBe('silt,washout');
  });

  it("says 'Resource listing is not permitted.' on a BMP tab the role may not read", async () => {
    await serveApi([
      [regulationsRoutes.getGroup, () => ok(regulationsRoutes.getGroup, GROUP)],
      [legendItemsRoutes.listLegendItems, () => refuse(403, 'Your role does not allow read on Legend Item')],
    ]);
    openGroup('/divisions/north-region/groups/permit?tab=bmp');
    expect(await screen.findByText('Resource listing is not permitted.')).toBeTruthy();
  });

  it('offers an inspector no Edit, Delete, upload, drag, rename or replace, but the download the server allows', async () => {
    await serveApi([
      [regulationsRoutes.getGroup, () => ok(regulationsRoutes.getGroup, GROUP)],
      [uploadsRoutes.listGroupUploads, documentsPage],
    ]);
    openGroup(undefined, 'Inspector');
    await screen.findByRole('list', { name: 'Regulation documents' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload Document' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reorder/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Part 1.pdf' }));
    expect(screen.getByRole('menuitem', { name: 'Download' })).toBeTruthy();
    // Renaming and replacing need update Regulations too (ADR 0015), which an inspector lacks.
    expect(screen.queryByRole('menuitem', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Replace' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });
});
