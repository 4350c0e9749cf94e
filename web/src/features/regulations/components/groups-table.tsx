import { Link } from 'react-router-dom';
import { Anchor, Text } from '@mantine/core';
import { ServerTable, tableColumns } from '../../../components/data-table';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import type { ServerList } from '../../../lib/list/server-list';
import type { GroupRow } from '../api/get-groups';

const column = tableColumns<GroupRow>();

/** Spec 001 §2: Name (a link to /groups/{id}), # of Documents, Date Modified (MM-DD-YYYY). */
function groupColumns(divisionId: string) {
  return column.columns([
    column.accessor('name', {
      header: 'Name',
      enableSorting: false,
      cell: ({ row }) => (
        <Anchor
          component={Link}
          to={paths.app.group.getHref(divisionId, row.original.id)}
          fw={500}
          c="harbor.9"
          onClick={(event) => event.stopPropagation()}
        >
          {row.original.name}
        </Anchor>
      ),
    }),
    column.accessor('num_documents', {
      header: '# of Documents',
      enableSorting: false,
      cell: ({ getValue }) => <Text fz="sm">{getValue()}</Text>,
    }),
    column.accessor('updatedAt', {
      header: 'Date Modified',
      enableSorting: false,
      cell: ({ getValue }) => (
        <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(getValue())}
        </Text>
      ),
    }),
  ]);
}

// Built once per division: a new columns array each render would rebuild the table model.
const columnsByDivision = new Map<string, ReturnType<typeof groupColumns>>();
function columnsFor(divisionId: string) {
  let columns = columnsByDivision.get(divisionId);
  if (!columns) {
    columns = groupColumns(divisionId);
    columnsByDivision.set(divisionId, columns);
  }
  return columns;
}

export function GroupsTable({
  list,
  divisionId,
  onOpen,
}: {
  list: ServerList<GroupRow>;
  divisionId: string;
  onOpen: (id: string) => void;
}) {
  return (
    <ServerTable
      list={list}
      label="Regulations"
      testId="groups-table"
      columns={columnsFor(divisionId)}
      getRowId={(group) => group.id}
      emptyText="No regulations found"
      onRowClick={(group) => onOpen(group.id)}
    />
  );
}
