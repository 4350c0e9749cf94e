import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { CORRECTIVE_ACTION_NOTICE } from '@stormline/domain/finding-rules';
import { emptyPage, ok, serveApi } from '../../../testing/api';
import { profileOf } from '../../../testing/profiles';
import { renderScreen } from '../../../testing/render';
import { NotesPanel } from './notes-panel';

const open = () =>
  renderScreen(<NotesPanel divisionId="north-region" inspectionId="i1" writable />, {
    url: '/inspection/i1/questionnaire',
    profile: profileOf('Inspector'),
    divisionId: 'north-region',
  });

/** GET the notes (none) and POST a note, answering it as stored. */
const notesApi = () =>
  serveApi([
    [inspectionsRoutes.listInspectionNotes, () => emptyPage(inspectionsRoutes.listInspectionNotes)],
    [
      inspectionsRoutes.createInspectionNote,
      ({ body }) =>
        ok(inspectionsRoutes.createInspectionNote, {
          id: '7d0c6a52-3c1e-4d4f-9a55-0b4f3b9f2f11',
          commentable_id: 'i1',
          content: (body as { note: { content: string } }).note.content,
          createdAt: '2026-03-10T14:20:00.000Z',
          updatedAt: null,
          author: { id: 'u1', name: 'Ines Carter' },
          mayEdit: true,
        }),
    ],
  ]);

const sentNote = (requests: Awaited<ReturnType<typeof notesApi>>['requests']) =>
  requests.find((r) => r.route === inspectionsRoutes.createInspectionNote.key)?.body;

describe('inspection notes (spec 002 §3)', () => {
  it('keeps a note typed and not saved when the user leaves and comes back (0030)', async () => {
    const { requests } = await notesApi();
    const first = open();
    await userEvent.type(await screen.findByLabelText('Add a note'), 'Silt fence down at the north gate');
    first.unmount();

    open();
    const again = (await screen.findByLabelText('Add a note')) as HTMLTextAreaElement;
    expect(again.value).toBe('Silt fence down at the north gate');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() =>
      expect(sentNote(requests)).toEqual({ note: { content: 'Silt fence down at the north gate' } }),
    );
    await waitFor(() => expect(again.value).toBe(''));
  });

  it('inserts the Corrective Action Notice (spec 002 §9) below what is typed, and saves it as written', async () => {
    const { requests } = await notesApi();
    open();
    const box = (await screen.findByLabelText('Add a note')) as HTMLTextAreaElement;
    await userEvent.type(box, 'Silt fence down at the north gate.');
    await userEvent.click(screen.getByRole('button', { name: 'Insert Corrective Action Notice' }));
    const written = `Silt fence down at the north gate.\n\n${CORRECTIVE_ACTION_NOTICE.content}`;
    expect(box.value).toBe(written);
    expect(box.value).toContain('CORRECTIVE ACTION NOTICE');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(box.value).toBe(''));
    expect(sentNote(requests)).toEqual({ note: { content: written } });
  });
  it('drops the unsaved edit of a note someone else deleted, and shows what was typed once', async () => {
    const note = {
      id: '5b7e1a0c-2d3f-4a5b-8c9d-0e1f2a3b4c5d',
      commentable_id: 'i1',
      content: 'Outfall clear',
      createdAt: '2026-03-10T14:20:00.000Z',
      updatedAt: null,
      author: { id: 'u1', name: 'Ines Carter' },
      mayEdit: true,
    };
    let notes = [note];
    await serveApi([
      [
        inspectionsRoutes.listInspectionNotes,
        () =>
          ok(inspectionsRoutes.listInspectionNotes, {
            pageData: notes,
            paginationState: { numModels: notes.length, nextCursor: null, pageSize: 50 },
          }),
      ],
    ]);
    const first = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit note' }));
    await userEvent.type(screen.getByLabelText('Edit note'), ', silt at the inlet');
    first.unmount();

    notes = []; // deleted by someone else meanwhile
    open();
    expect(await screen.findByText('A note you were editing was deleted by someone else')).toBeTruthy();
    expect(screen.getByText('Outfall clear, silt at the inlet')).toBeTruthy();
    expect(screen.queryByLabelText('Edit note')).toBeNull();
    const stored = Object.keys(window.localStorage).filter((key) => key.startsWith('stormline.noteDrafts'));
    expect(stored.map((key) => window.localStorage.getItem(key)).join('')).not.toContain('silt at the inlet');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Outfall clear, silt at the inlet')).toBeNull();
  });
});
