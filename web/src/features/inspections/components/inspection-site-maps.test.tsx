import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { ok, refuse, serveApi } from '../../../testing/api';
import type { ServedRequest } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import { InspectionSiteMaps } from './inspection-site-maps';

const sitePage = (name: string, n: number) => {
  const slug = name.replace(/[^A-Za-z0-9]/g, '-');
  return {
    id: `${slug}-${n}`,
    GUID: `${slug}-${n}-guid`,
    upload_id: `${slug}-upload`,
    name,
    page: n,
    width: 4000,
    height: 2828,
    thumbnail: {
      GUID: `${slug}-${n}-thumb`,
      width: 450,
      height: 318,
      url: `https://storage.example/${slug}-${n}.png`,
    },
    createdAt: '2026-03-02T09:30:00.000Z',
    deletedAt: null,
  };
};

/** The list as the server pages it: `pages[i]` answers the i-th cursor ('' first). */
function paged(pages: ReturnType<typeof sitePage>[][]) {
  return (request: ServedRequest) => {
    const index = Number(request.query.get('cursor')?.replace('cursor', '') ?? '0');
    return ok(projectsRoutes.listInspectionSiteMaps, {
      pageData: pages[index] ?? [],
      paginationState: {
        pageSize: 50,
        numModels: null,
        nextCursor: index + 1 < pages.length ? `cursor${index + 1}` : null,
      },
    });
  };
}

const open = () =>
  renderScreen(
    <InspectionSiteMaps
      divisionId="north-region"
      projectId="p1"
      inspectionId="i1"
      uploadHref="/divisions/north-region/projects/p1/project-docs"
    />,
    {
      url: '/divisions/north-region/projects/p1/inspections/i1',
      profile: profileOf('Admin'),
      divisionId: 'north-region',
    },
  );

describe('the inspection’s Map tab (spec 002 §2, review 20 #3)', () => {
  it('reads on past empty pages instead of saying there are none', async () => {
    await serveApi([
      [projectsRoutes.listInspectionSiteMaps, paged([[], [], [sitePage('North plan.pdf', 1)]])],
    ]);
    open();
    expect(await screen.findByRole('img', { name: 'North plan.pdf, page 1' })).toBeTruthy();
    expect(screen.queryByText(/No active site maps yet/)).toBeNull();
  });

  it('shows later pages with Show more', async () => {
    await serveApi([
      [
        projectsRoutes.listInspectionSiteMaps,
        paged([[sitePage('Sheet A.pdf', 1)], [sitePage('Sheet B.pdf', 1)]]),
      ],
    ]);
    open();
    expect(await screen.findByRole('img', { name: 'Sheet A.pdf, page 1' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Sheet B.pdf, page 1' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('img', { name: 'Sheet B.pdf, page 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says there are none, with the upload prompt, only at the end of the list', async () => {
    await serveApi([[projectsRoutes.listInspectionSiteMaps, paged([[], []])]]);
    open();
    expect(await screen.findByText(/No active site maps yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload one in the project’s documents.' })).toBeTruthy();
  });

  it('says the spec’s words when the site maps cannot be read (spec 002 §8)', async () => {
    await serveApi([[projectsRoutes.listInspectionSiteMaps, () => refuse(500, 'boom')]]);
    open();
    expect(await screen.findByText('Cannot get inspection site maps')).toBeTruthy();
  });
});
