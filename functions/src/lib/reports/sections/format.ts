import { displayDate, localDateTime } from '@stormline/domain/local-date';
import { countryById } from '@stormline/domain/region';

/**
 * How reports write dates and times (spec 002 §9: MM-DD-YYYY), always in the project's time zone:
 * an inspection's date is already its wall-clock time there; instants (a signature's time) are
 * turned into it.
 */

/** 'YYYY-MM-DD' (or the date of 'YYYY-MM-DDTHH:mm') as MM-DD-YYYY; '' for none. */
export const printDate = (isoDate: string | null | undefined) => displayDate(isoDate);

/** 'HH:mm' as '9:30 AM'. */
export function printTime(time: string): string {
  const [h, m] = time.split(':').map(Number);
  if (!Number.isFinite(h) || !Number.isFinite(m)) return time;
  const hour = h! % 12 === 0 ? 12 : h! % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${h! < 12 ? 'AM' : 'PM'}`;
}

/** A wall-clock 'YYYY-MM-DDTHH:mm' as 'MM-DD-YYYY 9:30 AM' (a bare date as MM-DD-YYYY). */
export function printDateTime(local: string | null | undefined): string {
  if (!local) return '';
  const [date, time] = local.split('T');
  return time ? `${printDate(date)} ${printTime(time.slice(0, 5))}` : printDate(date);
}

/** An instant (ISO 8601) as the project's wall clock, 'MM-DD-YYYY 9:30 AM'. */
export function printInstant(timeZone: string, iso: string | null | undefined): string {
  if (!iso) return '';
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  return printDateTime(localDateTime(timeZone, instant));
}

/** A project's site address on one line: street, city, state (US) or country's name (UK), zip. */
export function addressLine(address: {
  street_1: string | null;
  city: string | null;
  state_id: string | null;
  country_id: string | null;
  zip: string | null;
}): string {
  const region = [
    address.state_id ?? countryById(address.country_id)?.name ?? address.country_id,
    address.zip,
  ]
    .filter(Boolean)
    .join(' ');
  return [address.street_1, address.city, region].filter((part) => part && part.trim()).join(', ');
}
