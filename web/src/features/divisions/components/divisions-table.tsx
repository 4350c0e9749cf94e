import { Link } from 'react-router-dom';
import { Anchor, Text } from '@mantine/core';
import { ServerTable, tableColumns } from '../../../components/data-table';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import type { ServerList } from '../../../lib/list/server-list';
import type { DivisionRow } from '../api/get-divisions';

const column = tableColumns<DivisionRow>();

/** Name (a link for users who may update divisions) and Created At (MM-DD-YYYY). */
function divisionColumns(canOpen: boolean) {
  return column.columns([
    column.accessor('name', {
      header: 'Name',
      enableSorting: false,
      cell: ({ row }) =>
        canOpen ? (
          <Anchor
            component={Link}
            to={paths.app.division.getHref(row.original.id)}
            fw={500}
            c="harbor.9"
            onClick={(event) => event.stopPropagation()}
          >
            {row.original.name}
          </Anchor>
        ) : (
          <Text fw={500}>{row.original.name}</Text>
        ),
    }),
    column.accessor('createdAt', {
      header: 'Created At',
      enableSorting: false,
      cell: ({ getValue }) => (
        <Text fz="sm" c="dimmed">
          {formatDate(getValue())}
        </Text>
      ),
    }),
  ]);
}

// Built once per permission: a new columns array each render would rebuild the table model.
const COLUMNS = { canOpen: divisionColumns(true), readOnly: divisionColumns(false) };

export function DivisionsTable({
  list,
  canOpen,
  onOpen,
}: {
  list: ServerList<DivisionRow>;
  canOpen: boolean;
  onOpen: (id: string) => void;
}) {
  return (
    <ServerTable
      list={list}
      label="Divisions"
      testId="divisions-table"
      columns={canOpen ? COLUMNS.canOpen : COLUMNS.readOnly}
      getRowId={(division) => division.id}
      emptyText="No Divisions found"
      onRowClick={canOpen ? (division) => onOpen(division.id) : undefined}
    />
  );
}
