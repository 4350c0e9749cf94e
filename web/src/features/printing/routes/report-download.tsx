import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { Alert, Anchor, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconFileDownload } from '@tabler/icons-react';
import type { ReportView } from '@stormline/contract/reports';
import { ID_PATTERN } from '@stormline/contract/schemas';
import { REPORT_DOWNLOAD_DELAY_MS, REPORT_MESSAGES } from '@stormline/domain/reports';
import { paths } from '../../../config/paths';
import { ApiError, isPublicPath } from '../../../lib/api-client';
import { useCurrentDivisionId, useSession } from '../../../lib/auth';
import { isUserDivision } from '../../../lib/division';
import { usePublicDivisionId } from '../../../lib/public-session';
import { errorMessage } from '../../../lib/errors';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { saveFile } from '../../../lib/save-file';
import { getReport, reportFileHref } from '../api/reports';
import DownloadNotFound from './download-not-found';
import ReportNotFound from './report-not-found';

type Read =
  { state: 'reading' } | { state: 'read'; report: ReportView } | { state: 'failed'; error: unknown };

/** The file name the browser saves: the report's title, a .pdf. */
const fileName = (title: string) => (/\.pdf$/i.test(title) ? title : `${title}.pdf`);

/**
 * /inspection/report/download?reportId&reportTitle (spec 002 §2 Printing, spec 001 §8): 'Your
 * report <title> is ready', the download starting by itself after 2 s, and a manual link. The link
 * and its short-lived token are read afresh from GET /api/reports/{reportId} each time the page
 * opens (never carried in this page's address, docs/decisions/0044); a report the server does not
 * know, or not the caller's, goes to /inspection/report/not-found; a link without its parameters
 * to /download-not-found. Its public twin (/public/report/download?…&division) is the same page for
 * a report the public account printed: its calls go with the public token (api-client), its
 * division is the address's, and the not-found pages are shown in place (the signed-in ones are
 * out of a public visitor's reach).
 */
export default function ReportDownload() {
  return isPublicPath() ? <PublicReportDownload /> : <SignedInReportDownload />;
}

function PublicReportDownload() {
  const [search] = useSearchParams();
  const reportId = search.get('reportId');
  const reportTitle = search.get('reportTitle');
  const divisionId = usePublicDivisionId();
  if (!reportId || !reportTitle) return <DownloadNotFound />;
  if (!ID_PATTERN.test(reportId) || !divisionId) return <ReportNotFound />;
  return (
    <DownloadPage
      key={reportId}
      divisionId={divisionId}
      reportId={reportId}
      reportTitle={reportTitle}
      notFound={<ReportNotFound />}
    />
  );
}

function SignedInReportDownload() {
  const [search] = useSearchParams();
  const reportId = search.get('reportId');
  const reportTitle = search.get('reportTitle');
  // The division the report was printed in, when the print modal brought the user here (never in
  // the address: the spec's query is reportId and reportTitle); else the tab's current one.
  const printedIn = (useLocation().state as { divisionId?: unknown } | null)?.divisionId;
  const profile = useSession();
  const current = useCurrentDivisionId();
  const divisionId =
    typeof printedIn === 'string' && isUserDivision(profile, printedIn) ? printedIn : current;
  if (!reportId || !reportTitle) return <Navigate to={paths.report.downloadNotFound.getHref()} replace />;
  if (!ID_PATTERN.test(reportId) || !divisionId)
    return <Navigate to={paths.report.notFound.getHref()} replace />;
  return (
    <DownloadPage
      key={reportId}
      divisionId={divisionId}
      reportId={reportId}
      reportTitle={reportTitle}
      notFound={<Navigate to={paths.report.notFound.getHref()} replace />}
    />
  );
}

function DownloadPage({
  divisionId,
  reportId,
  reportTitle,
  notFound,
}: {
  divisionId: string;
  reportId: string;
  reportTitle: string;
  /** What a report the server does not know (or not the caller's) shows. */
  notFound: ReactNode;
}) {
  const [read, setRead] = useState<Read>({ state: 'reading' });
  const [started, setStarted] = useState(false);

  useEffect(() => {
    document.title = `${reportTitle} · ${getRuntimeConfig().documentTitle}`;
  }, [reportTitle]);

  useEffect(() => {
    const abort = new AbortController();
    getReport(divisionId, reportId, abort.signal).then(
      (report) => setRead({ state: 'read', report }),
      (error: unknown) => !abort.signal.aborted && setRead({ state: 'failed', error }),
    );
    return () => abort.abort();
  }, [divisionId, reportId]);

  const report = read.state === 'read' ? read.report : null;
  const href = report?.status === 'done' && report.url ? reportFileHref(report.url) : null;
  const name = fileName(report?.title || reportTitle);

  // Spec 002 §9: the download starts by itself 2 s after the page is ready.
  useEffect(() => {
    if (!href) return;
    const timer = setTimeout(() => {
      saveFile(href, name);
      setStarted(true);
    }, REPORT_DOWNLOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [href, name]);

  if (read.state === 'failed' && read.error instanceof ApiError && read.error.status === 404) return notFound;

  return (
    <Paper p="xl" radius="lg" maw={640} mx="auto" mt="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconFileDownload size={30} stroke={1.5} aria-hidden />
        </ThemeIcon>
        {read.state === 'reading' && (
          <>
            <Title order={1} fz="h3" c="harbor.9">
              Preparing your report
            </Title>
            <Loader size="sm" aria-label="Reading the report" />
          </>
        )}
        {read.state === 'failed' && (
          <>
            <Title order={1} fz="h3" c="harbor.9">
              {reportTitle}
            </Title>
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(read.error, 'An error has occurred')}
            </Alert>
          </>
        )}
        {report && href && (
          <>
            <Title order={1} fz="h3" c="harbor.9">
              Your report {reportTitle.replace(/\.pdf$/i, '')} is ready
            </Title>
            <Text c="dimmed" role="status" aria-live="polite">
              {started
                ? 'Your download has started. If it did not, use the link below.'
                : 'The download starts in a moment.'}
            </Text>
            <Anchor href={href} download={name} fw={600} py={10} px="sm">
              Download
            </Anchor>
          </>
        )}
        {report && !href && (
          <>
            <Title order={1} fz="h3" c="harbor.9">
              {reportTitle}
            </Title>
            <Alert
              color={report.status === 'error' ? 'red' : 'gray'}
              icon={<IconAlertCircle size={18} />}
              role="alert"
            >
              {report.status === 'error'
                ? (report.message ?? REPORT_MESSAGES.failed)
                : report.status === 'done'
                  ? REPORT_MESSAGES.linkExpired
                  : REPORT_MESSAGES.running}
            </Alert>
          </>
        )}
      </Stack>
    </Paper>
  );
}
