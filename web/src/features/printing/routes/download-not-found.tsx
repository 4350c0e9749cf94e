import { useEffect } from 'react';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { ReportMessagePage } from '../components/report-message-page';

export const DOWNLOAD_NOT_FOUND_TITLE = 'Download not found';

/** /download-not-found (spec 001 §8): a download link that does not name its report. */
export default function DownloadNotFound() {
  useEffect(() => {
    document.title = `${DOWNLOAD_NOT_FOUND_TITLE} · ${getRuntimeConfig().documentTitle}`;
  }, []);
  return (
    <ReportMessagePage title={DOWNLOAD_NOT_FOUND_TITLE}>
      This download link is incomplete: it does not say which report to download. Print the report again from
      its project or inspection.
    </ReportMessagePage>
  );
}
