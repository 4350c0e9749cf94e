import { useEffect } from 'react';
import { REPORT_MESSAGES } from '@stormline/domain/reports';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { ReportMessagePage } from '../components/report-message-page';

/** /inspection/report/not-found (spec 002 §2, spec 001 §8): the report is unknown, or not the caller's. */
export default function ReportNotFound() {
  useEffect(() => {
    document.title = `${REPORT_MESSAGES.notFound} · ${getRuntimeConfig().documentTitle}`;
  }, []);
  return (
    <ReportMessagePage title={REPORT_MESSAGES.notFound}>
      This report does not exist, has expired, or was printed by someone else. Print it again from its project
      or inspection.
    </ReportMessagePage>
  );
}
