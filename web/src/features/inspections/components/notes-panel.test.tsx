import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { CORRECTIVE_ACTION_NOTICE } from '@stormline/domain/finding-rules';
import { ok, serveApi } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import { NotesPanel } from './notes-panel';

const emptyPage = { pageData: [], paginationState: { pageSize: 25, numModels: 0, nextCursor: null } };

describe('inspection notes: the Corrective Action Notice template (spec 002 §9)', () => {
  it('inserts the template where a note is added, below what is typed, and saves it as written', async () => {
    const { requests } = await serveApi([
      [inspectionsRoutes.listInspectionNotes, () => ok(inspectionsRoutes.listInspectionNotes, emptyPage)],
      [
        inspectionsRoutes.createInspectionNote,
        () =>
          ok(inspectionsRoutes.createInspectionNote, {
            id: 'note-1',
            commentable_id: 'inspection-1',
            content: 'saved',
            createdAt: '2026-11-28T10:00:00.000Z',
            updatedAt: null,
            author: { id: 'user-1', name: 'Ines Carter' },
            mayEdit: true,
          }),
      ],
    ]);
    renderScreen(<NotesPanel divisionId="north-region" inspectionId="inspection-1" writable />, {
      url: '/inspection/inspection-1',
      profile: profileOf('Inspector'),
      divisionId: 'north-region',
    });
    const box = (await screen.findByLabelText('Add a note')) as HTMLTextAreaElement;
    await userEvent.type(box, 'Silt fence down at the north gate.');
    await userEvent.click(screen.getByRole('button', { name: 'Insert Corrective Action Notice' }));
    const written = `Silt fence down at the north gate.\n\n${CORRECTIVE_ACTION_NOTICE.content}`;
    expect(box.value).toBe(written);
    expect(box.value).toContain('CORRECTIVE ACTION NOTICE');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(box.value).toBe(''));
    const sent = requests.find((r) => r.route === inspectionsRoutes.createInspectionNote.key);
    expect(sent?.body).toEqual({ note: { content: written } });
  });
});
