import type { SummaryFrequency } from './notification-settings';
import { addDays } from './local-date';

/**
 * The summary e-mail's periods (spec 001 §3 "Summary email frequency"; issue 11): at a user's
 * frequency, one e-mail for the period that has just ended, never two for one period. Periods
 * are UTC days, Monday-to-Sunday weeks (spec 000 §9: weeks start on Monday) and calendar months.
 */
export interface SummaryPeriod {
  /** Names the period, for the record that it was sent: 'D2026-11-25', 'W2026-11-16', 'M2026-10'. */
  key: string;
  /** The period's first instant, kept, and the next period's first instant, not kept. */
  from: Date;
  to: Date;
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);
const midnight = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** The last whole period before `now` at the frequency; none for 'Never'. */
export function lastSummaryPeriod(frequency: SummaryFrequency, now: Date): SummaryPeriod | null {
  const today = utcDay(now);
  switch (frequency) {
    case 'Never':
      return null;
    case 'Daily': {
      const day = addDays(today, -1);
      return { key: `D${day}`, from: midnight(day), to: midnight(today) };
    }
    case 'Weekly': {
      const monday = addDays(today, -((now.getUTCDay() + 6) % 7));
      const start = addDays(monday, -7);
      return { key: `W${start}`, from: midnight(start), to: midnight(monday) };
    }
    case 'Monthly': {
      const first = `${today.slice(0, 7)}-01`;
      const previous = addDays(first, -1).slice(0, 7);
      return { key: `M${previous}`, from: midnight(`${previous}-01`), to: midnight(first) };
    }
  }
}

/** The e-mail: what reached the user in the period, newest first, at most `shown` of them listed. */
export function summaryEmailText(
  input: {
    firstName: string;
    frequency: Exclude<SummaryFrequency, 'Never'>;
    notifications: { title: string; content: string; date: string }[];
    siteUrl: string;
  },
  shown = 20,
): { subject: string; text: string } {
  const count = input.notifications.length;
  const lines = input.notifications
    .slice(0, shown)
    .map((n) => `- ${n.date.slice(0, 10)} ${n.title}: ${n.content}`);
  const more = count > shown ? [`…and ${count - shown} more.`] : [];
  return {
    subject: `Your ${input.frequency.toLowerCase()} Stormline summary: ${count} notification${count === 1 ? '' : 's'}`,
    text: [
      `Hello ${input.firstName},`,
      `Here is what happened on your projects:`,
      [...lines, ...more].join('\n'),
      `Open Stormline: ${input.siteUrl}`,
      'You can change how often this summary comes in My Profile.',
    ].join('\n\n'),
  };
}
