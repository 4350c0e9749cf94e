import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarDue, IconPlus } from '@tabler/icons-react';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { DUE_TODAY_BANNER } from '@stormline/domain/inspection-rules';
import { displayDate } from '@stormline/domain/local-date';
import { ServerError } from '../../../components/server-error';
import { paths } from '../../../config/paths';
import { callApi } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { hasPermission } from '../../../lib/page-access';
import { createInspection, refreshInspections, useProjectInspections } from '../api/inspections';
import { BulkCertifyModal } from '../../../components/bulk-certify-modal';
import { InspectionCard } from './inspection-card';

const FILTERS = ['All Inspections', 'Routine', 'Routine + Post Storm', 'Post Storm'] as const;

export interface InspectionsTabProject {
  id: string;
  name: string;
  inspection_compliance_required: boolean;
  archivedAt: string | null;
}

function NextInspectionDate({
  divisionId,
  project,
  value,
  canEdit,
}: {
  divisionId: string;
  project: InspectionsTabProject;
  value: string | null;
  canEdit: boolean;
}) {
  const [text, setText] = useState(displayDate(value));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!canEdit)
    return (
      <Text fz="sm">
        Next inspection due: <strong>{displayDate(value) || 'Not scheduled'}</strong>
      </Text>
    );
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        label="Next inspection due"
        placeholder="MM-dd-yyyy"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error}
        w={180}
        required
      />
      <Button
        variant="default"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await callApi(projectsRoutes.setNextInspectionDate, {
              divisionId,
              params: { id: project.id },
              body: { value: text },
            });
            await refreshInspections();
            notifications.show({
              color: 'teal',
              title: 'Saved',
              message: 'The next inspection date was saved.',
            });
          } catch (failure) {
            setError(errorMessage(failure, 'An unknown error has occurred'));
          } finally {
            setBusy(false);
          }
        }}
      >
        Save date
      </Button>
    </Group>
  );
}

/**
 * The project inspections tab (spec 000 §2): the filter and Reset, the due-today banner, the
 * editable next inspection date, 'New <type> Inspection' with the creation rule, the cards with
 * Select All and 'Certify N Inspection(s)', the three empty states, a read-only public variant.
 */
export function ProjectInspectionsTab({
  divisionId,
  project,
  readOnly,
  inspectionHref,
}: {
  divisionId: string;
  project: InspectionsTabProject;
  readOnly: boolean;
  inspectionHref: (id: string) => string;
}) {
  const profile = useSession();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('All Inspections');
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1) ?? null;
  const type = filter === 'All Inspections' ? null : filter;
  const { data, error, isLoading } = useProjectInspections(divisionId, project.id, type, cursor);
  const [selected, setSelected] = useState<string[]>([]);
  const [certifying, setCertifying] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const writable = !readOnly && !project.archivedAt;
  const canCreate = writable && hasPermission(profile, 'create', 'Inspection');
  const canStart = writable && hasPermission(profile, 'update', 'Inspection');
  const canCertify =
    writable && hasPermission(profile, 'all', 'Certify') && project.inspection_compliance_required;

  const start = async (kind: 'Routine' | 'Post Storm' | 'Routine + Post Storm', questionnaire: boolean) => {
    setBusy(true);
    setCreateError(null);
    try {
      const created = await createInspection(divisionId, project.id, kind);
      void navigate(
        questionnaire
          ? paths.app.inspection.getHref(created.id, 'questionnaire')
          : inspectionHref(created.id),
      );
    } catch (failure) {
      setCreateError(errorMessage(failure, 'An unknown error has occurred'));
      setBusy(false);
    }
  };

  if (error) return <ServerError>{errorMessage(error, 'An unknown error has occurred')}</ServerError>;
  if (isLoading || !data)
    return (
      <Stack>
        <Skeleton h={40} />
        <Skeleton h={120} />
      </Stack>
    );

  const eligible = data.pageData.filter((i) => i.eligibleForCompliance);
  const none = data.pageData.length === 0 && cursors.length === 0;
  return (
    <Stack>
      {data.dueToday.action && canStart && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconCalendarDue size={18} />}
          title={DUE_TODAY_BANNER[data.dueToday.action].title}
        >
          <Group justify="space-between" wrap="wrap">
            <Text fz="sm">{DUE_TODAY_BANNER[data.dueToday.action].text(project.name)}</Text>
            <Button
              loading={busy}
              onClick={() =>
                data.dueToday.inspectionId
                  ? void navigate(paths.app.inspection.getHref(data.dueToday.inspectionId, 'questionnaire'))
                  : void start('Routine', true)
              }
            >
              {data.dueToday.action}
            </Button>
          </Group>
        </Alert>
      )}
      <Paper radius="lg" p="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label="Filter"
              data={[...FILTERS]}
              value={filter}
              allowDeselect={false}
              onChange={(value) => {
                setFilter((value as (typeof FILTERS)[number]) ?? 'All Inspections');
                setCursors([]);
                setSelected([]);
              }}
              w={220}
            />
            <Button variant="subtle" onClick={() => (setFilter('All Inspections'), setCursors([]))}>
              Reset filter
            </Button>
          </Group>
          <NextInspectionDate
            divisionId={divisionId}
            project={project}
            value={data.next_inspection_date}
            canEdit={writable && hasPermission(profile, 'update', 'Project')}
          />
        </Group>
      </Paper>
      {canCreate && (
        <Group gap="sm" wrap="wrap">
          <Button
            leftSection={<IconPlus size={18} />}
            loading={busy}
            onClick={() =>
              data.creation.allowed
                ? void start(data.creation.type, false)
                : setCreateError(data.creation.reason)
            }
          >
            New {data.creation.type} Inspection
          </Button>
          {canCertify && eligible.length > 0 && (
            <>
              <Checkbox
                label="Select All Inspections"
                checked={selected.length === eligible.length}
                indeterminate={selected.length > 0 && selected.length < eligible.length}
                onChange={(e) => setSelected(e.currentTarget.checked ? eligible.map((i) => i.id) : [])}
              />
              <Button variant="default" disabled={selected.length === 0} onClick={() => setCertifying(true)}>
                Certify {selected.length} Inspection(s)
              </Button>
            </>
          )}
        </Group>
      )}
      {createError && <ServerError>{createError}</ServerError>}
      {none && type === null && (
        <Text c="dimmed">
          {canCreate
            ? 'Begin the regular inspection schedule by creating the first routine inspection.'
            : 'No inspections scheduled'}
        </Text>
      )}
      {data.pageData.length === 0 && type !== null && (
        <Group>
          <Text c="dimmed">No inspections available.</Text>
          <Button variant="subtle" onClick={() => (setFilter('All Inspections'), setCursors([]))}>
            Reset filter
          </Button>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {data.pageData.map((inspection) => (
          <InspectionCard
            key={inspection.id}
            inspection={inspection}
            href={inspectionHref(inspection.id)}
            complianceRequired={project.inspection_compliance_required}
            selection={
              canCertify && inspection.eligibleForCompliance
                ? {
                    checked: selected.includes(inspection.id),
                    onChange: (on) =>
                      setSelected((ids) =>
                        on ? [...ids, inspection.id] : ids.filter((x) => x !== inspection.id),
                      ),
                  }
                : null
            }
          />
        ))}
      </SimpleGrid>
      {(cursors.length > 0 || data.paginationState.nextCursor) && (
        <Group justify="center">
          <Button
            variant="default"
            disabled={cursors.length === 0}
            onClick={() => setCursors((c) => c.slice(0, -1))}
          >
            Previous
          </Button>
          <Button
            variant="default"
            disabled={!data.paginationState.nextCursor}
            onClick={() => setCursors((c) => [...c, data.paginationState.nextCursor!])}
          >
            Next
          </Button>
        </Group>
      )}
      <BulkCertifyModal
        opened={certifying}
        divisionId={divisionId}
        inspections={data.pageData.filter((i) => selected.includes(i.id))}
        onClose={() => setCertifying(false)}
        onDone={(count) => {
          void refreshInspections();
          setCertifying(false);
          setSelected([]);
          notifications.show({
            color: 'teal',
            title: 'Certified',
            message: `${count} inspection(s) certified for compliance.`,
          });
        }}
      />
    </Stack>
  );
}
