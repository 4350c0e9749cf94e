import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { projectsRoutes } from '@stormline/contract/areas/projects';
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

const open = (siteMaps: boolean) =>
  renderScreen(<ProjectDocumentsTab divisionId="north-region" projectId="p1" siteMaps={siteMaps} />, {
    url: '/divisions/north-region/projects/p1/project-docs',
    profile: profileOf('Inspector'),
    divisionId: 'north-region',
  });

describe('the project documents tabs (read-only until the site-map issue)', () => {
  it('lists every kept type but the site maps, with no upload, sort, rename or delete', async () => {
    await serveApi([[projectsRoutes.listProjectDocs, () => answer]]);
    open(false);
    expect(await screen.findByRole('heading', { name: 'SWMP' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Permits' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Active Site Maps' })).toBeNull();
    expect(screen.getByText('SWMP.pdf')).toBeTruthy();
    expect(screen.getByText('No documents')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Reorder |Upload/ })).toBeNull();
  });

  it('shows only the site maps on the Active Site Map tab', async () => {
    await serveApi([[projectsRoutes.listProjectDocs, () => answer]]);
    open(true);
    expect(await screen.findByText('Site map.pdf')).toBeTruthy();
    expect(screen.queryByText('SWMP.pdf')).toBeNull();
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
