import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { ServerTable, tableColumns } from '../../../components/data-table';
import { paths } from '../../../config/paths';
import type { ServerList } from '../../../lib/list/server-list';
import type { TemplateRow } from '../api/templates';

const column = tableColumns<TemplateRow>();

export interface TemplateRowActions {
  copy: ((row: TemplateRow) => void) | null;
  remove: ((row: TemplateRow) => void) | null;
}

/** Which version new inspections use, as the list says it. */
export function versionText(currentVersion: number): string {
  return currentVersion === 0 ? 'Not published' : `Version ${currentVersion}`;
}

/** Name (a link to the editor), System or User, the published version, and Copy and Delete by permission. */
function templateColumns(divisionId: string, actions: TemplateRowActions) {
  return column.columns([
    column.accessor('name', {
      header: 'Name',
      enableSorting: false,
      cell: ({ row }) => (
        <Anchor
          component={Link}
          to={paths.app.inspectionTemplate.getHref(divisionId, row.original.id)}
          fw={500}
          c="harbor.9"
          style={{ overflowWrap: 'anywhere' }}
          onClick={(event) => event.stopPropagation()}
        >
          {row.original.name}
        </Anchor>
      ),
    }),
    column.accessor('isUserTemplate', {
      header: 'Kind',
      enableSorting: false,
      cell: ({ getValue }) =>
        getValue() ? (
          <Text fz="sm">User</Text>
        ) : (
          <Text fz="sm" c="dimmed">
            System
          </Text>
        ),
    }),
    column.accessor('currentVersion', {
      header: 'Published',
      enableSorting: false,
      cell: ({ getValue }) => (
        <Text fz="sm" c={getValue() === 0 ? 'orange.9' : undefined}>
          {versionText(getValue())}
        </Text>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      cell: ({ row }) => (
        <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(event) => event.stopPropagation()}>
          {actions.copy && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={() => actions.copy?.(row.original)}
            >
              Copy<VisuallyHidden> {row.original.name}</VisuallyHidden>
            </Button>
          )}
          {actions.remove && row.original.isUserTemplate && (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => actions.remove?.(row.original)}
            >
              Delete<VisuallyHidden> {row.original.name}</VisuallyHidden>
            </Button>
          )}
        </Group>
      ),
    }),
  ]);
}

export function TemplatesTable({
  list,
  divisionId,
  actions,
  onOpen,
}: {
  list: ServerList<TemplateRow>;
  divisionId: string;
  actions: TemplateRowActions;
  onOpen: (row: TemplateRow) => void;
}) {
  const { copy, remove } = actions;
  // Rebuilt only when the actions change: a new columns array each render would rebuild the table model.
  const columns = useMemo(() => templateColumns(divisionId, { copy, remove }), [divisionId, copy, remove]);
  return (
    <ServerTable
      list={list}
      label="Inspection templates"
      testId="templates-table"
      columns={columns}
      getRowId={(row) => row.id}
      emptyText="No inspection templates found"
      onRowClick={onOpen}
    />
  );
}
