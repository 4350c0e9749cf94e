import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconList, IconPencil, IconTrash } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import useSWR, { mutate } from 'swr';
import { findingsRoutes } from '@stormline/contract/areas/findings';
import { CORRECTIVE_ACTION_RULES } from '@stormline/domain/corrective-actions';
import { FINDING_MESSAGES, isFindingLate, mayReopenFinding } from '@stormline/domain/finding-rules';
import type { Grants } from '@stormline/domain/permissions';
import { displayDate } from '@stormline/domain/local-date';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ServerError } from '../../../components/server-error';
import { ApiError, callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { cacheKey } from '../../../lib/cache-keys';
import { errorMessage } from '../../../lib/errors';
import { showActionFailure } from '../../../components/action-failure';
import { hasPermission } from '../../../lib/page-access';
import { useInspectionLinks } from '../inspection-links';
import { FindingPhotos } from './finding-photos';
import {
  findingReopenImpact,
  refreshInspections,
  reopenFinding,
  updateFinding,
  type FindingDetail as FindingDetailData,
  type InspectionDetail,
} from '../api/inspections';
import { FindingForm, projectToday, type FindingFormValues } from './finding-form';
import { FindingObservations } from './finding-observations';
import { FindingMapLink } from './finding-map-link';

type Affected = Awaited<ReturnType<typeof findingReopenImpact>>;

/**
 * Spec 002 §8, update finding failure: the server's reason when it refused (a 4xx says why),
 * else, the server unreachable or failing, the unknown-error sentence.
 */
export function updateFailure(failure: unknown): string {
  return failure instanceof ApiError && failure.status >= 400 && failure.status < 500
    ? `Cannot update finding because of error: ${failure.message}`
    : 'Cannot save finding due to an unknown error. Please try again later.';
}

function valuesOf(finding: FindingDetailData): FindingFormValues {
  return {
    finding_type_id: finding.type.id,
    location: finding.location,
    date_initiated: finding.date_initiated,
    condition: finding.condition,
    corrective_action: finding.corrective_action,
  };
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={500} component="div">
        {children}
      </Text>
    </div>
  );
}

/**
 * The finding detail (spec 002 §2): 'Overview' for its number, Previous and Next within the
 * inspection and All Findings, its fields, observations newest first, its photos (only when the
 * server sends them: read Finding Images, images not disabled), and Delete with the required note.
 */
export function FindingDetail({
  divisionId,
  inspectionId,
  findingId,
  inspection,
}: {
  divisionId: string;
  inspectionId: string;
  findingId: string;
  /** The inspection the finding is read in: its project's dates, zone and archived state. */
  inspection: InspectionDetail;
}) {
  const archived = inspection.project.archivedAt !== null;
  const profile = useSession();
  const navigate = useNavigate();
  const key = cacheKey(divisionId, 'inspections/finding', findingId, inspectionId);
  const {
    data: finding,
    error,
    mutate: readAgain,
  } = useSWR(key, () =>
    callApi(findingsRoutes.getFinding, { divisionId, params: { id: findingId }, query: { inspectionId } }),
  );
  const [deleting, setDeleting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditingState] = useState(false);
  // The finding as the form started from, kept while it is open: a fresh read after a conflict
  // must not move the form's own starting point (its "before").
  const [editedFrom, setEditedFrom] = useState<FindingFormValues | null>(null);
  const [conflicted, setConflicted] = useState(false);
  const [reopening, setReopening] = useState<Affected | null>(null);
  const links = useInspectionLinks();
  const all = links.inspection(inspectionId, 'findings');
  const detailHref = (id: string) => links.findingDetails(inspectionId, id);
  if (error) return <ServerError>{errorMessage(error, 'An error has occurred')}</ServerError>;
  if (!finding) return <Skeleton h={200} />;
  const setEditing = (on: boolean) => {
    setEditedFrom(on ? valuesOf(finding) : null);
    setConflicted(false);
    setEditingState(on);
  };
  const stopEditing = () => setEditing(false);
  const canDelete = finding.editable && hasPermission(profile, 'delete', 'Findings');
  // Photos may be added to a completed finding as proof of the work: only archiving stops them.
  const writable = !profile.isReadOnly && !archived;
  const grants = { isAdmin: profile.isAdmin, permissions: profile.permissions as Grants['permissions'] };
  const canEdit = finding.editable && hasPermission(profile, 'update', 'Findings');
  // Spec 002 §4: Edit Finding on a completed finding reopens it first, with a confirmation
  // listing the inspections whose compliance signatures go.
  const canReopen = writable && finding.date_completed !== null && mayReopenFinding(grants, finding);
  const startEdit = async () => {
    if (!finding.date_completed) return setEditing(true);
    try {
      setReopening(await findingReopenImpact(divisionId, finding.id));
    } catch (cause) {
      showActionFailure(cause);
    }
  };
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="xl">
          Overview {finding.type.code} #{finding.number}
        </Title>
        <Group gap="xs">
          {(canEdit || canReopen) && (
            <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => void startEdit()}>
              Edit Finding
            </Button>
          )}
          <Button component={Link} to={all} variant="default" leftSection={<IconList size={16} />}>
            All Findings
          </Button>
          <Button
            variant="default"
            leftSection={<IconChevronLeft size={16} />}
            disabled={!finding.previousId}
            onClick={() => finding.previousId && void navigate(detailHref(finding.previousId))}
          >
            Previous
          </Button>
          <Button
            variant="default"
            rightSection={<IconChevronRight size={16} />}
            disabled={!finding.nextId}
            onClick={() => finding.nextId && void navigate(detailHref(finding.nextId))}
          >
            Next
          </Button>
        </Group>
      </Group>
      <Paper radius="lg" p="md" withBorder>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Field label="Type">
            <Group gap={6}>
              <span
                aria-hidden
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: 2,
                  background: finding.type.color,
                  display: 'inline-block',
                }}
              />
              {finding.type.name}
            </Group>
          </Field>
          <Field label="Location">
            <Stack gap={2} align="flex-start">
              <span>{finding.location}</span>
              <FindingMapLink
                divisionId={divisionId}
                projectId={inspection.project.id}
                inspectionId={inspectionId}
                findingId={finding.id}
              />
            </Stack>
          </Field>
          <Field label="Date Initiated">{displayDate(finding.date_initiated)}</Field>
          {finding.corrective_action && finding.due_by && (
            <Field label="Corrective action">
              {CORRECTIVE_ACTION_RULES[finding.corrective_action].label}: due by{' '}
              <strong>{displayDate(finding.due_by)}</strong>
              {!finding.date_completed && isFindingLate(finding, projectToday(inspection)) && (
                <>
                  {' '}
                  <Badge color="red" variant="filled" size="sm">
                    Late
                  </Badge>
                </>
              )}
            </Field>
          )}
          <Field label="Date Completed">
            {finding.date_completed ? (
              displayDate(finding.date_completed)
            ) : (
              <Badge color="red" variant="light" size="sm">
                Open
              </Badge>
            )}
          </Field>
          <Field label="Condition">{finding.condition ?? '—'}</Field>
          <Field label="Control Measure">{finding.control_measure?.name ?? '—'}</Field>
        </SimpleGrid>
        {finding.comments && (
          <Text fz="sm" mt="sm">
            {finding.comments}
          </Text>
        )}
      </Paper>
      <FindingObservations
        divisionId={divisionId}
        inspectionId={inspectionId}
        finding={finding}
        mayAdd={writable && hasPermission(profile, 'create', 'finding_comments')}
      />
      {finding.images && (
        <FindingPhotos
          divisionId={divisionId}
          finding={finding}
          may={{
            add: writable && hasPermission(profile, 'create', 'Finding Images'),
            annotate: writable && hasPermission(profile, 'all', 'Annotations'),
            // A completed finding keeps its photos, the proof of its completion (0026).
            remove: writable && !finding.date_completed && hasPermission(profile, 'delete', 'Finding Images'),
          }}
          onChanged={() => mutate(key)}
        />
      )}
      {canDelete && !deleting && (
        <Group>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDeleting(true)}
          >
            Delete finding
          </Button>
        </Group>
      )}
      {deleting && (
        <Alert color="red" variant="light" title="Delete this finding?">
          <Stack gap="xs">
            <Textarea
              label="Finding Deletion Note"
              withAsterisk
              autosize
              minRows={2}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            {failure && <ServerError>{failure}</ServerError>}
            <Group gap="sm">
              <Button
                color="red"
                loading={removing}
                onClick={async () => {
                  if (!note.trim()) return setFailure(FINDING_MESSAGES.deletionNote);
                  setRemoving(true);
                  try {
                    await callApi(findingsRoutes.deleteFinding, {
                      divisionId,
                      params: { id: finding.id },
                      body: { note },
                    });
                    await mutate(key, undefined, false);
                    await refreshInspections();
                    void navigate(all);
                  } catch (cause) {
                    setFailure(errorMessage(cause, 'An error has occurred'));
                    setRemoving(false);
                  }
                }}
              >
                Delete
              </Button>
              <Button variant="default" onClick={() => setDeleting(false)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <Modal opened={editing} onClose={() => stopEditing()} title="Edit Finding" radius="lg">
        {editing && (
          <FindingForm
            divisionId={divisionId}
            inspection={inspection}
            initial={editedFrom ?? valuesOf(finding)}
            submitLabel="Save"
            toasts={{
              pending: 'Updating finding',
              done: 'Updated Finding',
              failed: 'Cannot update finding because of error: ',
            }}
            onSubmit={(input) => updateFinding(divisionId, finding, input)}
            theirs={conflicted ? valuesOf(finding) : undefined}
            onFailed={(failure) => {
              // A field the server refused stays in the form to be put right. Someone else's save
              // meanwhile (409) keeps what was typed too: the finding is read again and the form
              // shows both values where they differ (0030). Anything else is spec 002 §8's case:
              // the finding goes back to read-only and is read again.
              if (failure instanceof ApiError && failure.status === 400) return false;
              if (failure instanceof ApiError && failure.status === 409) {
                setConflicted(true);
                void readAgain();
                return false;
              }
              notifications.show({
                color: 'red',
                title: updateFailure(failure),
                message: '',
                autoClose: false,
              });
              setEditing(false);
              void readAgain();
              void refreshInspections();
              return true;
            }}
            onClose={() => stopEditing()}
          />
        )}
      </Modal>
      <ConfirmModal
        opened={reopening !== null}
        title="Edit Finding"
        confirmLabel="Reopen and edit"
        onClose={() => setReopening(null)}
        onConfirm={async () => {
          // A refusal throws: the dialog shows the server's message (spec 002 §8) and stays open.
          await reopenFinding(divisionId, finding.id);
          setReopening(null);
          if (hasPermission(profile, 'update', 'Findings')) setEditing(true);
        }}
      >
        <Stack gap="xs">
          <Text fz="sm">
            {`Reopen ${finding.type.code} #${finding.number}? Its completion date is cleared.`}
            {reopening && reopening.length > 0
              ? ' The compliance signatures of these inspections are removed and their questions unlocked:'
              : ''}
          </Text>
          {reopening && reopening.length > 0 && (
            <ul style={{ margin: 0 }}>
              {reopening.map((i) => (
                <li key={i.id}>
                  <Text fz="sm">
                    Inspection #{i.number} · {displayDate(i.created_date)}
                  </Text>
                </li>
              ))}
            </ul>
          )}
        </Stack>
      </ConfirmModal>
    </Stack>
  );
}
