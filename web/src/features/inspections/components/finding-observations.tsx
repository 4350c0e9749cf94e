import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ServerError } from '../../../components/server-error';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import {
  addFindingNotes,
  deleteObservation,
  updateObservation,
  type FindingDetail,
} from '../api/inspections';

type Observation = FindingDetail['observations'][number];

function ObservationItem({ divisionId, observation }: { divisionId: string; observation: Observation }) {
  const [editing, setEditing] = useState(false);
  const [content, setContent] = useState(observation.content);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const when = `${formatDate(observation.createdAt)} ${new Date(observation.createdAt).toTimeString().slice(0, 5)}`;
  // Named by their words, not their time: two observations of one minute stay told apart.
  const named = `“${observation.content.length > 40 ? `${observation.content.slice(0, 40)}…` : observation.content}”`;
  return (
    <div>
      {editing ? (
        <Stack gap="xs">
          <Textarea
            label="Edit observation"
            autosize
            minRows={2}
            maxLength={2000}
            value={content}
            onChange={(e) => setContent(e.currentTarget.value)}
          />
          {error && <ServerError>{error}</ServerError>}
          <Group gap="xs">
            <Button
              size="xs"
              loading={saving}
              onClick={async () => {
                setSaving(true);
                try {
                  await updateObservation(divisionId, observation.id, content);
                  setEditing(false);
                } catch (failure) {
                  setError(errorMessage(failure, 'An error has occurred'));
                } finally {
                  setSaving(false);
                }
              }}
            >
              Save observation
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => (setEditing(false), setContent(observation.content))}
            >
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {observation.content}
            </Text>
            <Text fz="xs" c="dimmed">
              {observation.author.name} · {when}
            </Text>
          </div>
          {observation.mayEdit && (
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={`Edit observation ${named}`}
                onClick={() => setEditing(true)}
              >
                <IconPencil size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete observation ${named}`}
                onClick={() => setRemoving(true)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          )}
        </Group>
      )}
      <ConfirmModal
        opened={removing}
        title="Delete observation"
        confirmLabel="Delete"
        onClose={() => setRemoving(false)}
        onConfirm={async () => {
          await deleteObservation(divisionId, observation.id);
          setRemoving(false);
        }}
      >
        Delete this observation? This cannot be undone.
      </ConfirmModal>
    </div>
  );
}

/**
 * A finding's observations, newest first (spec 002 §2 Finding detail): added with create on
 * finding_comments, each edited or deleted by its author or with adminInspectionNotes (the server
 * says which, per observation).
 */
export function FindingObservations({
  divisionId,
  inspectionId,
  finding,
  mayAdd,
}: {
  divisionId: string;
  inspectionId: string;
  finding: FindingDetail;
  mayAdd: boolean;
}) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Paper radius="lg" p="md" withBorder>
      <Title order={3} fz="lg" mb="sm">
        Observations
      </Title>
      {mayAdd && (
        <Stack gap="xs" mb="md">
          <Textarea
            label="Add an observation"
            autosize
            minRows={2}
            maxLength={2000}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
          />
          {error && <ServerError>{error}</ServerError>}
          <Group>
            <Button
              size="xs"
              variant="light"
              loading={busy}
              disabled={!draft.trim()}
              onClick={async () => {
                setBusy(true);
                setError(null);
                try {
                  await addFindingNotes(divisionId, inspectionId, [finding.id], draft);
                  setDraft('');
                } catch (failure) {
                  setError(errorMessage(failure, 'An error has occurred'));
                } finally {
                  setBusy(false);
                }
              }}
            >
              Add observation
            </Button>
          </Group>
        </Stack>
      )}
      {finding.observations.length === 0 && (
        <Text fz="sm" c="dimmed">
          No observations yet.
        </Text>
      )}
      <Stack gap="sm">
        {finding.observations.map((o) => (
          <ObservationItem key={o.id} divisionId={divisionId} observation={o} />
        ))}
      </Stack>
    </Paper>
  );
}
