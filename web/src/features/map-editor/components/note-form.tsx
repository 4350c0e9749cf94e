import { useState } from 'react';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { CORRECTIVE_ACTION_NOTICE, MAP_LIMITS } from '@stormline/domain/map-features';
import { ServerError } from '../../../components/server-error';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/errors';
import type { MapNoteInput } from '../api/map-calls';

/**
 * Spec 002 §5 map note: title required, at most 100, today's date (MM-DD-YYYY) by default;
 * content required, at most 500; §9's Corrective Action Notice template fills both.
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
  const [title, setTitle] = useState(initial?.title ?? formatDate(new Date()));
  const [content, setContent] = useState(initial?.content ?? '');
  const [issues, setIssues] = useState<{ title?: string; content?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
        <Group justify="flex-end">
          <Button
            variant="light"
            size="xs"
            onClick={() => {
              setTitle(CORRECTIVE_ACTION_NOTICE.title);
              setContent(CORRECTIVE_ACTION_NOTICE.content);
            }}
          >
            Corrective Action Notice
          </Button>
        </Group>
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
