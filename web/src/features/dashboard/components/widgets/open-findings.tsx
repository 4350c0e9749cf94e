import { useCallback } from 'react';
import { displayDate } from '@stormline/domain/local-date';
import { tableColumns } from '../../../../components/data-table';
import { loadOpenFindings, type OpenFindingsRow } from '../../api/dashboard';
import { SiteFindingsWidget } from '../site-findings-widget';
import type { WidgetChrome } from '../widget-frame';
import { CompleteFindingsButton } from './complete-findings-button';

const column = tableColumns<OpenFindingsRow>();
const figures = [
  column.accessor('openFindingsCount', { header: 'Open Findings', enableSorting: true }),
  column.accessor('maxDaysOpened', { header: 'Max Days Opened', enableSorting: true }),
  column.accessor('nextDueBy', {
    header: 'Next Due By',
    enableSorting: false,
    // The earliest CGP 5.2 deadline among the site's open findings; none on the fixed interval.
    cell: ({ getValue }) => (getValue() ? displayDate(getValue()) : '—'),
  }),
];

/**
 * Spec 000 §2 Open Findings: per site, its open findings and the days the oldest has been open,
 * each with View Project; or, in the variant (the BMP Contractor's dashboard, who corrects
 * findings), with Complete Findings.
 */
export function OpenFindingsWidget({
  chrome,
  divisionId,
  variant = 'view-project',
}: {
  chrome: WidgetChrome;
  divisionId: string;
  variant?: 'view-project' | 'complete-findings';
}) {
  const completeFindings = useCallback(
    (row: OpenFindingsRow) => <CompleteFindingsButton divisionId={divisionId} {...row} />,
    [divisionId],
  );
  return (
    <SiteFindingsWidget
      chrome={chrome}
      divisionId={divisionId}
      findings="open"
      load={loadOpenFindings}
      figures={figures}
      emptyText="There are no open findings"
      {...(variant === 'complete-findings' ? { action: completeFindings } : {})}
    />
  );
}
