import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { ok, serveApi } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import PostStormRoute, { ALL_REQUIRED } from './post-storm';

const questions = ok(projectsRoutes.getPostStormQuestions, {
  projects: [
    {
      id: 'p1',
      name: 'Ouse Culvert',
      clientName: 'Ouse Client',
      nowLocal: '2026-03-10T14:20',
      blockedReason: null,
      questions: [
        {
          id: 'rain',
          type: 'number',
          label: 'Rainfall (inches)',
          description: null,
          options: [],
          answer: null,
        },
        { id: 'weather', type: 'text', label: 'Weather', description: null, options: [], answer: null },
      ],
    },
  ],
});

const open = (pid: string | null) =>
  renderScreen(<PostStormRoute />, {
    url: `/divisions/north-region/projects/post-storm${pid ? `?pid=${pid}` : ''}`,
    path: '/divisions/:divisionId/projects/post-storm',
    profile: profileOf('Inspector'),
    divisionId: 'north-region',
  });

describe('post-storm bulk entry (spec 002 §2)', () => {
  it('asks every answer, then sends them by project as lists', async () => {
    const { requests } = await serveApi([
      [projectsRoutes.getPostStormQuestions, () => questions],
      [
        projectsRoutes.createPostStormInspections,
        () =>
          ok(projectsRoutes.createPostStormInspections, {
            inspections: [{ id: 'i9', project_id: 'p1', number: 9 }],
          }),
      ],
    ]);
    open('p1');
    await screen.findByRole('heading', { name: 'Ouse Culvert' });
    expect(requests[0]?.query.get('pid')).toBe('p1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ALL_REQUIRED)).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Rainfall/), '1.2');
    await userEvent.type(screen.getByLabelText(/Weather/), 'Heavy rain overnight');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The post-storm inspections were created.')).toBeTruthy();
    const post = requests.find((r) => r.route.startsWith('POST'))!;
    expect(post.body).toEqual({
      items: [
        {
          project_id: 'p1',
          answers: [
            { questionId: 'rain', value: 1.2 },
            { questionId: 'weather', value: 'Heavy rain overnight' },
          ],
        },
      ],
    });
  });

  it('goes back to the projects list when pid is missing', async () => {
    await serveApi([]);
    const { router } = open(null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/divisions/north-region/projects'));
  });
});
