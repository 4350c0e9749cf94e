import { tableColumns } from '../../../../components/data-table';
import { loadOpenFindings, type OpenFindingsRow } from '../../api/dashboard';
import { SiteFindingsWidget } from '../site-findings-widget';
import type { WidgetChrome } from '../widget-frame';

const column = tableColumns<OpenFindingsRow>();
const figures = [
  column.accessor('openFindingsCount', { header: 'Open Findings', enableSorting: true }),
  column.accessor('maxDaysOpened', { header: 'Max Days Opened', enableSorting: true }),
];

/** Spec 000 §2 Open Findings: per site, its open findings and the days the oldest has been open. */
export function OpenFindingsWidget({ chrome, divisionId }: { chrome: WidgetChrome; divisionId: string }) {
  return (
    <SiteFindingsWidget
      chrome={chrome}
      divisionId={divisionId}
      findings="open"
      load={loadOpenFindings}
      figures={figures}
      emptyText="There are no open findings"
    />
  );
}
