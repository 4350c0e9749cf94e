import { Link } from 'react-router-dom';
import { Anchor, Text } from '@mantine/core';
import { ServerTable, tableColumns } from '../../../components/data-table';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import type { ServerList } from '../../../lib/list/server-list';
import type { ClientRow } from '../api/get-clients';
import { formatAddress } from './client-address';

const column = tableColumns<ClientRow>();

/** Spec 001 §2: Name (a link with read Client), Address, Date Created (MM-DD-YYYY). */
function clientColumns(divisionId: string | null) {
  return column.columns([
    column.accessor('name', {
      header: 'Name',
      enableSorting: false,
      cell: ({ row }) =>
        divisionId ? (
          <Anchor
            component={Link}
            to={paths.app.client.getHref(divisionId, row.original.id)}
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
    column.accessor((client) => formatAddress(client.address), {
      id: 'address',
      header: 'Address',
      enableSorting: false,
      cell: ({ getValue }) => (
        <Text fz="sm" miw={200}>
          {getValue()}
        </Text>
      ),
    }),
    column.accessor('createdAt', {
      header: 'Date Created',
      enableSorting: false,
      cell: ({ getValue }) => (
        <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(getValue())}
        </Text>
      ),
    }),
  ]);
}

// One column set per division and permission: a new array each render would rebuild the table model.
const columnsCache = new Map<string, ReturnType<typeof clientColumns>>();
function columnsFor(divisionId: string, canOpen: boolean) {
  const key = canOpen ? divisionId : '';
  let columns = columnsCache.get(key);
  if (!columns) columnsCache.set(key, (columns = clientColumns(canOpen ? divisionId : null)));
  return columns;
}

export function ClientsTable({
  list,
  divisionId,
  canOpen,
  onOpen,
}: {
  list: ServerList<ClientRow>;
  divisionId: string;
  canOpen: boolean;
  onOpen: (id: string) => void;
}) {
  return (
    <ServerTable
      list={list}
      label="Clients"
      testId="clients-table"
      columns={columnsFor(divisionId, canOpen)}
      getRowId={(client) => client.id}
      emptyText="No Clients found"
      onRowClick={canOpen ? (client) => onOpen(client.id) : undefined}
    />
  );
}
