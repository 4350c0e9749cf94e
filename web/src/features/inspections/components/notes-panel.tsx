import { useState } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconPencil, IconTemplate, IconTrash } from '@tabler/icons-react';
import { CORRECTIVE_ACTION_NOTICE } from '@stormline/domain/finding-rules';
import useSWR, { mutate } from 'swr';
import { inspectionsRoutes } from '@stormline/contract/areas/inspections';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ServerError } from '../../../components/server-error';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { cacheKey, isResourceKey } from '../../../lib/cache-keys';
import { errorMessage } from '../../../lib/errors';
import { displayed, PendingEditsStore, usePendingEdits } from '../../../lib/pending-edits';
import { formatDate } from '../../../lib/format';
import { hasPermission } from '../../../lib/page-access';

type Note = ApiResponse<typeof inspectionsRoutes.listInspectionNotes>['pageData'][number];
const NOTE_REQUIRED = 'Note text is required';

/**
 * Notes typed and not yet saved, by inspection and note ('new' for Add a note): leaving the tab
 * or the page keeps them (docs/decisions/0030).
 */
const noteDrafts = new PendingEditsStore<string>('stormline.noteDrafts');
const NOTES_VERSION = 0; // a draft note is not merged with anyone's: the note's own save decides

function NoteEditor({
  inspectionId,
  field,
  initial,
  label,
  onSave,
  onCancel,
  withTemplate = false,
}: {
  inspectionId: string;
  /** The note's id, or 'new'. */
  field: string;
  initial: string;
  label: string;
  onSave: (text: string) => Promise<void>;
  onCancel?: () => void;
  /** Offers the Corrective Action Notice template (spec 002 §9) where a note is added. */
  withTemplate?: boolean;
}) {
  const drafts = usePendingEdits(noteDrafts, inspectionId);
  const text = displayed(drafts, field, initial);
  const setText = (value: string) => noteDrafts.edit(inspectionId, field, value, initial, NOTES_VERSION);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Stack gap="xs">
      <Textarea
        label={label}
        autosize
        minRows={2}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error}
        maxLength={4000}
      />
      <Group gap="sm">
        <Button
          size="sm"
          loading={busy}
          onClick={async () => {
            if (!text.trim()) return setError(NOTE_REQUIRED);
            setBusy(true);
            try {
              await onSave(text.trim());
              setText(initial);
              setError(null);
            } catch (failure) {
              setError(errorMessage(failure, 'Unknown Error'));
            } finally {
              setBusy(false);
            }
          }}
        >
          Save note
        </Button>
        {onCancel && (
          <Button
            size="sm"
            variant="default"
            onClick={() => {
              setText(initial);
              onCancel();
            }}
          >
            Cancel
          </Button>
        )}
        {withTemplate && (
          <Button
            size="sm"
            variant="subtle"
            leftSection={<IconTemplate size={16} aria-hidden />}
            onClick={() => {
              // Added below what is typed already, never in place of it.
              const notice = CORRECTIVE_ACTION_NOTICE.content;
              setText(text.trim() ? `${text.trimEnd()}\n\n${notice}` : notice);
              setError(null);
            }}
          >
            Insert {CORRECTIVE_ACTION_NOTICE.name}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * Inspection notes (spec 002 §3, §6): newest first; add with create Inspection Notes; edit and
 * delete by the author or with all on adminInspectionNotes (the server says which, `mayEdit`).
 */
export function NotesPanel({
  divisionId,
  inspectionId,
  writable,
}: {
  divisionId: string;
  inspectionId: string;
  writable: boolean;
}) {
  const profile = useSession();
  const key = cacheKey(divisionId, 'inspections/notes', inspectionId);
  // An edit of a note someone else deleted meanwhile is dropped when the list is read (there is
  // nothing to save it to); what was typed is shown once, to copy, so it is not lost unsaid.
  const [orphans, setOrphans] = useState<string[]>([]);
  const { data, error } = useSWR(
    key,
    () =>
      callApi(inspectionsRoutes.listInspectionNotes, { divisionId, params: { id: inspectionId }, query: {} }),
    {
      onSuccess: (page) => {
        const pending = noteDrafts.get(inspectionId);
        if (!pending) return;
        const live = new Set(page.pageData.map((note) => note.id));
        const gone = Object.keys({ ...pending.fields, ...pending.sending }).filter(
          (field) => field !== 'new' && !live.has(field),
        );
        if (gone.length === 0) return;
        const texts = gone.map((field) => displayed(pending, field, '')).filter((text) => text.trim());
        for (const field of gone) noteDrafts.forget(inspectionId, field);
        setOrphans((shown) => [...shown, ...texts]);
      },
    },
  );
  const [editing, setEditing] = useState<string | null>(null);
  // A note whose edit was left unsaved opens in its editor again.
  const drafts = usePendingEdits(noteDrafts, inspectionId);
  const [deleting, setDeleting] = useState<Note | null>(null);
  const refresh = () => Promise.all([mutate(key), mutate(isResourceKey('projects/log'))]);
  const canCreate = writable && hasPermission(profile, 'create', 'Inspection Notes');
  return (
    <Paper radius="lg" p="md" withBorder mt="md">
      <Title order={3} fz="lg" mb="sm">
        Notes
      </Title>
      {error && <ServerError>{errorMessage(error, 'An error has occurred')}</ServerError>}
      <Stack gap="sm">
        {orphans.length > 0 && (
          <Alert
            color="orange"
            variant="light"
            title="A note you were editing was deleted by someone else"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setOrphans([])}
          >
            <Text fz="sm" mb={4}>
              Your unsaved text could not be saved to it. Here it is, to copy into a new note:
            </Text>
            {orphans.map((text, i) => (
              <Text key={i} fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {text}
              </Text>
            ))}
          </Alert>
        )}
        {data?.pageData.length === 0 && (
          <Text fz="sm" c="dimmed">
            No notes yet.
          </Text>
        )}
        {data?.pageData.map((note) =>
          editing === note.id || drafts?.fields[note.id] ? (
            <NoteEditor
              key={note.id}
              inspectionId={inspectionId}
              field={note.id}
              label="Edit note"
              initial={note.content}
              onCancel={() => setEditing(null)}
              onSave={async (content) => {
                await callApi(inspectionsRoutes.updateInspectionNote, {
                  divisionId,
                  params: { id: inspectionId, noteId: note.id },
                  body: { note: { content } },
                });
                setEditing(null);
                await refresh();
              }}
            />
          ) : (
            <Paper key={note.id} p="sm" radius="md" bg="var(--mantine-color-gray-0)">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {note.content}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {note.author.name} · {formatDate(note.createdAt)}{' '}
                    {new Date(note.createdAt).toTimeString().slice(0, 5)}
                  </Text>
                </div>
                {writable && note.mayEdit && (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label="Edit note" onClick={() => setEditing(note.id)}>
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label="Delete note"
                      onClick={() => setDeleting(note)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            </Paper>
          ),
        )}
        {canCreate && (
          <NoteEditor
            inspectionId={inspectionId}
            field="new"
            label="Add a note"
            initial=""
            withTemplate
            onSave={async (content) => {
              await callApi(inspectionsRoutes.createInspectionNote, {
                divisionId,
                params: { id: inspectionId },
                body: { note: { content } },
              });
              await refresh();
            }}
          />
        )}
      </Stack>
      <ConfirmModal
        opened={deleting !== null}
        title="Delete note"
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          await callApi(inspectionsRoutes.deleteInspectionNote, {
            divisionId,
            params: { id: inspectionId, noteId: deleting!.id },
          });
          setDeleting(null);
          await refresh();
        }}
      >
        Delete this note? The change log keeps its text.
      </ConfirmModal>
    </Paper>
  );
}
