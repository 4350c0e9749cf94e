import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconList, IconTrash } from '@tabler/icons-react';
import useSWR, { mutate } from 'swr';
import { findingsRoutes } from '@stormline/contract/areas/findings';
import { FINDING_MESSAGES } from '@stormline/domain/finding-rules';
import { displayDate } from '@stormline/domain/local-date';
import { ServerError } from '../../../components/server-error';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { cacheKey } from '../../../lib/cache-keys';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { hasPermission } from '../../../lib/page-access';
import { useInspectionLinks } from '../inspection-links';
import { FindingPhotos } from './finding-photos';
import { refreshInspections } from '../api/inspections';

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
  archived,
}: {
  divisionId: string;
  inspectionId: string;
  findingId: string;
  /** The project is archived: read-only (spec 002 §4). */
  archived: boolean;
}) {
  const profile = useSession();
  const navigate = useNavigate();
  const key = cacheKey(divisionId, 'inspections/finding', findingId, inspectionId);
  const { data: finding, error } = useSWR(key, () =>
    callApi(findingsRoutes.getFinding, { divisionId, params: { id: findingId }, query: { inspectionId } }),
  );
  const [deleting, setDeleting] = useState(false);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const links = useInspectionLinks();
  const all = links.inspection(inspectionId, 'findings');
  const detailHref = (id: string) => links.findingDetails(inspectionId, id);
  if (error) return <ServerError>{errorMessage(error, 'An error has occurred')}</ServerError>;
  if (!finding) return <Skeleton h={200} />;
  const canDelete = finding.editable && hasPermission(profile, 'delete', 'Findings');
  // Photos may be added to a completed finding as proof of the work: only archiving stops them.
  const writable = !profile.isReadOnly && !archived;
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="xl">
          Overview {finding.type.code} #{finding.number}
        </Title>
        <Group gap="xs">
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
          <Field label="Location">{finding.location}</Field>
          <Field label="Date Initiated">{displayDate(finding.date_initiated)}</Field>
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
      <Paper radius="lg" p="md" withBorder>
        <Title order={3} fz="lg" mb="sm">
          Observations
        </Title>
        {finding.observations.length === 0 && (
          <Text fz="sm" c="dimmed">
            No observations yet.
          </Text>
        )}
        <Stack gap="xs">
          {finding.observations.map((o) => (
            <div key={o.id}>
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {o.content}
              </Text>
              <Text fz="xs" c="dimmed">
                {o.author.name} · {formatDate(o.createdAt)} {new Date(o.createdAt).toTimeString().slice(0, 5)}
              </Text>
            </div>
          ))}
        </Stack>
      </Paper>
      {finding.images && (
        <FindingPhotos
          divisionId={divisionId}
          finding={finding}
          may={{
            add: writable && hasPermission(profile, 'create', 'Finding Images'),
            annotate: writable && hasPermission(profile, 'all', 'Annotations'),
            remove: writable && hasPermission(profile, 'delete', 'Finding Images'),
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
                onClick={async () => {
                  if (!note.trim()) return setFailure(FINDING_MESSAGES.deletionNote);
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
    </Stack>
  );
}
