import { memo, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { RowData } from '@tanstack/react-table';
import { DataTable, type DataTableProps } from '../../../components/data-table';
import { ApiError } from '../../../lib/api-client';
import type { ListSort } from '../../../lib/list/list-url';
import classes from './widget-table.module.css';

/**
 * The table renders again only when its rows, state, columns or selection change, not on every
 * render of its widget (SWR's validating flags, a search keystroke): each widget passes stable
 * columns, getRowId and selection, and useWidgetPages stable rows and reload.
 */
const WidgetDataTable = memo(DataTable) as typeof DataTable;

/** Spec 000 §9: widget search inputs are debounced by 500 ms. */
export const WIDGET_SEARCH_DELAY_MS = 500;
/** Spec 000 §9: the certification table's height, which every widget table shares. */
export const WIDGET_TABLE_HEIGHT = 403;
/**
 * A sort orders every row, not only the pages read: choosing one reads the remaining pages first,
 * up to this many rows (eight pages of 25); past it the widget says it sorted the first ones only
 * (docs/decisions/0027).
 */
export const WIDGET_SORT_ALL_CAP = 200;

function compareCells(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // Names and ISO dates; 'Site 9' before 'Site 10'.
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true, sensitivity: 'base' });
}

function sortedRows<Row>(rows: Row[] | undefined, sort: ListSort | null): Row[] | undefined {
  if (!rows || !sort) return rows;
  const sign = sort.desc ? -1 : 1;
  return [...rows].sort(
    (a, b) =>
      sign * compareCells((a as Record<string, unknown>)[sort.id], (b as Record<string, unknown>)[sort.id]),
  );
}

/** A widget's search text, and the same text once typing has paused for the widget delay. */
export function useWidgetSearch() {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), WIDGET_SEARCH_DELAY_MS);
  return { text, setText, query: debounced };
}

export function WidgetSearch({
  search,
  label,
}: {
  search: ReturnType<typeof useWidgetSearch>;
  label: string;
}) {
  return (
    <TextInput
      type="search"
      size="xs"
      aria-label={label}
      placeholder={label}
      maxLength={100}
      leftSection={<IconSearch size={14} aria-hidden />}
      value={search.text}
      onChange={(event) => search.setText(event.currentTarget.value)}
      style={{ flex: '1 1 180px' }}
    />
  );
}

/** The finding type filter of Open Findings and Findings Overview ('All Types' first). */
export function FindingTypeFilter({
  types,
  value,
  onChange,
}: {
  types: { code: string; name: string }[] | undefined;
  value: string | null;
  onChange: (code: string | null) => void;
}) {
  return (
    <Select
      size="xs"
      aria-label="Finding type"
      placeholder="All Types"
      data={[
        { value: '', label: 'All Types' },
        ...(types ?? []).map((t) => ({ value: t.code, label: `${t.name} (${t.code})` })),
      ]}
      value={value ?? ''}
      onChange={(code) => onChange(code || null)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', xs: 190 }}
    />
  );
}

/**
 * The box a widget's table scrolls in, at most the widget height (spec 000 §9). The browser's own
 * scrolling: Mantine's ScrollArea measured and redrew its scrollbars for every widget as it loaded.
 */
export function WidgetTableBox({ children }: { children: ReactNode }) {
  return (
    <div className={classes.box} style={{ maxHeight: WIDGET_TABLE_HEIGHT }}>
      {children}
    </div>
  );
}

interface WidgetList<Row> {
  rows: Row[] | undefined;
  error: unknown;
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  loadMore: () => void;
  reload: () => void;
}

/**
 * A widget's table: the product's DataTable (loading, empty, failed with reload, sorting the rows
 * read), in a scrolling box of the widget height, with Load more while the server has more sites.
 */
export function WidgetTable<Row extends RowData>({
  list,
  toolbar,
  ...table
}: Omit<DataTableProps<Row>, 'rows' | 'status' | 'error' | 'onReload'> & {
  list: WidgetList<Row>;
  toolbar?: ReactNode;
}) {
  const forbidden = list.error instanceof ApiError && list.error.status === 403;
  const [sort, setSort] = useState<ListSort | null>(null);
  const read = list.rows?.length ?? 0;
  const { hasMore, loading, loadingMore, error, loadMore } = list;
  const readingAll = sort !== null && hasMore && read < WIDGET_SORT_ALL_CAP && !error;
  useEffect(() => {
    if (readingAll && !loading && !loadingMore) loadMore();
    // loadMore is a new function each render; the states above say when another page is due.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readingAll, loading, loadingMore, read]);
  // The rows render in a transition, which React slices and yields from, so a page of rows never
  // blocks the main thread in one long task; the skeleton stays until they are there.
  const deferredRows = useDeferredValue(list.rows);
  const rows = useMemo(() => sortedRows(deferredRows, sort), [deferredRows, sort]);
  const showLoading = list.loading || (list.rows !== undefined && deferredRows === undefined);
  return (
    <>
      {toolbar && (
        <Group gap="xs" wrap="wrap">
          {toolbar}
        </Group>
      )}
      <WidgetTableBox>
        <WidgetDataTable
          {...table}
          rows={rows}
          // Sorted here, over every row read (see WIDGET_SORT_ALL_CAP), not by the table.
          sort={sort}
          onSortChange={setSort}
          refreshing={readingAll}
          status={forbidden ? 'forbidden' : list.error ? 'error' : showLoading ? 'loading' : 'ready'}
          error={list.error}
          onReload={list.reload}
          skeletonRows={table.skeletonRows ?? 4}
          compact
        />
      </WidgetTableBox>
      {sort && hasMore && !readingAll && (
        <Text fz="xs" c="dimmed" role="status">
          Sorted among the first {read} rows only. Load more to sort more of them.
        </Text>
      )}
      {list.hasMore && (
        <Button variant="subtle" size="xs" w="fit-content" loading={list.loadingMore} onClick={list.loadMore}>
          Load more
        </Button>
      )}
    </>
  );
}
