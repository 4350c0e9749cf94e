import { useState } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { tableColumns } from '../../../../components/data-table';
import {
  loadOpenFindings,
  useFindingTypesUsed,
  useWidgetPages,
  type OpenFindingsRow,
} from '../../api/dashboard';
import { WidgetFrame, type WidgetChrome } from '../widget-frame';
import { FindingTypeFilter, useWidgetSearch, WidgetSearch, WidgetTable } from '../widget-table';
import { ViewProjectLink } from './view-project-link';

const column = tableColumns<OpenFindingsRow>();

/** Spec 000 §2 Open Findings: per site, its open findings and the days the oldest has been open. */
export function OpenFindingsWidget({ chrome, divisionId }: { chrome: WidgetChrome; divisionId: string }) {
  const search = useWidgetSearch();
  const [type, setType] = useState<string | null>(null);
  const types = useFindingTypesUsed(divisionId, 'open');
  const list = useWidgetPages(
    divisionId,
    'open-findings',
    [search.query, type],
    loadOpenFindings(divisionId, search.query, type),
  );
  const columns = column.columns([
    column.accessor('siteName', { header: 'Site Name', enableSorting: true }),
    column.accessor('clientName', { header: 'Client Name', enableSorting: true }),
    column.accessor('openFindingsCount', { header: 'Open Findings', enableSorting: true }),
    column.accessor('maxDaysOpened', { header: 'Max Days Opened', enableSorting: true }),
    column.display({
      id: 'view',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      cell: ({ row }) => <ViewProjectLink divisionId={divisionId} {...row.original} />,
    }),
  ]);
  return (
    <WidgetFrame chrome={chrome}>
      <WidgetTable
        label="Open Findings"
        list={list}
        toolbar={
          <>
            <FindingTypeFilter types={types.data?.pageData} value={type} onChange={setType} />
            <WidgetSearch search={search} label="Search sites" />
          </>
        }
        columns={columns}
        getRowId={(row) => row.projectId}
        emptyText="There are no open findings"
      />
    </WidgetFrame>
  );
}
