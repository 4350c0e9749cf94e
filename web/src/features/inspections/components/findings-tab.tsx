import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconNote, IconPlus, IconPrinter } from '@tabler/icons-react';
import {
  COMPLETED_AS_RECOMMENDED,
  completeFindingsIssues,
  FINDING_MESSAGES,
} from '@stormline/domain/finding-rules';
import { displayDate } from '@stormline/domain/local-date';
import { ServerError } from '../../../components/server-error';
import { useSession } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { hasPermission } from '../../../lib/page-access';
import { useInspectionLinks } from '../inspection-links';
import { FindingForm, projectToday as today } from './finding-form';
import {
  addFindingNotes,
  completeFindings,
  createFinding,
  useInspectionFindings,
  type FindingRow,
  type InspectionDetail,
} from '../api/inspections';

function AddFindingForm({
  divisionId,
  inspection,
  onClose,
}: {
  divisionId: string;
  inspection: InspectionDetail;
  onClose: () => void;
}) {
  return (
    <FindingForm
      divisionId={divisionId}
      inspection={inspection}
      withObservation
      submitLabel="Add Finding"
      toasts={{
        pending: 'Creating Finding',
        done: 'Finding Created',
        failed: 'Cannot create finding because of error: ',
      }}
      onSubmit={(input) => createFinding(divisionId, inspection.id, input)}
      onClose={onClose}
    />
  );
}

function CompleteForm({
  divisionId,
  inspection,
  findings,
  notesOnly,
  onClose,
}: {
  divisionId: string;
  inspection: InspectionDetail;
  findings: FindingRow[];
  notesOnly: boolean;
  onClose: () => void;
}) {
  const [date, setDate] = useState(today(inspection));
  const [comments, setComments] = useState(notesOnly ? '' : COMPLETED_AS_RECOMMENDED);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Stack>
      <Text fz="sm">{findings.map((f) => `${f.type.code} #${f.number}`).join(', ')}</Text>
      {!notesOnly && (
        <TextInput
          type="date"
          label="Date Completed"
          withAsterisk
          value={date}
          max={today(inspection)}
          onChange={(e) => setDate(e.currentTarget.value)}
          w={220}
        />
      )}
      <Textarea
        label={notesOnly ? 'Note' : 'Comments'}
        withAsterisk={notesOnly}
        autosize
        minRows={2}
        value={comments}
        onChange={(e) => setComments(e.currentTarget.value)}
        maxLength={2000}
      />
      {error && <ServerError>{error}</ServerError>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          loading={busy}
          onClick={async () => {
            if (notesOnly && !comments.trim()) return setError(FINDING_MESSAGES.noteRequired);
            if (!notesOnly) {
              const issues = completeFindingsIssues(date, findings, today(inspection));
              if (issues.length > 0) return setError(issues[0]!.message);
            }
            setBusy(true);
            try {
              if (notesOnly)
                await addFindingNotes(
                  divisionId,
                  inspection.id,
                  findings.map((f) => f.id),
                  comments.trim(),
                );
              else
                await completeFindings(divisionId, inspection.id, {
                  finding_ids: findings.map((f) => f.id),
                  date_completed: date,
                  comments,
                });
              onClose();
            } catch (failure) {
              setError(errorMessage(failure, 'Unknown Error'));
              setBusy(false);
            }
          }}
        >
          {notesOnly ? 'Add Notes' : 'Complete Finding(s)'}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The findings list of an inspection (spec 002 §2 Findings list): the type filter, select-all
 * with its count (completed ones cannot be selected), Add Finding, Complete Finding(s) and Add
 * Notes, the empty texts.
 */
export function FindingsTab({
  divisionId,
  inspection,
  onFindingsReport,
}: {
  divisionId: string;
  inspection: InspectionDetail;
  /** Opens the findings report (spec 002 §2 'Findings Report'); without it the button is not shown. */
  onFindingsReport?: () => void;
}) {
  const profile = useSession();
  const links = useInspectionLinks();
  const [type, setType] = useState<string | null>(null);
  const { data, error } = useInspectionFindings(divisionId, inspection.id, type);
  const [selected, setSelected] = useState<string[]>([]);
  const [modal, setModal] = useState<'add' | 'complete' | 'notes' | null>(null);
  const writable = !inspection.project.archivedAt && !profile.isReadOnly;
  const canAdd = writable && inspection.editable && hasPermission(profile, 'create', 'Findings');
  const canComplete = writable && hasPermission(profile, 'update', 'Close Findings');
  const canNote = writable && hasPermission(profile, 'create', 'finding_comments');
  if (error) return <ServerError>{errorMessage(error, 'An error has occurred')}</ServerError>;
  const rows = data?.pageData ?? [];
  const open = rows.filter((f) => !f.date_completed);
  const chosen = rows.filter((f) => selected.includes(f.id));
  return (
    <Paper radius="lg" p="md">
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Select
          label="Finding type"
          data={[
            { value: '', label: 'All Findings' },
            ...inspection.findings.map((f) => ({ value: f.code, label: f.name })),
          ]}
          value={type ?? ''}
          onChange={(v) => (setType(v || null), setSelected([]))}
          allowDeselect={false}
          w={220}
        />
        <Group gap="sm" wrap="wrap">
          {onFindingsReport && (
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={onFindingsReport}>
              Findings Report
            </Button>
          )}
          {canAdd && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setModal('add')}>
              Add Finding
            </Button>
          )}
          {canComplete && (
            <Button
              variant="default"
              leftSection={<IconCheck size={16} />}
              disabled={chosen.length === 0}
              onClick={() => setModal('complete')}
            >
              Complete Finding(s)
            </Button>
          )}
          {canNote && (
            <Button
              variant="subtle"
              leftSection={<IconNote size={16} />}
              disabled={chosen.length === 0}
              onClick={() => setModal('notes')}
            >
              Add Notes
            </Button>
          )}
        </Group>
      </Group>
      {data && rows.length === 0 && <Text c="dimmed">{type ? 'No findings available' : 'No findings'}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select all findings"
                    checked={open.length > 0 && selected.length === open.length}
                    indeterminate={selected.length > 0 && selected.length < open.length}
                    onChange={(e) => setSelected(e.currentTarget.checked ? open.map((f) => f.id) : [])}
                    disabled={open.length === 0}
                  />
                </Table.Th>
                <Table.Th>Finding</Table.Th>
                <Table.Th>Location</Table.Th>
                <Table.Th>Initiated</Table.Th>
                <Table.Th>Completed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${f.type.code} #${f.number}`}
                      disabled={Boolean(f.date_completed)}
                      checked={selected.includes(f.id)}
                      onChange={(e) => {
                        // Read now: React clears currentTarget before a queued updater runs.
                        const checked = e.currentTarget.checked;
                        setSelected((ids) => (checked ? [...ids, f.id] : ids.filter((x) => x !== f.id)));
                      }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <span
                        aria-hidden
                        style={{
                          width: 10,
                          height: 10,
                          borderRadius: 2,
                          background: f.type.color,
                          display: 'inline-block',
                        }}
                      />
                      <Text
                        component={Link}
                        to={links.findingDetails(inspection.id, f.id)}
                        fw={500}
                        fz="sm"
                        c="harbor.9"
                        // A 24 px target on a phone too (docs/decisions/0024).
                        mih={24}
                        style={{ display: 'inline-flex', alignItems: 'center' }}
                      >
                        {f.type.code} #{f.number}
                      </Text>
                      {f.carried_over && (
                        <Badge size="xs" variant="light" color="grape">
                          Carried over
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td fz="sm">{f.location}</Table.Td>
                  <Table.Td fz="sm">
                    {displayDate(f.date_initiated)}
                    {f.due_by && (
                      <Text fz="xs" c={f.date_completed ? 'dimmed' : undefined}>
                        Due by {displayDate(f.due_by)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td fz="sm">
                    {f.date_completed ? (
                      displayDate(f.date_completed)
                    ) : (
                      <Badge color="red" variant="light" size="sm">
                        Open
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {selected.length > 0 && (
        <Text fz="sm" c="dimmed" mt="xs">
          Selected {selected.length} of {open.length}
        </Text>
      )}
      <Modal opened={modal === 'add'} onClose={() => setModal(null)} title="Add Finding" radius="lg">
        {modal === 'add' && (
          <AddFindingForm divisionId={divisionId} inspection={inspection} onClose={() => setModal(null)} />
        )}
      </Modal>
      <Modal
        opened={modal === 'complete' || modal === 'notes'}
        onClose={() => setModal(null)}
        title={modal === 'notes' ? 'Add Notes' : 'Complete Finding(s)'}
        radius="lg"
      >
        {(modal === 'complete' || modal === 'notes') && (
          <CompleteForm
            divisionId={divisionId}
            inspection={inspection}
            findings={chosen}
            notesOnly={modal === 'notes'}
            onClose={() => (setModal(null), setSelected([]))}
          />
        )}
      </Modal>
    </Paper>
  );
}
