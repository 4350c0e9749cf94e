import { Badge, Paper, Stack, Text } from '@mantine/core';
import { ServerTable, tableColumns } from '../../../components/data-table';
import { useChangeLog, type ChangeLogEntry } from '../api/projects';

const column = tableColumns<ChangeLogEntry>();

/** A logged value (JSON text) as a person reads it. */
const show = (text: string): string => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('userName' in v && 'date' in v) return `${String(v.userName)}, ${String(v.date)}`;
    return JSON.stringify(value);
  }
  return String(value);
};

const COLUMNS = column.columns([
  column.accessor('at', {
    header: 'When',
    enableSorting: false,
    cell: ({ getValue }) => (
      <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
        {new Date(getValue()).toLocaleString()}
      </Text>
    ),
  }),
  column.accessor((e) => e.actor.name, { id: 'who', header: 'Who', enableSorting: false }),
  column.accessor('label', {
    header: 'What',
    enableSorting: false,
    cell: ({ row }) => (
      <Stack gap={2}>
        <Text fz="sm" fw={500}>
          {row.original.label}
        </Text>
        <Badge variant="light" radius="sm" size="sm">
          {row.original.action}
        </Badge>
      </Stack>
    ),
  }),
  column.accessor((e) => e.changes.length, {
    id: 'changes',
    header: 'Changes',
    enableSorting: false,
    cell: ({ row }) => (
      <Stack gap={2} miw={220}>
        {row.original.changes.map((c, i) => (
          <Text key={i} fz="xs" style={{ overflowWrap: 'anywhere' }}>
            <strong>{c.field}</strong>: {show(c.from)} → {show(c.to)}
          </Text>
        ))}
      </Stack>
    ),
  }),
]);

/** The Log tab (0018): every write to the project, its inspections, findings and signatures, newest first. */
export function LogTab({ divisionId, projectId }: { divisionId: string; projectId: string }) {
  const list = useChangeLog(divisionId, projectId);
  return (
    <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
      <ServerTable
        list={list}
        label="Change log"
        columns={COLUMNS}
        getRowId={(e) => e.id}
        emptyText="No changes yet"
      />
    </Paper>
  );
}
