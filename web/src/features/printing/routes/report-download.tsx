import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import useSWR from 'swr';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { Alert, Anchor, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconFileDownload } from '@tabler/icons-react';
import type { ReportView } from '@stormline/contract/reports';
import { ID_PATTERN } from '@stormline/contract/schemas';
import { REPORT_DOWNLOAD_DELAY_MS, REPORT_MESSAGES } from '@stormline/domain/reports';
import { paths } from '../../../config/paths';
import { ApiError, isPublicPath } from '../../../lib/api-client';
import { cacheKey } from '../../../lib/cache-keys';
import { useCurrentDivisionId, useSession } from '../../../lib/auth';
import { isUserDivision } from '../../../lib/division';
import { usePublicDivisionId } from '../../../lib/public-session';
import { errorMessage } from '../../../lib/errors';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { saveFile } from '../../../lib/save-file';
import { getReport, reportFileHref } from '../api/reports';
import DownloadNotFound from './download-not-found';
import ReportNotFound from './report-not-found';

/** The file name the browser saves: the report's title, a .pdf. */
const fileName = (title: string) => (/\.pdf$/i.test(title) ? title : `${title}.pdf`);

/**
 * /inspection/report/download?reportId&reportTitle (spec 002 §2 Printing, spec 001 §8): 'Your
 * report <title> is ready' (the job's title once read), the download starting by itself after 2 s,
 * and a manual link. The link and its short-lived token are read afresh from GET
 * /api/reports/{reportId} for each download (never carried in this page's address,
 * docs/decisions/0044); a job still printing is read again every few seconds until it is done (the
 * download then starts) or fails (its message shows); a report the server does not
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

/** How often a report still printing is read again: a few seconds, as the progress moves. */
const RUNNING_REREAD_MS = 3000;

const isRunning = (report: ReportView | undefined) =>
  report?.status === 'requested' || report?.status === 'progress';

/** A plain click on the link: the page saves a fresh link itself (modified clicks go to the browser). */
const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

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
  // Read again every few seconds while the job runs, so the page follows it to done (or its error).
  const {
    data: report,
    error,
    mutate,
  } = useSWR(cacheKey(divisionId, 'report', reportId), () => getReport(divisionId, reportId), {
    refreshInterval: (latest) => (isRunning(latest) ? RUNNING_REREAD_MS : 0),
    revalidateOnFocus: false,
  });
  const [started, setStarted] = useState(false);
  const [saveFailure, setSaveFailure] = useState<unknown>(null);
  const autoStarted = useRef(false);

  // The job's own title once read (the name the file is saved under); the address's until then.
  const title = report?.title || reportTitle;
  const shownTitle = title.replace(/\.pdf$/i, '');

  useEffect(() => {
    document.title = `${shownTitle} · ${getRuntimeConfig().documentTitle}`;
  }, [shownTitle]);

  const href = report?.status === 'done' && report.url ? reportFileHref(report.url) : null;

  /**
   * A download link's token lives REPORT_DOWNLOAD_TOKEN_SECONDS: the link read when the page opened
   * may be dead by the time it is used. So each download (the automatic one and each click) reads
   * the job again for a fresh link, and the page shows what that read says.
   */
  const saveFresh = useCallback(async () => {
    // A download asked for before the automatic one: that one is not needed.
    autoStarted.current = true;
    try {
      const fresh = await getReport(divisionId, reportId);
      setSaveFailure(null);
      await mutate(fresh, { revalidate: false });
      if (fresh.status === 'done' && fresh.url) {
        saveFile(reportFileHref(fresh.url), fileName(fresh.title || reportTitle));
        setStarted(true);
      }
    } catch (failure) {
      setSaveFailure(failure);
    }
  }, [divisionId, reportId, reportTitle, mutate]);

  // Spec 002 §9: the download starts by itself 2 s after the page is ready (or the job is done).
  const ready = href !== null;
  useEffect(() => {
    if (!ready || autoStarted.current) return;
    const timer = setTimeout(() => {
      if (!autoStarted.current) void saveFresh();
    }, REPORT_DOWNLOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, saveFresh]);

  const failure = saveFailure ?? (report ? null : error);
  if (failure instanceof ApiError && failure.status === 404) return notFound;

  return (
    <Paper p="xl" radius="lg" maw={640} mx="auto" mt="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconFileDownload size={30} stroke={1.5} aria-hidden />
        </ThemeIcon>
        {!report && !error && (
          <>
            <Title order={1} fz="h3" c="harbor.9">
              Preparing your report
            </Title>
            <Loader size="sm" aria-label="Reading the report" />
          </>
        )}
        {!report && error && (
          <>
            <Title order={1} fz="h3" c="harbor.9">
              {shownTitle}
            </Title>
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(error, 'An error has occurred')}
            </Alert>
          </>
        )}
        {report && href && (
          <>
            <Title order={1} fz="h3" c="harbor.9">
              Your report {shownTitle} is ready
            </Title>
            <Text c="dimmed" role="status" aria-live="polite">
              {started
                ? 'Your download has started. If it did not, use the link below.'
                : 'The download starts in a moment.'}
            </Text>
            {saveFailure !== null && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {errorMessage(saveFailure, 'An error has occurred')}
              </Alert>
            )}
            {/* A real link (keyboard, no script, open in a new tab); a plain click saves a fresh one. */}
            <Anchor
              href={href}
              download={fileName(title)}
              fw={600}
              py={10}
              px="sm"
              onClick={(event: MouseEvent<HTMLAnchorElement>) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                void saveFresh();
              }}
            >
              Download
            </Anchor>
          </>
        )}
        {report && !href && (
          <>
            <Title order={1} fz="h3" c="harbor.9">
              {shownTitle}
            </Title>
            {isRunning(report) ? (
              <>
                <Text c="dimmed" role="status" aria-live="polite">
                  {REPORT_MESSAGES.running} The download starts when it is done.
                </Text>
                <Loader size="sm" aria-hidden />
              </>
            ) : (
              <Alert
                color={report.status === 'error' ? 'red' : 'gray'}
                icon={<IconAlertCircle size={18} />}
                role="alert"
              >
                {report.status === 'error'
                  ? (report.message ?? REPORT_MESSAGES.failed)
                  : REPORT_MESSAGES.linkExpired}
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
