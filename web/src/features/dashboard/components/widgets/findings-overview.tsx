import { tableColumns } from '../../../../components/data-table';
import { loadFindingsOverview, type FindingsOverviewRow } from '../../api/dashboard';
import { SiteFindingsWidget } from '../site-findings-widget';
import type { WidgetChrome } from '../widget-frame';

const column = tableColumns<FindingsOverviewRow>();
const decimal = (value: number) => value.toFixed(2);
const figures = [
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
];

/** Spec 000 §2 Findings Overview: per site, inspections, averages and days to correct. */
export function FindingsOverviewWidget({ chrome, divisionId }: { chrome: WidgetChrome; divisionId: string }) {
  return (
    <SiteFindingsWidget
      chrome={chrome}
      divisionId={divisionId}
      findings="overview"
      load={loadFindingsOverview}
      figures={figures}
      emptyText="No sites found"
    />
  );
}
