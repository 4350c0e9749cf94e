import { useState } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { tableColumns } from '../../../../components/data-table';
import {
  loadFindingsOverview,
  useFindingTypesUsed,
  useWidgetPages,
  type FindingsOverviewRow,
} from '../../api/dashboard';
import { WidgetFrame, type WidgetChrome } from '../widget-frame';
import { FindingTypeFilter, useWidgetSearch, WidgetSearch, WidgetTable } from '../widget-table';
import { ViewProjectLink } from './view-project-link';

const column = tableColumns<FindingsOverviewRow>();
const decimal = (value: number) => value.toFixed(2);

/** Spec 000 §2 Findings Overview: per site, inspections, averages and days to correct. */
export function FindingsOverviewWidget({ chrome, divisionId }: { chrome: WidgetChrome; divisionId: string }) {
  const search = useWidgetSearch();
  const [type, setType] = useState<string | null>(null);
  const types = useFindingTypesUsed(divisionId, 'overview');
  const list = useWidgetPages(
    divisionId,
    'findings-overview',
    [search.query, type],
    loadFindingsOverview(divisionId, search.query, type),
  );
  const columns = column.columns([
    column.accessor('siteName', { header: 'Site Name', enableSorting: true }),
    column.accessor('clientName', { header: 'Client Name', enableSorting: true }),
    column.accessor('numberOfInspections', { header: 'Total Inspections' }),
    column.accessor('averageFindings', {
      header: 'Avg Findings / Inspection',
      cell: ({ getValue }) => decimal(getValue()),
    }),
    column.accessor('averageCarryOver', {
      header: 'Avg Carry-Over Findings',
      cell: ({ getValue }) => decimal(getValue()),
    }),
    column.accessor('averageDaysToCorrect', {
      header: 'Avg Days To Correct',
      cell: ({ getValue }) => decimal(getValue()),
    }),
    column.accessor('maxDaysToCorrect', { header: 'Max Days To Correct' }),
    column.display({
      id: 'view',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      cell: ({ row }) => <ViewProjectLink divisionId={divisionId} {...row.original} />,
    }),
  ]);
  return (
    <WidgetFrame chrome={chrome}>
      <WidgetTable
        label="Findings Overview"
        list={list}
        toolbar={
          <>
            <FindingTypeFilter types={types.data?.pageData} value={type} onChange={setType} />
            <WidgetSearch search={search} label="Search sites" />
          </>
        }
        columns={columns}
        getRowId={(row) => row.projectId}
        emptyText="No sites found"
      />
    </WidgetFrame>
  );
}
