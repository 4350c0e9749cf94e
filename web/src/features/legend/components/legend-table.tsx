import { useMemo } from 'react';
import { ActionIcon, Anchor, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { ServerTable, tableColumns } from '../../../components/data-table';
import type { ServerList } from '../../../lib/list/server-list';
import type { LegendRow } from '../api/get-legend-items';
import { TYPE_LABELS } from './legend-item-modal';
import { SymbolPreview } from '../../../components/map-symbol/symbol-preview';

const column = tableColumns<LegendRow>();

export interface LegendRowActions {
  view: (row: LegendRow) => void;
  edit: ((row: LegendRow) => void) | null;
  remove: ((row: LegendRow) => void) | null;
}

/** Spec 001 §2: Name and Map Symbol; the name opens the read-only view, Edit and Delete by permission. */
function legendColumns(actions: LegendRowActions) {
  return column.columns([
    column.accessor('name', {
      header: 'Name',
      enableSorting: false,
      cell: ({ row }) => (
        <Stack gap={0}>
          <Anchor
            component="button"
            type="button"
            fw={500}
            c="harbor.9"
            ta="left"
            style={{ overflowWrap: 'break-word' }}
            onClick={(event) => {
              event.stopPropagation();
              actions.view(row.original);
            }}
          >
            {row.original.name}
          </Anchor>
          <Text fz="xs" c="dimmed">
            {TYPE_LABELS[row.original.type]}
          </Text>
        </Stack>
      ),
    }),
    column.accessor('map_symbol', {
      header: 'Map Symbol',
      enableSorting: false,
      cell: ({ getValue }) => <SymbolPreview symbol={getValue()} />,
    }),
    column.display({
      id: 'actions',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      cell: ({ row }) => (
        <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(event) => event.stopPropagation()}>
          {actions.edit && (
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Edit ${row.original.name}`}
              onClick={() => actions.edit?.(row.original)}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          )}
          {actions.remove && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${row.original.name}`}
              onClick={() => actions.remove?.(row.original)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ),
    }),
  ]);
}

export function LegendTable({ list, actions }: { list: ServerList<LegendRow>; actions: LegendRowActions }) {
  // Rebuilt only when the actions change (the page keeps them stable): a new columns array each
  // render would rebuild the table model.
  const columns = useColumns(actions);
  return (
    <ServerTable
      list={list}
      label="Legend items"
      testId="legend-table"
      columns={columns}
      getRowId={(row) => row.id}
      emptyText="No legend items found"
      onRowClick={actions.view}
    />
  );
}

function useColumns(actions: LegendRowActions) {
  const { view, edit, remove } = actions;
  return useMemo(() => legendColumns({ view, edit, remove }), [view, edit, remove]);
}
