import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { CORRECTIVE_ACTION_NOTICE, MAP_LIMITS } from '@stormline/domain/map-features';
import { ServerError } from '../../../components/server-error';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/errors';
import type { MapNoteInput } from '../api/map-calls';

/**
 * Spec 002 §5 map note: title required, at most 100, today's date (MM-DD-YYYY) by default;
 * content required, at most 500; §9's Corrective Action Notice template fills both, asking
 * first when the fields hold what the user typed.
 */
export function NoteForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: MapNoteInput;
  submitLabel: string;
  onSubmit: (note: MapNoteInput) => Promise<void>;
  onCancel: () => void;
}) {
  const [startTitle] = useState(() => initial?.title ?? formatDate(new Date()));
  const [title, setTitle] = useState(startTitle);
  const [content, setContent] = useState(initial?.content ?? '');
  const [issues, setIssues] = useState<{ title?: string; content?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [askReplace, setAskReplace] = useState(false);
  // Something of the user's own in the fields: not a new note's date title and empty content,
  // nor the template itself.
  const isTemplate = title === CORRECTIVE_ACTION_NOTICE.title && content === CORRECTIVE_ACTION_NOTICE.content;
  const untouched = (title.trim() === '' || (!initial && title === startTitle)) && content.trim() === '';
  const typed = !untouched && !isTemplate;
  const applyTemplate = () => {
    setTitle(CORRECTIVE_ACTION_NOTICE.title);
    setContent(CORRECTIVE_ACTION_NOTICE.content);
    setAskReplace(false);
  };

  const submit = async () => {
    const found = {
      ...(title.trim() ? {} : { title: 'Title is required' }),
      ...(content.trim() ? {} : { content: 'Content is required' }),
    };
    setIssues(found);
    if (found.title || found.content) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ title: title.trim(), content: content.trim() });
    } catch (failure) {
      setError(errorMessage(failure, 'Unknown Error'));
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack>
        {/* The template fills both fields; what the user typed is replaced only when they say so. */}
        {askReplace ? (
          <Alert color="orange" variant="light" p="xs" data-testid="note-template-ask">
            <Text fz="sm" mb={6}>
              Replace the title and content you typed with the Corrective Action Notice template?
            </Text>
            <Group gap="xs">
              <Button size="xs" color="orange" onClick={applyTemplate}>
                Replace with the template
              </Button>
              <Button size="xs" variant="default" onClick={() => setAskReplace(false)}>
                Keep what I typed
              </Button>
            </Group>
          </Alert>
        ) : (
          <Group justify="flex-end">
            <Button
              variant="light"
              size="xs"
              styles={{ label: { whiteSpace: 'normal' } }}
              h="auto"
              mih={30}
              onClick={() => (typed ? setAskReplace(true) : applyTemplate())}
            >
              Use the Corrective Action Notice template
            </Button>
          </Group>
        )}
        <TextInput
          label="Title"
          withAsterisk
          value={title}
          maxLength={MAP_LIMITS.noteTitle}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={issues.title}
          data-autofocus
        />
        <Textarea
          label="Content"
          withAsterisk
          autosize
          minRows={3}
          value={content}
          maxLength={MAP_LIMITS.noteContent}
          onChange={(event) => setContent(event.currentTarget.value)}
          error={issues.content}
          description={`${content.length} / ${MAP_LIMITS.noteContent}`}
        />
        {error && <ServerError>{error}</ServerError>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
