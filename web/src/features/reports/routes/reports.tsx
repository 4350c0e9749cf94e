import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ActionIcon, Alert, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLock, IconSettings } from '@tabler/icons-react';
import { REPORT_MESSAGES } from '@stormline/domain/compliance-report';
import { displayDate } from '@stormline/domain/local-date';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth';
import { useDivisionId } from '../../../lib/division-context';
import { canOpenPage } from '../../../lib/page-access';
import { useComplianceReport } from '../api/get-compliance-report';
import { ColumnSettingDrawer } from '../components/column-setting-drawer';
import { ReportFilters } from '../components/report-filters';
import { lastPageOf, ReportPager } from '../components/report-pager';
import { ReportTable } from '../components/report-table';
import { DEFAULT_COLUMN_VISIBILITY } from '../report-columns';
import { browserToday, readReportQuery, writeReportQuery, type ReportQuery } from '../report-query';

const TITLE = 'Compliance Report';

function rangeText(query: ReportQuery): string {
  if (query.minDate && query.maxDate)
    return `from ${displayDate(query.minDate)} to ${displayDate(query.maxDate)}`;
  if (query.minDate) return `from ${displayDate(query.minDate)} to today`;
  if (query.maxDate) return `from each project’s first day to ${displayDate(query.maxDate)}`;
  return 'from each project’s first day to today';
}

/** Spec 001 §2 and §8: a failed report call replaces the page with this message (403 or any other). */
function NoAccess({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const refused = error instanceof ApiError && error.status === 403;
  return (
    <>
      <PageHeader title={TITLE} />
      <Alert
        color="orange"
        variant="light"
        icon={<IconLock size={18} aria-hidden />}
        data-testid="report-no-access"
      >
        <Text fz="sm">{REPORT_MESSAGES.noAccess}</Text>
        {!refused && (
          <Button variant="subtle" size="compact-sm" mt="xs" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Alert>
    </>
  );
}

/**
 * /divisions/{id}/reports (spec 001 §2, §3, §7, §9; docs/decisions/0021): the division's
 * compliance report. Filters and page live in the URL; Column Setting in the drawer; the Total and
 * Percent Variance rows are computed over the rows shown.
 *
 * Spec 001 §9's "panel close 500 ms" (the side panel closes after the page opens) has nothing to
 * act on in this shell: the side navigation is fixed beside the page from 992 px and is already
 * closed below it (app/layouts/app-layout.tsx), so the report takes the space it is given.
 */
export default function ReportsRoute() {
  const divisionId = useDivisionId();
  const profile = useSession();
  const [params, setParams] = useSearchParams();
  const today = browserToday();
  const paramsText = params.toString();
  const query = useMemo(() => readReportQuery(new URLSearchParams(paramsText), today), [paramsText, today]);
  const report = useComplianceReport(divisionId, query);
  const [visibility, setVisibility] = useState(DEFAULT_COLUMN_VISIBILITY);
  const [settingsOpened, settings] = useDisclosure(false);

  const change = (changes: Partial<ReportQuery>, { replace = false } = {}) =>
    setParams((current) => writeReportQuery(current, changes), { replace });

  const answer = report.data;
  const lastPage = answer
    ? lastPageOf(answer.paginationState.numModels, answer.paginationState.pageSize)
    : null;
  // A page past the last (a stale link, or fewer rows since): back to the first.
  const pastLastPage = !report.isLoading && lastPage !== null && query.p > lastPage;
  useEffect(() => {
    if (pastLastPage) setParams((current) => writeReportQuery(current, { p: 1 }), { replace: true });
  }, [pastLastPage, setParams]);

  if (report.error) return <NoAccess error={report.error} onRetry={() => void report.mutate()} />;

  // An answer for a page past its last is an empty page about to be replaced by page 1 (kept on
  // show while page 1 loads): shown as loading, not as 'No data found' with a pager reading
  // '11–10 of 2 · Page 2 of 1'.
  const loading = answer === undefined || answer.paginationState.page > (lastPage ?? 1);
  return (
    <>
      <PageHeader
        title={TITLE}
        description="Inspections, findings, acknowledgements, compliance signatures and missed inspections per project of this division."
      />
      <Paper radius="lg" withBorder style={{ overflow: 'hidden' }}>
        <ReportFilters divisionId={divisionId} query={query} today={today} onChange={change} />
        <Group
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          px="md"
          py="xs"
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Text fz="sm" c="dimmed" aria-live="polite" data-testid="report-summary">
            {loading
              ? 'Loading the report…'
              : `${answer.paginationState.numModels} ${answer.paginationState.numModels === 1 ? 'project' : 'projects'}, figures ${rangeText(query)}`}
          </Text>
          <Tooltip label="Column Setting">
            <ActionIcon variant="default" size="lg" aria-label="Column Setting" onClick={settings.open}>
              <IconSettings size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        <ReportTable
          divisionId={divisionId}
          label={TITLE}
          rows={answer?.pageData}
          loading={loading}
          refreshing={report.isLoading && !loading}
          visibility={visibility}
          canOpenProjects={canOpenPage(profile, 'project')}
        />
        {answer && !loading && (
          <ReportPager
            // The page on show (the server's echo of p): while the next one loads, the last one's.
            page={answer.paginationState.page}
            rows={query.r}
            numModels={answer.paginationState.numModels}
            pageSize={answer.paginationState.pageSize}
            shownCount={answer.pageData.length}
            onPage={(p) => change({ p })}
            onRows={(r) => change({ r, p: 1 })}
          />
        )}
      </Paper>
      <ColumnSettingDrawer
        opened={settingsOpened}
        onClose={settings.close}
        visibility={visibility}
        onChange={setVisibility}
      />
    </>
  );
}
