import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, Menu, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCalendarMonth, IconDots, IconList } from '@tabler/icons-react';
import { inspectionsDueAction } from '@stormline/domain/inspection-rules';
import { displayDate } from '@stormline/domain/local-date';
import { tableColumns } from '../../../../components/data-table';
import { paths } from '../../../../config/paths';
import { loadInspectionsDue, useWidgetPages, type InspectionsDueRow } from '../../api/dashboard';
import { browserToday } from '../../../../lib/format';
import { MonthCalendar } from '../month-calendar';
import { WidgetFrame, type WidgetChrome } from '../widget-frame';
import { PostStormDues } from './post-storm-dues';
import { useWidgetSearch, WidgetSearch, WidgetTable } from '../widget-table';

const column = tableColumns<InspectionsDueRow>();
const projectIdOf = (row: InspectionsDueRow) => row.projectId;

const ACTION_COLOR = { 'Start Inspection': 'teal', 'Past Due': 'red', 'View Project': 'harbor' } as const;

/**
 * Spec 000 §4 Inspections Due action, from the due date in the project's time zone; the link
 * starts the inspection when it is scheduled for today.
 */
function dueAction(divisionId: string, row: InspectionsDueRow, mayStart: boolean) {
  const due = inspectionsDueAction(row.dueDate, row.today);
  // Spec 000 §6: starting one needs update on Inspection; others are shown the project.
  const action = due === 'Start Inspection' && !mayStart ? 'View Project' : due;
  const href =
    action === 'Start Inspection' && row.inspectionStatus === 'scheduled'
      ? paths.app.startInspection.getHref(divisionId, row.projectId)
      : paths.app.project.getHref(divisionId, row.projectId, 'inspections');
  return { action, href, color: ACTION_COLOR[action] };
}

function ActionLink({
  divisionId,
  row,
  mayStart,
}: {
  divisionId: string;
  row: InspectionsDueRow;
  mayStart: boolean;
}) {
  const { action, href, color } = dueAction(divisionId, row, mayStart);
  return (
    <Button
      component={Link}
      to={href}
      size="compact-xs"
      variant={action === 'View Project' ? 'light' : 'filled'}
      color={color}
      aria-label={`${action}: ${row.siteName}`}
    >
      {action}
    </Button>
  );
}

const dueColumns = (divisionId: string, mayStart: boolean) =>
  column.columns([
    column.accessor('siteName', { header: 'Site Name', enableSorting: true }),
    column.accessor('clientName', { header: 'Client Name', enableSorting: true }),
    column.accessor('dueDate', {
      header: 'Due Date',
      enableSorting: true,
      cell: ({ getValue }) => displayDate(getValue()),
    }),
    column.display({
      id: 'action',
      header: 'Action',
      cell: ({ row }) => <ActionLink divisionId={divisionId} row={row.original} mayStart={mayStart} />,
    }),
  ]);

/**
 * Spec 000 §2 Inspections Due: the sites' next due dates as a list or a calendar (the menu
 * switches), below the open post-storm dues (issue 23) when there are some.
 */
export function InspectionsDueWidget({
  chrome,
  divisionId,
  mayStart,
}: {
  chrome: WidgetChrome;
  divisionId: string;
  mayStart: boolean;
}) {
  const [view, setView] = useState<'list' | 'calendar'>('list');
  const search = useWidgetSearch();
  const list = useWidgetPages(
    divisionId,
    'inspections-due',
    [search.query],
    loadInspectionsDue(divisionId, search.query),
  );
  // The same columns on every render, so the table does not rebuild its model for each.
  const columns = useMemo(() => dueColumns(divisionId, mayStart), [divisionId, mayStart]);
  return (
    <WidgetFrame
      chrome={chrome}
      actions={
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="compact-sm"
              variant="default"
              rightSection={<IconDots size={14} />}
              aria-label={`Inspections Due view: ${view === 'list' ? 'List View' : 'Calendar View'}`}
            >
              {view === 'list' ? 'List View' : 'Calendar View'}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconCalendarMonth size={16} />} onClick={() => setView('calendar')}>
              Calendar View
            </Menu.Item>
            <Menu.Item leftSection={<IconList size={16} />} onClick={() => setView('list')}>
              List View
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      }
    >
      <PostStormDues divisionId={divisionId} mayStart={mayStart} />
      {view === 'list' ? (
        <WidgetTable
          label="Inspections Due"
          list={list}
          toolbar={<WidgetSearch search={search} label="Search sites" />}
          columns={columns}
          getRowId={projectIdOf}
          emptyText="No inspections due"
        />
      ) : (
        <DueCalendar
          divisionId={divisionId}
          mayStart={mayStart}
          rows={list.rows ?? []}
          hasMore={list.hasMore}
          loadMore={list.loadMore}
        />
      )}
    </WidgetFrame>
  );
}

function DueCalendar({
  divisionId,
  mayStart,
  rows,
  hasMore,
  loadMore,
}: {
  divisionId: string;
  mayStart: boolean;
  rows: InspectionsDueRow[];
  hasMore: boolean;
  loadMore: () => void;
}) {
  const today = rows[0]?.today ?? browserToday();
  const [month, setMonth] = useState(today.slice(0, 7));
  return (
    <Stack gap="xs">
      <MonthCalendar
        label="Inspections due"
        month={month}
        today={today}
        onMonthChange={setMonth}
        yearArrows
        renderDay={(day) =>
          rows
            .filter((row) => row.dueDate === day)
            .map((row) => {
              const { action, href, color } = dueAction(divisionId, row, mayStart);
              return (
                <Tooltip
                  key={row.projectId}
                  label={`${row.siteName} (${row.clientName}): ${action}`}
                  withinPortal
                >
                  <UnstyledButton
                    component={Link}
                    to={href}
                    display="block"
                    w="100%"
                    aria-label={`${row.siteName}: ${action}`}
                  >
                    <Badge
                      color={color}
                      variant="light"
                      size="xs"
                      fullWidth
                      radius="sm"
                      style={{ textTransform: 'none' }}
                    >
                      {row.siteName}
                    </Badge>
                  </UnstyledButton>
                </Tooltip>
              );
            })
        }
      />
      {hasMore && (
        <Text fz="xs" c="dimmed">
          Showing the sites read so far.{' '}
          <Button variant="subtle" size="compact-xs" onClick={loadMore}>
            Load more sites
          </Button>
        </Text>
      )}
    </Stack>
  );
}
