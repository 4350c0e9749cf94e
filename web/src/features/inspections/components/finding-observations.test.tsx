import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findingsRoutes } from '@stormline/contract/areas/findings';
import { ok, refuse, serveApi } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import type { FindingDetail } from '../api/inspections';
import { FindingObservations } from './finding-observations';

const observation = (id: string, content: string, mayEdit: boolean) => ({
  id,
  content,
  createdAt: '2026-03-02T09:30:00.000Z',
  author: { id: 'u1', name: 'Ines Carter' },
  mayEdit,
});

const finding = {
  id: 'f1',
  observations: [
    observation('o2', 'Silt curtain ordered.', true),
    observation('o1', 'Plume seen at the north outfall.', false),
  ],
} as unknown as FindingDetail;

const open = (mayAdd: boolean) =>
  renderScreen(
    <FindingObservations divisionId="north-region" inspectionId="i1" finding={finding} mayAdd={mayAdd} />,
    {
      url: '/inspection/i1/findings/f1/details',
      profile: profileOf('Inspector'),
      divisionId: 'north-region',
    },
  );

describe('the observations of a finding (spec 002 §2 Finding detail)', () => {
  it('lists them as given (newest first) and offers edit and delete only where the server allows', async () => {
    await serveApi([]);
    open(false);
    const texts = screen.getAllByText(/Silt curtain ordered\.|Plume seen/).map((e) => e.textContent);
    expect(texts).toEqual(['Silt curtain ordered.', 'Plume seen at the north outfall.']);
    expect(screen.getByRole('button', { name: 'Edit observation “Silt curtain ordered.”' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit observation “Plume/ })).toBeNull();
    expect(screen.queryByLabelText('Add an observation')).toBeNull();
  });

  it('adds one for the finding, and shows the server’s refusal in place', async () => {
    const { requests } = await serveApi([
      [
        findingsRoutes.addFindingNotes,
        (request) =>
          (request.body as { comments: string }).comments === 'refuse me'
            ? refuse(409, 'This project is archived and can no longer be changed.')
            : ok(findingsRoutes.addFindingNotes, { notes: [] }),
      ],
    ]);
    open(true);
    await userEvent.type(screen.getByLabelText('Add an observation'), 'Fence repaired.');
    await userEvent.click(screen.getByRole('button', { name: 'Add observation' }));
    await screen.findByDisplayValue('');
    expect(requests.at(-1)).toMatchObject({
      params: { id: 'i1' },
      body: { findingIds: ['f1'], comments: 'Fence repaired.' },
    });
    await userEvent.type(screen.getByLabelText('Add an observation'), 'refuse me');
    await userEvent.click(screen.getByRole('button', { name: 'Add observation' }));
    expect(await screen.findByText('This project is archived and can no longer be changed.')).toBeTruthy();
  });
});
