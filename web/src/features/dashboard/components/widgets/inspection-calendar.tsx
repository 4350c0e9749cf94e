import { useState } from 'react';
import {
  Anchor,
  Group,
  Loader,
  Popover,
  Select,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconCheck,
  IconClock,
  IconCloudRain,
  IconUmbrella,
  IconX,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { calendarState, type CalendarState } from '@stormline/domain/inspection-rules';
import { displayDate } from '@stormline/domain/local-date';
import { paths } from '../../../../config/paths';
import {
  useCalendarMonth,
  useCalendarProjects,
  type CalendarEntry,
  type CalendarStorm,
} from '../../api/dashboard';
import { browserToday } from '../../../../lib/format';
import { MonthCalendar } from '../month-calendar';
import { WidgetFrame, type WidgetChrome } from '../widget-frame';
import { WIDGET_SEARCH_DELAY_MS } from '../widget-table';

type Shown = Exclude<CalendarState, 'hidden' | null>;

/** Spec 000 §2 legend: what each icon means. */
const LEGEND: Record<Shown, { label: string; color: string; icon: typeof IconCheck }> = {
  'on-time': { label: 'On-Time Inspection', color: 'teal', icon: IconCheck },
  late: { label: 'Late Inspection', color: 'orange', icon: IconClock },
  missed: { label: 'Missed Inspection', color: 'red', icon: IconX },
};

function EntryIcon({ divisionId, entry, state }: { divisionId: string; entry: CalendarEntry; state: Shown }) {
  const { label, color, icon: Icon } = LEGEND[state];
  return (
    <Popover withArrow shadow="md" position="top" withinPortal>
      <Popover.Target>
        <UnstyledButton aria-label={`${label}, ${displayDate(entry.inspectionDOI)}`}>
          <ThemeIcon color={color} size={22} radius="xl">
            <Icon size={14} />
          </ThemeIcon>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4} fz="sm">
          <Text fw={600} fz="sm">
            {entry.projectName}
          </Text>
          <Text fz="sm">Date of inspection: {displayDate(entry.inspectionDOI)}</Text>
          <Text fz="sm">Inspector: {entry.inspector ?? 'Not assigned'}</Text>
          <Text fz="sm" c="dimmed">
            {label}
          </Text>
          <Anchor
            component={Link}
            to={paths.app.project.getHref(divisionId, entry.projectId, 'inspections')}
            fz="sm"
          >
            View Project
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Issue 23: a storm's day and its post-storm due date, beside the inspections. */
const STORM_LEGEND = {
  storm: { label: 'Storm', color: 'blue', icon: IconCloudRain },
  due: { label: 'Post-Storm Due', color: 'indigo', icon: IconUmbrella },
} as const;

const STATUS_TEXT: Record<CalendarStorm['status'], string> = {
  due: 'due',
  done: 'done in time',
  late: 'done late',
  missed: 'missed',
};

function StormIcon({ storm, mark }: { storm: CalendarStorm; mark: keyof typeof STORM_LEGEND }) {
  const { label, color, icon: Icon } = STORM_LEGEND[mark];
  const text =
    mark === 'storm'
      ? `Storm: ${storm.reason}`
      : `Post-storm inspection due by ${storm.dueByLocal}: ${STATUS_TEXT[storm.status]}`;
  return (
    <Popover withArrow shadow="md" position="top" withinPortal>
      <Popover.Target>
        <UnstyledButton aria-label={text}>
          <ThemeIcon color={color} variant={mark === 'storm' ? 'light' : 'filled'} size={22} radius="xl">
            <Icon size={14} />
          </ThemeIcon>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4}>
          <Text fw={600} fz="sm">
            {label}
          </Text>
          <Text fz="sm">{text}</Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * Spec 000 §2 inspection calendar: a project's inspections of a month, on time, late or missed;
 * and its storms and post-storm due dates (issue 23).
 */
export function InspectionCalendarWidget({
  chrome,
  divisionId,
}: {
  chrome: WidgetChrome;
  divisionId: string;
}) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, WIDGET_SEARCH_DELAY_MS);
  const projects = useCalendarProjects(divisionId, query);
  const [projectId, setProjectId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const [month, setMonth] = useState<string | null>(null);
  const calendar = useCalendarMonth(divisionId, projectId, month);
  const shownMonth = month ?? calendar.data?.month ?? browserToday().slice(0, 7);
  const options = (projects.data?.pageData ?? []).map((p) => ({
    value: p.id,
    label: `${p.name} — ${p.clientName.toUpperCase()}`,
  }));
  // The chosen project stays an option while a search shows others.
  const data = chosen && !options.some((o) => o.value === chosen.value) ? [chosen, ...options] : options;

  return (
    <WidgetFrame chrome={chrome}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          size="xs"
          label="Project"
          placeholder="Select Project"
          searchable
          data={data}
          value={projectId}
          searchValue={search}
          onSearchChange={setSearch}
          onChange={(value, option) => {
            setProjectId(value);
            setChosen(value ? option : null);
            setMonth(null);
          }}
          nothingFoundMessage={projects.isLoading ? 'Loading…' : 'No projects found'}
          rightSection={projects.isLoading ? <Loader size={14} /> : undefined}
          comboboxProps={{ withinPortal: true }}
          style={{ flex: '1 1 240px' }}
          maw={420}
        />
        {calendar.isLoading && <Loader size="sm" aria-label="Loading the calendar" />}
      </Group>
      {!projectId ? (
        <Group gap="xs" c="dimmed" fz="sm" py="md">
          <IconAlertTriangle size={16} aria-hidden />
          <Text fz="sm" c="dimmed">
            Select a project to see its inspections by month.
          </Text>
        </Group>
      ) : (
        <MonthCalendar
          label="Inspection calendar"
          month={shownMonth}
          today={browserToday()}
          onMonthChange={setMonth}
          renderDay={(day) => (
            <Group gap={2}>
              {(calendar.data?.inspections ?? [])
                .filter((entry) => entry.inspectionDOI.slice(0, 10) === day)
                .map((entry) => {
                  const state = calendarState(
                    entry.inspectionDOI,
                    entry.inspectionCertDate,
                    entry.projectNextInspectionDate,
                  );
                  if (state === null || state === 'hidden') return null;
                  return (
                    <EntryIcon key={entry.inspectionId} divisionId={divisionId} entry={entry} state={state} />
                  );
                })}
              {(calendar.data?.storms ?? []).flatMap((storm) => [
                ...(storm.stormDay === day
                  ? [<StormIcon key={`${storm.countedAt}|storm`} storm={storm} mark="storm" />]
                  : []),
                ...(storm.dueDay === day
                  ? [<StormIcon key={`${storm.countedAt}|due`} storm={storm} mark="due" />]
                  : []),
              ])}
            </Group>
          )}
        />
      )}
      <Group gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Legend">
        {[...Object.values(LEGEND), ...Object.values(STORM_LEGEND)].map(({ label, color, icon: Icon }) => (
          <Group key={label} gap={6} component="li">
            <ThemeIcon
              color={color}
              variant={label === STORM_LEGEND.storm.label ? 'light' : 'filled'}
              size={18}
              radius="xl"
              aria-hidden
            >
              <Icon size={12} />
            </ThemeIcon>
            <Text fz="xs">{label}</Text>
          </Group>
        ))}
      </Group>
    </WidgetFrame>
  );
}
