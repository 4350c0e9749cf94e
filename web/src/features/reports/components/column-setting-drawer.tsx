import { Button, Checkbox, Drawer, Group, Stack, Text } from '@mantine/core';
import {
  DEFAULT_COLUMN_VISIBILITY,
  OPTIONAL_COLUMNS,
  type ColumnVisibility,
  type ReportColumnId,
} from '../report-columns';

/**
 * Spec 001 §2 'Column Setting': a checkbox per optional column, applied as it is ticked (the table
 * stays in view beside the drawer on a wide screen). Project Name names the row and always shows.
 */
export function ColumnSettingDrawer({
  opened,
  onClose,
  visibility,
  onChange,
}: {
  opened: boolean;
  onClose: () => void;
  visibility: ColumnVisibility;
  onChange: (visibility: ColumnVisibility) => void;
}) {
  const shown = OPTIONAL_COLUMNS.filter((column) => visibility[column.id]).map((column) => column.id);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Column Setting"
      position="right"
      size="sm"
      closeButtonProps={{ 'aria-label': 'Close Column Setting' }}
    >
      <Stack>
        <Text fz="sm" c="dimmed">
          Choose the columns the report shows. Project Name is always shown.
        </Text>
        <Checkbox.Group
          value={shown}
          onChange={(ids) =>
            onChange({
              ...visibility,
              ...Object.fromEntries(OPTIONAL_COLUMNS.map((column) => [column.id, ids.includes(column.id)])),
            })
          }
          aria-label="Columns shown"
        >
          <Stack gap="sm">
            {OPTIONAL_COLUMNS.map((column) => (
              <Checkbox key={column.id} value={column.id satisfies ReportColumnId} label={column.label} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => onChange(DEFAULT_COLUMN_VISIBILITY)}>
            Restore defaults
          </Button>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
