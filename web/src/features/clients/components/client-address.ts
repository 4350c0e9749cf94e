import type { ClientRow } from '../api/get-clients';

type Address = ClientRow['address'];

/** The address on one line: street, city, then the state's abbreviation (US) or country (UK), and the zip. */
export function formatAddress(address: Address): string {
  const place = address.state?.abbreviation ?? address.countryObj?.name ?? null;
  const region = [place, address.zip].filter(Boolean).join(' ');
  return [address.street_1, address.street_2, address.city, region].filter(Boolean).join(', ');
}

/** A phone with its extension, as the client page and the contacts show it ('(555) 555-0100 ext. 12'). */
export function formatPhone(phone: string | null, ext: string | null): string | null {
  if (!phone) return null;
  return ext ? `${phone} ext. ${ext}` : phone;
}

/** Ten digits typed any way become the US format, (555) 555-0100; anything else is left as typed. */
export function usPhoneFormat(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}
