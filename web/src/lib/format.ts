/** Spec 001 §9: dates are shown as MM-DD-YYYY, in the viewer's local calendar. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${mm}-${dd}-${date.getFullYear()}`;
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
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

/**
 * A day written out in the region's order ('Monday, 23 November 2026' in the UK, 'Monday,
 * November 23, 2026' in the US). By hand rather than Intl.DateTimeFormat: the app is in English,
 * and building a formatter costs the dashboard's first render about 100 ms on a slow phone.
 */
export function formatLongDate(date: Date, region: 'UK' | 'US'): string {
  const weekday = WEEKDAYS[date.getDay()]!;
  const month = MONTHS[date.getMonth()]!;
  return region === 'US'
    ? `${weekday}, ${month} ${date.getDate()}, ${date.getFullYear()}`
    : `${weekday}, ${date.getDate()} ${month} ${date.getFullYear()}`;
}

/** The browser's own day, 'YYYY-MM-DD' (calendars and the weather strip mark it). */
export function browserToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
