import type { ReactNode } from 'react';
import { ActionIcon, Group, Table, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { addDays } from '@stormline/domain/local-date';
import classes from './month-calendar.module.css';

/** Spec 000 §9: the calendar week starts on Monday. */
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'YYYY-MM' moved by whole months. */
export function addMonths(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y! * 12 + (m! - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export const monthTitle = (month: string) =>
  `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The weeks shown for a month: Monday to Sunday, from the week of the 1st to the week of the last day. */
export function monthWeeks(month: string): string[][] {
  const first = `${month}-01`;
  const weekday = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  let day = addDays(first, -weekday);
  const weeks: string[][] = [];
  while (weeks.length === 0 || day.slice(0, 7) === month) {
    const week = Array.from({ length: 7 }, (_, i) => addDays(day, i));
    weeks.push(week);
    day = addDays(day, 7);
  }
  return weeks;
}

/**
 * A month grid (spec 000 §2 calendars): weeks from Monday, arrows for the previous and next month
 * (and year, with `yearArrows`), each day's entries drawn by `renderDay`.
 */
export function MonthCalendar({
  month,
  today,
  onMonthChange,
  yearArrows = false,
  renderDay,
  label,
}: {
  month: string;
  today: string;
  onMonthChange: (month: string) => void;
  yearArrows?: boolean;
  renderDay: (day: string) => ReactNode;
  label: string;
}) {
  const title = monthTitle(month);
  const arrow = (by: number, name: string, icon: ReactNode) => (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={name}
      onClick={() => onMonthChange(addMonths(month, by))}
    >
      {icon}
    </ActionIcon>
  );
  return (
    <div>
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Group gap={2} wrap="nowrap">
          {yearArrows && arrow(-12, 'Previous year', <IconChevronsLeft size={18} />)}
          {arrow(-1, 'Previous month', <IconChevronLeft size={18} />)}
        </Group>
        <Text fw={600} fz="sm" aria-live="polite">
          {title}
        </Text>
        <Group gap={2} wrap="nowrap">
          {arrow(1, 'Next month', <IconChevronRight size={18} />)}
          {yearArrows && arrow(12, 'Next year', <IconChevronsRight size={18} />)}
        </Group>
      </Group>
      <Table className={classes.grid} aria-label={`${label}, ${title}`} withColumnBorders withTableBorder>
        <Table.Thead>
          <Table.Tr>
            {WEEKDAYS.map((day) => (
              <Table.Th key={day} ta="center" fz="xs" c="dimmed" p={4}>
                {day}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {monthWeeks(month).map((week) => (
            <Table.Tr key={week[0]}>
              {week.map((day) => (
                <Table.Td
                  key={day}
                  className={classes.day}
                  data-outside={day.slice(0, 7) !== month || undefined}
                  data-today={day === today || undefined}
                  p={4}
                >
                  <span className={classes.number}>{Number(day.slice(8, 10))}</span>
                  {day.slice(0, 7) === month && renderDay(day)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
