import { Link } from 'react-router-dom';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { ServerTable, tableColumns } from '../../../components/data-table';
import { paths } from '../../../config/paths';
import type { ServerList } from '../../../lib/list/server-list';
import type { ClientProjectRow } from '../api/get-client-projects';

const column = tableColumns<ClientProjectRow>();

/** Where a project row leads: its inspections tab (spec 001 §2), in the archive when archived. */
export function projectHref(divisionId: string, project: ClientProjectRow): string {
  return project.archivedAt
    ? `${paths.app.archivedProject.getHref(divisionId, project.id)}/inspections`
    : paths.app.project.getHref(divisionId, project.id, 'inspections');
}

/** 'YYYY-MM-DD' shown MM-DD-YYYY, read as the calendar day it is (no time zone shift). */
function formatDay(day: string | null): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null;
  return match ? `${match[2]}-${match[3]}-${match[1]}` : '—';
}

function projectColumns(divisionId: string) {
  return column.columns([
    column.accessor('name', {
      header: 'Name',
      enableSorting: false,
      cell: ({ row }) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor
            component={Link}
            to={projectHref(divisionId, row.original)}
            fw={500}
            c="harbor.9"
            onClick={(event) => event.stopPropagation()}
          >
            {row.original.name}
          </Anchor>
          {row.original.archivedAt && (
            <Badge color="gray" variant="light" radius="sm">
              Archived
            </Badge>
          )}
        </Group>
      ),
    }),
    column.accessor('next_inspection_date', {
      header: 'Next Inspection',
      enableSorting: false,
      cell: ({ getValue }) => (
        <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDay(getValue())}
        </Text>
      ),
    }),
  ]);
}

const columnsCache = new Map<string, ReturnType<typeof projectColumns>>();

/** The client page's Projects tab: name and Next Inspection date; 'No projects found' when none. */
export function ClientProjectsTable({
  list,
  divisionId,
  onOpen,
}: {
  list: ServerList<ClientProjectRow>;
  divisionId: string;
  onOpen: (href: string) => void;
}) {
  let columns = columnsCache.get(divisionId);
  if (!columns) columnsCache.set(divisionId, (columns = projectColumns(divisionId)));
  return (
    <ServerTable
      list={list}
      label="Projects"
      testId="client-projects-table"
      columns={columns}
      getRowId={(project) => project.id}
      emptyText="No projects found"
      onRowClick={(project) => onOpen(projectHref(divisionId, project))}
    />
  );
}
