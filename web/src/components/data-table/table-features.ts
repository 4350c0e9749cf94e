import {
  columnVisibilityFeature,
  createColumnHelper,
  createSortedRowModel,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';

/**
 * The TanStack Table features every table of the product may use: sorting (client-side, or the
 * server's order when the list sorts), row selection ('Selected N of M items') and column
 * visibility. Registered once, so each screen's columns share one type.
 */
export const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, basic: sortFn_basic },
  rowSelectionFeature,
  columnVisibilityFeature,
});

export type Features = typeof features;
// Each column has its own value type; a list of them is typed by the row alone, as TanStack does.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TableColumn<Row extends RowData> = ColumnDef<Features, Row, any>;

/** A typed column builder for one screen's rows: `const column = tableColumns<Division>()`. */
export function tableColumns<Row extends RowData>() {
  return createColumnHelper<Features, Row>();
}
