import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import type { RoleName } from '@stormline/domain/roles';
import { ok, serveApi } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import { ProjectDocumentsTab } from './documents-tab';

const doc = (name: string) => ({
  id: name.replace(/\W/g, '-'),
  GUID: `${name.replace(/\W/g, '-')}-guid`,
  name,
  mime_type: 'application/pdf',
  size: 2048,
  width: null,
  height: null,
  createdAt: '2026-03-02T09:30:00.000Z',
  updatedAt: '2026-03-02T09:30:00.000Z',
  version: 0,
});

const answer = ok(projectsRoutes.listProjectDocs, {
  docTypes: [
    { id: 'active-site-maps', name: 'Active Site Maps', documents: [doc('Site map.pdf')], nextCursor: null },
    { id: 'swmp', name: 'SWMP', documents: [doc('SWMP.pdf')], nextCursor: null },
    { id: 'permits', name: 'Permits', documents: [], nextCursor: null },
  ],
});

const open = (
  siteMaps: boolean,
  { role = 'Inspector', readOnly = false }: { role?: RoleName; readOnly?: boolean } = {},
) =>
  renderScreen(
    <ProjectDocumentsTab divisionId="north-region" projectId="p1" siteMaps={siteMaps} readOnly={readOnly} />,
    {
      url: '/divisions/north-region/projects/p1/project-docs',
      profile: profileOf(role),
      divisionId: 'north-region',
    },
  );

/** The names of the actions a document's menu offers. */
async function menuOf(name: string): Promise<string[]> {
  await userEvent.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  return items;
}

afterEach(() => vi.unstubAllGlobals());

describe('the project documents tabs', { timeout: 20_000 }, () => {
  it('lists every kept type but the site maps; an Inspector uploads, renames and replaces, and deletes nothing', async () => {
    await serveApi([[projectsRoutes.listProjectDocs, () => answer]]);
    open(false);
    expect(await screen.findByRole('heading', { name: 'SWMP' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Permits' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Active Site Maps' })).toBeNull();
    expect(screen.getByText('SWMP.pdf')).toBeTruthy();
    expect(screen.getByText('No documents')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Upload Document' })).toHaveLength(2);
    expect(screen.getAllByTestId('upload-limits')[0]!.textContent).toBe(
      'PDF, PNG or JPEG, up to 75 MB; images at least 50x50 pixels',
    );
    expect(await menuOf('SWMP.pdf')).toEqual(['View', 'Download', 'Print', 'Edit', 'Rename', 'Replace']);
    expect(screen.queryByText(/^Pages of/)).toBeNull();
  });

  it('shows only the site maps on the Active Site Map tab, with their limits and the conversion’s place', async () => {
    await serveApi([[projectsRoutes.listProjectDocs, () => answer]]);
    open(true, { role: 'Admin' });
    expect(await screen.findByText('Site map.pdf')).toBeTruthy();
    expect(screen.queryByText('SWMP.pdf')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload Site Map' })).toBeTruthy();
    expect(screen.getByTestId('upload-limits').textContent).toBe(
      'PDF, PNG or JPEG, up to 75 MB; images at least 1000x1000 pixels',
    );
    expect(await menuOf('Site map.pdf')).toContain('Delete');
    expect(screen.getByText('Pages of Site map.pdf')).toBeTruthy();
  });

  it('hides the site-map delete from the roles spec 002 §6 lists, not their other deletes', async () => {
    await serveApi([[projectsRoutes.listProjectDocs, () => answer]]);
    open(true, { role: 'Regional Manager' });
    expect(await menuOf(await screen.findByText('Site map.pdf').then((el) => el.textContent!))).toEqual([
      'View',
      'Download',
      'Print',
      'Edit',
      'Rename',
      'Replace',
    ]);
    cleanup();
    open(false, { role: 'Regional Manager' });
    expect(await menuOf(await screen.findByText('SWMP.pdf').then((el) => el.textContent!))).toContain(
      'Delete',
    );
  });

  it('offers a Client User and an archived project nothing but the download', async () => {
    await serveApi([[projectsRoutes.listProjectDocs, () => answer]]);
    open(false, { role: 'Client User' });
    await screen.findByText('SWMP.pdf');
    expect(screen.queryByRole('button', { name: /^Reorder |Upload/ })).toBeNull();
    expect(await menuOf('SWMP.pdf')).toEqual(['View', 'Download', 'Print']);
    cleanup();
    open(true, { role: 'Admin', readOnly: true });
    expect(await menuOf(await screen.findByText('Site map.pdf').then((el) => el.textContent!))).toEqual([
      'View',
      'Download',
      'Print',
    ]);
    expect(screen.queryByRole('button', { name: /^Reorder |Upload/ })).toBeNull();
    cleanup();
    // The public view downloads: the viewer is a signed-in screen with no public twin.
    open(false, { role: 'Public', readOnly: true });
    expect(await menuOf(await screen.findByText('SWMP.pdf').then((el) => el.textContent!))).toEqual([
      'Download',
      'Print',
    ]);
  });

  it("refuses a 900x900 image as a site map before sending it, with the spec's message", async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 900, height: 900, close: () => {} })),
    );
    const { requests } = await serveApi([
      [projectsRoutes.listProjectDocs, () => answer],
      [uploadsRoutes.createUpload, () => ({ status: 500, body: { message: 'not expected' } })],
    ]);
    open(true, { role: 'Admin' });
    const button = await screen.findByRole('button', { name: 'Upload Site Map' });
    const input = button.parentElement!.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File([new Uint8Array(100)], 'small-map.png', { type: 'image/png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByTestId('upload-failure-message').textContent).toBe(
      'small-map.png dimensions do not meet the minimum size of 1000x1000',
    );
    expect(requests.some((r) => r.route === 'POST /api/uploads')).toBe(false);
  });

  it('reads a type’s next page on Load more, until there is none', async () => {
    const { requests } = await serveApi([
      [
        projectsRoutes.listProjectDocs,
        (request) =>
          request.query.get('cursor')
            ? ok(projectsRoutes.listProjectDocs, {
                docTypes: [
                  { id: 'swmp', name: 'SWMP', documents: [doc('SWMP rev 2.pdf')], nextCursor: null },
                ],
              })
            : ok(projectsRoutes.listProjectDocs, {
                docTypes: [{ id: 'swmp', name: 'SWMP', documents: [doc('SWMP.pdf')], nextCursor: 'page-2' }],
              }),
      ],
    ]);
    open(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more SWMP documents' }));
    expect(await screen.findByText('SWMP rev 2.pdf')).toBeTruthy();
    expect(screen.getByText('SWMP.pdf')).toBeTruthy();
    expect(requests.at(-1)?.query.get('docTypeId')).toBe('swmp');
    expect(requests.at(-1)?.query.get('cursor')).toBe('page-2');
    expect(screen.queryByRole('button', { name: 'Load more SWMP documents' })).toBeNull();
  });
});
