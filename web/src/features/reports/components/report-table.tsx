import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ActionIcon, Anchor, Skeleton, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTable, type ColumnVisibilityState } from '@tanstack/react-table';
import { tableColumns, type TableColumn } from '../../../components/data-table';
import { features } from '../../../components/data-table/table-features';
import { paths } from '../../../config/paths';
import type { ReportRow } from '../api/get-compliance-report';
import {
  REPORT_COLUMNS,
  visibleColumns,
  type ColumnVisibility,
  type ReportColumn,
  type ReportColumnId,
} from '../report-columns';
import { formatFigure, formatPercent, percentVariance, reportTotals, summaryLayout } from '../report-totals';
import classes from './report-table.module.css';

/** Spec 001 §8's empty text for the report. */
export const NO_DATA_FOUND = 'No data found';

const column = tableColumns<ReportRow>();
const META = new Map(REPORT_COLUMNS.map((meta) => [meta.id, meta]));
const metaOf = (id: string) => META.get(id as ReportColumnId)!;

function HeaderLabel({ meta }: { meta: ReportColumn }) {
  const descriptionId = useId();
  return (
    <span className={`${classes.header} ${meta.kind === 'figure' ? classes.figureHeader : ''}`}>
      <span>{meta.label}</span>
      <Tooltip
        label={meta.definition}
        multiline
        w={260}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          size="xs"
          aria-label={`About ${meta.label}`}
          aria-describedby={descriptionId}
        >
          <IconInfoCircle size={14} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <VisuallyHidden id={descriptionId}>{meta.definition}</VisuallyHidden>
    </span>
  );
}

/** Every column of the report (Column Setting hides some); the name links to the project. */
function reportColumns(divisionId: string | null): TableColumn<ReportRow>[] {
  return REPORT_COLUMNS.map((meta): TableColumn<ReportRow> => {
    if (meta.id === 'projectName')
      return column.accessor('projectName', {
        id: meta.id,
        header: () => <HeaderLabel meta={meta} />,
        cell: ({ row }) =>
          divisionId ? (
            <Anchor
              component={Link}
              to={paths.app.project.getHref(divisionId, row.original.projectId)}
              fz="sm"
              fw={500}
              c="harbor.9"
              className={classes.nameText}
            >
              {row.original.projectName}
            </Anchor>
          ) : (
            <Text fz="sm" fw={500} className={classes.nameText}>
              {row.original.projectName}
            </Text>
          ),
      });
    if (meta.kind === 'text')
      return column.accessor('clientName', { id: meta.id, header: () => <HeaderLabel meta={meta} /> });
    return column.accessor((row) => row[meta.id], {
      id: meta.id,
      header: () => <HeaderLabel meta={meta} />,
      cell: ({ getValue }) => formatFigure(getValue(), meta.decimals),
    });
  });
}

// One column set per division and link permission: a new array each render would rebuild the table model.
const columnsCache = new Map<string, ReturnType<typeof reportColumns>>();
function columnsFor(divisionId: string, canOpenProjects: boolean) {
  const key = canOpenProjects ? divisionId : '';
  let columns = columnsCache.get(key);
  if (!columns) columnsCache.set(key, (columns = reportColumns(canOpenProjects ? divisionId : null)));
  return columns;
}

function cellClass(meta: ReportColumn, index: number): string | undefined {
  const names = [index === 0 ? classes.sticky : '', meta.kind === 'figure' ? classes.figure : ''].filter(
    Boolean,
  );
  return names.length ? names.join(' ') : undefined;
}

/**
 * The report's table (spec 001 §2): headers with their definitions, '-' for null figures, 'No
 * data found', and under the rows the Total row and the Percent Variance row, both computed over
 * the rows shown (report-totals.ts). TanStack Table with the product's table features; its own
 * markup rather than DataTable's, whose footer is one row without spans.
 */
export function ReportTable({
  divisionId,
  rows,
  loading,
  refreshing,
  visibility,
  canOpenProjects,
  label,
}: {
  divisionId: string;
  rows: ReportRow[] | undefined;
  loading: boolean;
  refreshing: boolean;
  visibility: ColumnVisibility;
  canOpenProjects: boolean;
  label: string;
}) {
  const table = useTable({
    features,
    columns: columnsFor(divisionId, canOpenProjects),
    data: rows ?? NO_ROWS,
    getRowId: (row: ReportRow) => row.projectId,
    state: { columnVisibility: visibility as ColumnVisibilityState },
  });
  const shown = visibleColumns(visibility);
  const layout = summaryLayout(shown);
  const bodyRows = table.getRowModel().rows;
  const totals = reportTotals(rows ?? NO_ROWS);
  const variance = percentVariance(totals);
  const ready = !loading && rows !== undefined;
  const { scrollerRef, moreRight } = useMoreToTheRight();

  return (
    <div className={classes.frame} data-more-right={moreRight || undefined}>
      <div
        ref={scrollerRef}
        className={classes.scroller}
        role="region"
        aria-label={`${label}, scrolls sideways`}
        tabIndex={0}
      >
        <Table
          className={classes.table}
          aria-label={label}
          aria-busy={loading || refreshing || undefined}
          verticalSpacing="sm"
          horizontalSpacing="sm"
          fz="sm"
          data-testid="report-table"
          style={refreshing ? { opacity: 0.6, transition: 'opacity 150ms' } : undefined}
        >
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header, index) => (
                  <Table.Th
                    key={header.id}
                    scope="col"
                    className={cellClass(metaOf(header.column.id), index)}
                  >
                    <table.FlexRender header={header} />
                  </Table.Th>
                ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {!ready &&
              Array.from({ length: 5 }, (_, index) => (
                <Table.Tr key={`skeleton-${index}`} aria-hidden>
                  {shown.map((meta, cell) => (
                    <Table.Td key={meta.id} className={cellClass(meta, cell)}>
                      <Skeleton h={14} w={cell === 0 ? 160 : 40} ml={cell === 0 ? 0 : 'auto'} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            {ready && bodyRows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={shown.length}>
                  <Text ta="center" c="dimmed" py="lg">
                    {NO_DATA_FOUND}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {ready &&
              bodyRows.map((row) => (
                <Table.Tr key={row.id}>
                  {row.getVisibleCells().map((cell, index) => (
                    <Table.Td key={cell.id} className={cellClass(metaOf(cell.column.id), index)}>
                      <table.FlexRender cell={cell} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
          </Table.Tbody>
          {ready && bodyRows.length > 0 && (
            <Table.Tfoot>
              <SummaryRow kind="total" label="Total" span={layout.totalLabelSpan}>
                {layout.totalColumns.map((meta) => (
                  <Table.Td key={meta.id} className={classes.figure} data-column={meta.id}>
                    {meta.kind === 'figure' ? formatFigure(totals[meta.id], meta.decimals) : null}
                  </Table.Td>
                ))}
              </SummaryRow>
              {layout.percentColumns.length > 0 && (
                <SummaryRow kind="percent" label="Percent Variance" span={layout.percentLabelSpan}>
                  {layout.percentColumns.map((meta) => (
                    <Table.Td key={meta.id} className={classes.figure} data-column={meta.id}>
                      {meta.kind === 'figure' && meta.percentOf ? formatPercent(variance[meta.id]) : null}
                    </Table.Td>
                  ))}
                </SummaryRow>
              )}
            </Table.Tfoot>
          )}
        </Table>
      </div>
    </div>
  );
}

/** Whether the scroller hides columns to the right of what it shows (for the edge shade). */
function useMoreToTheRight() {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [moreRight, setMoreRight] = useState(false);
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const update = () => setMoreRight(scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1);
    // The observer answers once at the start, then whenever the box or the table changes size.
    const observer = new ResizeObserver(update);
    observer.observe(scroller);
    if (scroller.firstElementChild) observer.observe(scroller.firstElementChild);
    scroller.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      scroller.removeEventListener('scroll', update);
    };
  }, []);
  return { scrollerRef, moreRight };
}

// One empty array for every render without rows: a new [] each time would rebuild the row model.
const NO_ROWS: never[] = [];

function SummaryRow({
  kind,
  label,
  span,
  children,
}: {
  kind: 'total' | 'percent';
  label: string;
  span: number;
  children: ReactNode;
}) {
  return (
    <Table.Tr data-kind={kind} data-testid={`report-${kind}-row`}>
      <Table.Th scope="row" colSpan={span} className={classes.sticky}>
        {label}
      </Table.Th>
      {children}
    </Table.Tr>
  );
}
