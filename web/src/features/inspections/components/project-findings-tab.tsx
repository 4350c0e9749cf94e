import { Link } from 'react-router-dom';
import { Anchor, Badge, Paper } from '@mantine/core';
import { projectsRoutes } from '@stormline/contract/areas/projects';
import { displayDate } from '@stormline/domain/local-date';
import { ServerTable, tableColumns } from '../../../components/data-table';
import { callApi, type ApiResponse } from '../../../lib/api-client';
import { useServerList } from '../../../lib/list/server-list';

type Row = ApiResponse<typeof projectsRoutes.listProjectFindings>['pageData'][number];
const column = tableColumns<Row>();

const COLUMNS = column.columns([
  column.accessor('number', {
    header: 'Finding',
    enableSorting: false,
    cell: ({ row }) => (
      <Anchor
        component={Link}
        to={`/inspection/${row.original.initial_inspection_id}/findings`}
        fw={500}
        c="harbor.9"
      >
        {row.original.type.code} #{row.original.number}
      </Anchor>
    ),
  }),
  column.accessor('location', { header: 'Location', enableSorting: false }),
  column.accessor('date_initiated', {
    header: 'Initiated',
    enableSorting: false,
    cell: ({ getValue }) => displayDate(getValue()),
  }),
  column.accessor('due_by', {
    header: 'Due by',
    enableSorting: false,
    // CGP 5.2's deadline, where the finding has one (0049); the others are late after 7 days open.
    cell: ({ getValue }) => (getValue() ? displayDate(getValue()) : '—'),
  }),
  column.accessor('date_completed', {
    header: 'Completed',
    enableSorting: false,
    cell: ({ getValue }) =>
      getValue() ? (
        displayDate(getValue())
      ) : (
        <Badge color="red" variant="light" size="sm">
          Open
        </Badge>
      ),
  }),
]);

/** The project's Findings tab (spec 002 §2): every finding, open first, each opening its inspection. */
export function ProjectFindingsTab({ divisionId, projectId }: { divisionId: string; projectId: string }) {
  const list = useServerList({
    resource: 'inspections/project-findings',
    divisionId,
    load: ({ cursor }) =>
      callApi(projectsRoutes.listProjectFindings, {
        divisionId,
        params: { id: projectId },
        query: { cursor },
      }),
  });
  return (
    <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
      <ServerTable
        list={list}
        label="Findings"
        columns={COLUMNS}
        getRowId={(f) => f.id}
        emptyText="No findings"
      />
    </Paper>
  );
}
