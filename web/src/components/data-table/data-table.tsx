import { useState, type ReactNode } from 'react';
import {
  Checkbox,
  Group,
  Popover,
  Stack,
  Skeleton,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
  Button,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconColumns } from '@tabler/icons-react';
import {
  flexRender,
  useTable,
  type ColumnVisibilityState,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import type { ListSort } from '../../lib/list/list-url';
import type { ListStatus } from '../../lib/list/server-list';
import { ListError } from '../list-error';
import classes from './stacked-table.module.css';
import { features, type TableColumn } from './table-features';

/** Spec 001 §9: shown for a list the user has no read right on. */
export const LIST_FORBIDDEN_MESSAGE = 'Resource listing is not permitted.';

export interface DataTableSelection<Row> {
  selectedIds: readonly string[];
  onChange: (ids: string[]) => void;
  /** M in 'Selected N of M items': every matching row, not only this page's (a ServerTable's count by default). */
  total?: number | null;
  /** Names a row's checkbox for assistive technology ('Select North Region'). */
  rowLabel?: (row: Row) => string;
  /** False for a row shown but not to be chosen: its checkbox is disabled, and select-all passes it by. */
  canSelect?: (row: Row) => boolean;
}

export interface DataTableProps<Row extends RowData> {
  /** The table's accessible name, e.g. 'Divisions'. */
  label: string;
  columns: TableColumn<Row>[];
  rows: Row[] | undefined;
  getRowId: (row: Row) => string;
  status: ListStatus;
  error?: unknown;
  onReload?: () => void;
  /** The spec's empty text, e.g. 'No Divisions found'. */
  emptyText: string;
  /** Rows of the last page are shown while the next one loads. */
  refreshing?: boolean;
  /**
   * The server's order: with `sort` and `onSortChange` the table asks the list for another order
   * (columns with `enableSorting`); without them it sorts the rows it has.
   */
  sort?: ListSort | null;
  onSortChange?: (sort: ListSort | null) => void;
  selection?: DataTableSelection<Row>;
  /** A menu to show or hide the columns that allow it (`enableHiding`). */
  columnToggle?: boolean;
  /** A totals row built from each column's `footer`. */
  totals?: boolean;
  /**
   * A mouse convenience: a row is not focusable, so the keyboard reaches the record through a real
   * link in one of its cells (Divisions: the name). Give both or neither.
   */
  onRowClick?: (row: Row) => void;
  skeletonRows?: number;
  /** Tighter cells and smaller text, for a table inside a dashboard widget. */
  compact?: boolean;
  toolbar?: ReactNode;
  testId?: string;
}

/**
 * The one table of the product: TanStack Table for the model, Mantine for the markup. It owns the
 * states every list has (loading, empty, forbidden, failed with a reload link), sorting, row
 * selection with 'Selected N of M items', column visibility and a totals row. A server list passes
 * what useServerList answers; docs in web/README.md.
 */
export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const { columns, rows, status, selection, columnToggle, totals, onRowClick } = props;
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>({});
  const serverSorted = props.onSortChange !== undefined;
  const sorting: SortingState = serverSorted
    ? props.sort
      ? [{ id: props.sort.id, desc: props.sort.desc }]
      : []
    : localSorting;
  const rowSelection: RowSelectionState = Object.fromEntries(
    (selection?.selectedIds ?? []).map((id) => [id, true]),
  );

  const table = useTable({
    features,
    columns,
    data: rows ?? NO_ROWS,
    getRowId: (row: Row) => props.getRowId(row),
    manualSorting: serverSorted,
    enableMultiSort: false,
    // Every column sorts A to Z, smallest first, on the first click (TanStack starts numbers descending).
    sortDescFirst: false,
    enableRowSelection: selection
      ? (row: { original: Row }) => selection.canSelect?.(row.original) ?? true
      : false,
    state: { sorting, rowSelection, columnVisibility },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (serverSorted) props.onSortChange?.(next[0] ? { id: next[0].id, desc: next[0].desc } : null);
      else setLocalSorting(next);
    },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater;
      selection?.onChange(Object.keys(next).filter((id) => next[id]));
    },
    onColumnVisibilityChange: setColumnVisibility,
  });

  const visibleColumns = table.getVisibleLeafColumns().length + (selection ? 1 : 0);
  const bodyRows = table.getRowModel().rows;
  const busy = status === 'loading' || props.refreshing;

  return (
    <>
      {(selection || columnToggle || props.toolbar) && (
        <Group justify="space-between" px="md" py="xs" gap="sm" mih={44}>
          <Group gap="sm">
            {selection && (
              <Text fz="sm" c="dimmed" aria-live="polite" data-testid="selection-info">
                Selected {selection.selectedIds.length} of {selection.total ?? rows?.length ?? 0} items
              </Text>
            )}
            {props.toolbar}
          </Group>
          {columnToggle && <ColumnMenu table={table} />}
        </Group>
      )}
      {/* On a phone the rows stack into cards (stacked-table.module.css, docs/decisions/0024). */}
      {/* Native scrolling: Mantine's ScrollArea measured and redrew its thumbs for every table on load. */}
      <Table.ScrollContainer
        type="native"
        minWidth={320}
        className={classes.stacked}
        classNames={{ scrollContainerInner: classes.inner }}
      >
        <Table
          aria-label={props.label}
          aria-busy={busy || undefined}
          highlightOnHover={!!onRowClick}
          verticalSpacing={props.compact ? 6 : 'sm'}
          horizontalSpacing={props.compact ? 8 : 'md'}
          fz={props.compact ? 'xs' : undefined}
          data-testid={props.testId}
          style={props.refreshing ? { opacity: 0.6, transition: 'opacity 150ms' } : undefined}
        >
          <Table.Thead bg="gray.0">
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {selection && (
                  <Table.Th w={44}>
                    <Checkbox
                      aria-label="Select all rows on this page"
                      checked={table.getIsAllPageRowsSelected()}
                      indeterminate={table.getIsSomePageRowsSelected()}
                      onChange={() => table.toggleAllPageRowsSelected()}
                      disabled={!bodyRows.some((row) => row.getCanSelect())}
                    />
                  </Table.Th>
                )}
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <Table.Th
                      key={header.id}
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                    >
                      {header.isPlaceholder ? null : header.column.getCanSort() ? (
                        <UnstyledButton
                          className={classes.sortButton}
                          onClick={header.column.getToggleSortingHandler()}
                          fw={600}
                          fz={props.compact ? 'xs' : 'sm'}
                          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                        >
                          <table.FlexRender header={header} />
                          <SortIcon sorted={sorted} />
                        </UnstyledButton>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {status === 'loading' &&
              Array.from({ length: props.skeletonRows ?? 4 }, (_, index) => (
                <Table.Tr key={`skeleton-${index}`} aria-hidden>
                  {Array.from({ length: visibleColumns }, (_, cell) => (
                    <Table.Td key={cell}>
                      <Skeleton h={14} w={cell === 0 ? '60%' : 90} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {status === 'forbidden' && (
              <MessageRow colSpan={visibleColumns}>
                <Text ta="center" c="dimmed" py="lg">
                  {LIST_FORBIDDEN_MESSAGE}
                </Text>
              </MessageRow>
            )}
            {status === 'error' && (
              <MessageRow colSpan={visibleColumns}>
                <ListError error={props.error} onRetry={() => props.onReload?.()} />
              </MessageRow>
            )}
            {status === 'ready' && bodyRows.length === 0 && (
              <MessageRow colSpan={visibleColumns}>
                <Text ta="center" c="dimmed" py="lg">
                  {props.emptyText}
                </Text>
              </MessageRow>
            )}
            {status === 'ready' &&
              bodyRows.map((row) => (
                // Plain rows and cells with Mantine's table classes: a page of rows is most of a
                // list's render work, and Table.Tr / Table.Td / FlexRender were three components
                // per cell (docs/decisions/0028).
                <tr
                  key={row.id}
                  className={onRowClick ? `${ROW_CLASS} clickable-row` : ROW_CLASS}
                  data-with-row-border
                  data-hover={onRowClick ? true : undefined}
                  onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                  aria-selected={selection ? row.getIsSelected() : undefined}
                >
                  {selection && (
                    <td className={CELL_CLASS} onClick={(event) => event.stopPropagation()}>
                      <Checkbox
                        aria-label={
                          selection.rowLabel
                            ? `Select ${selection.rowLabel(row.original)}`
                            : `Select row ${row.index + 1}`
                        }
                        checked={row.getIsSelected()}
                        disabled={!row.getCanSelect()}
                        onChange={row.getToggleSelectedHandler()}
                      />
                    </td>
                  )}
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={CELL_CLASS}
                      data-label={headerLabel(cell.column.columnDef.header)}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
          </Table.Tbody>
          {totals && status === 'ready' && bodyRows.length > 0 && (
            <Table.Tfoot>
              {table.getFooterGroups().map((group) => (
                <Table.Tr key={group.id} fw={600} bg="gray.0">
                  {selection && <Table.Td />}
                  {group.headers.map((header) => (
                    <Table.Td key={header.id} data-label={headerLabel(header.column.columnDef.header)}>
                      {header.isPlaceholder ? null : <table.FlexRender footer={header} />}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

const ROW_CLASS = Table.classes.tr;
const CELL_CLASS = Table.classes.td;

/** A cell's label in the phone layout: its column's header when that is text. */
function headerLabel(header: unknown): string {
  return typeof header === 'string' ? header : '';
}

// One empty array for every render without rows: a new [] each time would rebuild the row model.
const NO_ROWS: never[] = [];

function MessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>{children}</Table.Td>
    </Table.Tr>
  );
}

function SortIcon({ sorted }: { sorted: false | 'asc' | 'desc' }) {
  if (sorted === 'asc') return <IconArrowUp size={14} aria-hidden />;
  if (sorted === 'desc') return <IconArrowDown size={14} aria-hidden />;
  return (
    <>
      <IconArrowsSort size={14} aria-hidden opacity={0.4} />
      <VisuallyHidden>(sortable)</VisuallyHidden>
    </>
  );
}

function ColumnMenu<Row extends RowData>({
  table,
}: {
  table: ReturnType<typeof useTable<typeof features, Row>>;
}) {
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide());
  return (
    <Popover position="bottom-end" shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <Button variant="default" size="xs" leftSection={<IconColumns size={16} aria-hidden />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label="Columns shown">
          {hideable.map((column) => (
            <Checkbox
              key={column.id}
              label={typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id}
              checked={column.getIsVisible()}
              onChange={() => column.toggleVisibility()}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
