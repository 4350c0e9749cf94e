import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { uploadsRoutes } from '@stormline/contract/areas/uploads';
import { CONVERSION_MESSAGES } from '@stormline/domain/site-maps';
import { ok, serveApi } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import { SiteMapPages } from './site-map-pages';

const page = (n: number) => ({
  id: `page-${n}`,
  GUID: `page-${n}-guid`,
  upload_id: 'map-1',
  name: 'Site map.pdf',
  page: n,
  width: 4000,
  height: 2828,
  thumbnail: { GUID: `thumb-${n}`, width: 450, height: 318, url: `https://storage.example/thumb-${n}.png` },
  createdAt: '2026-03-02T09:30:00.000Z',
  deletedAt: null,
});

const siteMaps = (
  conversion: Record<string, unknown>,
  pages: ReturnType<typeof page>[],
  pagesNotInFile: { page: number; features: number }[] = [],
) =>
  ok(projectsRoutes.listSiteMaps, {
    pageData: [
      {
        id: 'map-1',
        GUID: 'map-1-guid',
        name: 'Site map.pdf',
        mime_type: 'application/pdf',
        conversion: {
          uploadId: 'map-1',
          updatedAt: '2026-03-02T09:30:00.000Z',
          message: null,
          ...conversion,
        } as never,
        pages,
        pagesNotInFile,
      },
    ],
    paginationState: { pageSize: 20, numModels: null, nextCursor: null },
  });

const open = (canConvert = true) =>
  renderScreen(
    <SiteMapPages divisionId="north-region" projectId="p1" uploadId="map-1" canConvert={canConvert} />,
    {
      url: '/divisions/north-region/projects/p1/active-site-map',
      profile: profileOf('Admin'),
      divisionId: 'north-region',
    },
  );

describe('a site map’s pages (spec 002 §4, §8)', () => {
  it('shows a finished conversion’s page thumbnails, as stored', async () => {
    await serveApi([
      [
        projectsRoutes.listSiteMaps,
        () => siteMaps({ status: 'done', completed: 2, total: 2 }, [page(1), page(2)]),
      ],
    ]);
    open();
    expect(await screen.findByRole('img', { name: 'Site map.pdf, page 2' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Site map.pdf, page 1' })).toBeTruthy();
    // Finished: it says so (no socket wanted), and each page reads as the way into its map.
    expect(screen.getByRole('status').textContent).toBe('Converted: 2 pages');
    expect(
      screen
        .getAllByRole('link', { name: /^Open map, page \d: Site map\.pdf, page \d, in the map editor$/ })
        .map((link) => link.textContent),
    ).toEqual(['Open map, page 1', 'Open map, page 2']);
  });

  it('says what was placed on pages a shorter replacement file does not have, and how to show it again', async () => {
    await serveApi([
      [
        projectsRoutes.listSiteMaps,
        () =>
          siteMaps(
            { status: 'done', completed: 1, total: 1 },
            [page(1)],
            [
              { page: 2, features: 3 },
              { page: 3, features: 1 },
            ],
          ),
      ],
    ]);
    open();
    expect(await screen.findByText('Map features on pages this file does not have')).toBeTruthy();
    expect(screen.getByText(/^This file has 1 page\./).textContent).toBe(
      'This file has 1 page. What was placed on page 2 (3 features), page 3 (1 feature) is kept but does not show. Replace the file with one that has those pages to show it again.',
    );
  });

  it('shows an error with its message, and Convert again queues it for a user who may', async () => {
    const { requests } = await serveApi([
      [
        projectsRoutes.listSiteMaps,
        () =>
          siteMaps({ status: 'error', completed: 0, total: 0, message: CONVERSION_MESSAGES.encrypted }, []),
      ],
      [
        uploadsRoutes.convertUpload,
        () =>
          ok(uploadsRoutes.convertUpload, {
            uploadId: 'map-1',
            status: 'queued',
            completed: 0,
            total: 0,
            message: null,
            updatedAt: '2026-03-02T09:31:00.000Z',
          }),
      ],
    ]);
    open();
    expect(await screen.findByText(CONVERSION_MESSAGES.encrypted)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Convert again' }));
    expect(await screen.findByText(/Queued for conversion|connecting to server/)).toBeTruthy();
    expect(requests.find((r) => r.route === uploadsRoutes.convertUpload.key)?.params).toEqual({
      id: 'map-1',
    });
  });

  it('offers Convert for a site map never converted (review 20 #11), only to a user who may', async () => {
    const neverConverted = () =>
      ok(projectsRoutes.listSiteMaps, {
        pageData: [
          {
            id: 'map-1',
            GUID: 'map-1-guid',
            name: 'Site map.pdf',
            mime_type: 'application/pdf',
            conversion: null,
            pages: [],
            pagesNotInFile: [],
          },
        ],
        paginationState: { pageSize: 20, numModels: null, nextCursor: null },
      });
    const { requests } = await serveApi([
      [projectsRoutes.listSiteMaps, neverConverted],
      [
        uploadsRoutes.convertUpload,
        () =>
          ok(uploadsRoutes.convertUpload, {
            uploadId: 'map-1',
            status: 'queued',
            completed: 0,
            total: 0,
            message: null,
            updatedAt: '2026-03-02T09:31:00.000Z',
          }),
      ],
    ]);
    const view = open();
    expect(await screen.findByText('Not converted yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByText(/Queued for conversion|connecting to server/)).toBeTruthy();
    expect(requests.some((r) => r.route === uploadsRoutes.convertUpload.key)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Convert' })).toBeNull();
    view.unmount();

    open(false);
    expect(await screen.findByText('Not converted yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Convert' })).toBeNull();
  });

  it('offers no Convert again to a user who may not convert', async () => {
    await serveApi([
      [
        projectsRoutes.listSiteMaps,
        () => siteMaps({ status: 'error', completed: 0, total: 0, message: 'Broken' }, []),
      ],
    ]);
    open(false);
    expect(await screen.findByText('Broken')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Convert again' })).toBeNull();
  });
});
