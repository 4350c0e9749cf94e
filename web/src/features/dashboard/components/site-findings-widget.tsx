import { useMemo, useState, type ReactNode } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { tableColumns, type TableColumn } from '../../../components/data-table';
import { useFindingTypesUsed, useWidgetPages } from '../api/dashboard';
import { WidgetFrame, type WidgetChrome } from './widget-frame';
import { FindingTypeFilter, useWidgetSearch, WidgetSearch, WidgetTable } from './widget-table';
import { ViewProjectLink } from './widgets/view-project-link';

interface SiteRow {
  projectId: string;
  siteName: string;
  clientName: string;
}

interface SitePage<Row> {
  pageData: readonly Row[];
  paginationState: { nextCursor: string | null };
}

/** Each widget's list keeps the cache name it had, so its pages stay apart from the other's. */
const LIST_CACHE_NAME = { open: 'open-findings', overview: 'findings-overview' } as const;

/**
 * Open Findings and Findings Overview (spec 000 §2) are one widget with other figures: sites
 * filtered by finding type and a debounced site search, named and linked the same way. Each
 * passes only its figures' columns, which stand between Client Name and the row's action.
 */
export function SiteFindingsWidget<Row extends SiteRow>({
  chrome,
  divisionId,
  findings,
  load,
  figures,
  emptyText,
  action,
}: {
  chrome: WidgetChrome;
  divisionId: string;
  /** Whose finding types the filter offers: the open findings', or every finding's. */
  findings: 'open' | 'overview';
  /** The api's loader of the widget's pages (by division, search and finding type). */
  load: (
    divisionId: string,
    query: string,
    type: string | null,
  ) => (cursor?: string) => Promise<SitePage<Row>>;
  figures: TableColumn<Row>[];
  emptyText: string;
  /** Each row's action: View Project, unless the widget's variant says otherwise (keep it the same function between renders). */
  action?: (row: Row) => ReactNode;
}) {
  const search = useWidgetSearch();
  const [type, setType] = useState<string | null>(null);
  const types = useFindingTypesUsed(divisionId, findings);
  const list = useWidgetPages(
    divisionId,
    LIST_CACHE_NAME[findings],
    [search.query, type],
    load(divisionId, search.query, type),
  );
  // The same columns on every render, so the table does not rebuild its rows for each.
  const columns = useMemo(
    () =>
      siteColumns(figures, action ?? ((row: Row) => <ViewProjectLink divisionId={divisionId} {...row} />)),
    [figures, action, divisionId],
  );
  return (
    <WidgetFrame chrome={chrome}>
      <WidgetTable
        label={chrome.name}
        list={list}
        toolbar={
          <>
            <FindingTypeFilter types={types.data?.pageData} value={type} onChange={setType} />
            <WidgetSearch search={search} label="Search sites" />
          </>
        }
        columns={columns}
        getRowId={projectIdOf}
        emptyText={emptyText}
      />
    </WidgetFrame>
  );
}

const projectIdOf = (row: SiteRow) => row.projectId;

function siteColumns<Row extends SiteRow>(figures: TableColumn<Row>[], action: (row: Row) => ReactNode) {
  const column = tableColumns<Row>();
  return column.columns([
    column.accessor((row) => row.siteName, { id: 'siteName', header: 'Site Name', enableSorting: true }),
    column.accessor((row) => row.clientName, {
      id: 'clientName',
      header: 'Client Name',
      enableSorting: true,
    }),
    ...figures,
    column.display({
      id: 'action',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      cell: ({ row }) => action(row.original),
    }),
  ]);
}
