import { ValidationError } from './errors';

/**
 * The US/UK region setting (spec 001 §1, 000 §1): the one source of the rules it changes.
 * US: a state and a five-digit zip, a phone in (xxx) xxx-xxxx (required), US time zones.
 * UK: a country and a postcode, a phone optional, the time zone GMT only.
 * Every form with an address, a phone or a time zone checks them through these functions, and
 * so does the server behind it (docs/decisions/0014).
 */

export const REGIONS = ['US', 'UK'] as const;
export type Region = (typeof REGIONS)[number];

/** Spec 001 §1: "The default region in the environment configuration is UK." */
export const DEFAULT_REGION: Region = 'UK';

export interface FieldIssue {
  path: string;
  message: string;
}

export const REGION_MESSAGES = {
  phoneRequired: 'Phone is required',
  usPhoneFormat: 'Phone number must be in (xxx) xxx-xxxx format',
  ukPhoneFormat: 'Please enter a valid phone number',
  stateRequired: 'State is required',
  stateUnknown: 'Please select a state from the list',
  countryRequired: 'Country is required',
  countryUnknown: 'Please select a country from the list',
  stateNotInUk: 'Addresses in the UK have a country, not a state',
  countryNotInUs: 'Addresses in the US have a state, not a country',
  zipRequired: 'Zip code is required',
  zipFormat: 'Zip code must be 5 digits',
  postcodeRequired: 'Postcode is required',
  postcodeFormat: 'Please enter a valid UK postcode',
  timeZoneRequired: 'Time zone is required',
  timeZoneUs: 'Please select a US time zone from the list',
  timeZoneUk: 'The time zone in the UK is GMT',
} as const;

export interface UsState {
  /** The two-letter abbreviation, which is also its id. */
  id: string;
  abbreviation: string;
  name: string;
}

const STATE_NAMES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  PR: 'Puerto Rico',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

/** The states of GET /api/clients/geoData: the 50 states, DC and Puerto Rico, by name. */
export const US_STATES: readonly UsState[] = Object.entries(STATE_NAMES)
  .map(([abbreviation, name]) => ({ id: abbreviation, abbreviation, name }))
  .sort((a, b) => a.name.localeCompare(b.name));

export interface UkCountry {
  id: string;
  name: string;
}

/** The countries of GET /api/clients/getCountryList. */
export const UK_COUNTRIES: readonly UkCountry[] = [
  { id: 'england', name: 'England' },
  { id: 'northern-ireland', name: 'Northern Ireland' },
  { id: 'scotland', name: 'Scotland' },
  { id: 'wales', name: 'Wales' },
];

export interface TimeZoneOption {
  /** The IANA zone: "today" for a project is decided in it. */
  id: string;
  label: string;
}

/**
 * The time zones a project may have. The UK has one, shown as GMT: it is Europe/London, so a UK
 * site's "today" follows the clock on site, British Summer Time included (docs/decisions/0014).
 */
export const TIME_ZONES: Record<Region, readonly TimeZoneOption[]> = {
  US: [
    { id: 'America/New_York', label: 'Eastern Time' },
    { id: 'America/Chicago', label: 'Central Time' },
    { id: 'America/Denver', label: 'Mountain Time' },
    { id: 'America/Phoenix', label: 'Mountain Time (Arizona)' },
    { id: 'America/Los_Angeles', label: 'Pacific Time' },
    { id: 'America/Anchorage', label: 'Alaska Time' },
    { id: 'Pacific/Honolulu', label: 'Hawaii Time' },
    { id: 'America/Puerto_Rico', label: 'Atlantic Time (Puerto Rico)' },
  ],
  UK: [{ id: 'Europe/London', label: 'GMT' }],
};

/** The zone a new record of the region starts with (the only one in the UK). */
export function defaultTimeZone(region: Region): string {
  return region === 'UK' ? TIME_ZONES.UK[0]!.id : 'America/New_York';
}

export function stateById(id: string | null | undefined): UsState | undefined {
  return id ? US_STATES.find((s) => s.id === id) : undefined;
}

export function countryById(id: string | null | undefined): UkCountry | undefined {
  return id ? UK_COUNTRIES.find((c) => c.id === id) : undefined;
}

/** Blank text is no value: '' and '  ' become null, anything else is trimmed. */
export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

const US_PHONE = /^\(\d{3}\) \d{3}-\d{4}$/;
const UK_PHONE = /^\+?[\d\s()-]+$/;

/**
 * Spec 001 §5: "phone required in US ((xxx) xxx-xxxx), optional in UK". A UK number, when given,
 * is digits with the usual spaces, brackets, dashes and a leading +, 10 to 13 digits (a national
 * number, or +44 and one).
 */
export function phoneIssues(region: Region, phone: string | null | undefined, path = 'phone'): FieldIssue[] {
  const value = blankToNull(phone);
  if (region === 'US') {
    if (value === null) return [{ path, message: REGION_MESSAGES.phoneRequired }];
    return US_PHONE.test(value) ? [] : [{ path, message: REGION_MESSAGES.usPhoneFormat }];
  }
  if (value === null) return [];
  const digits = value.replace(/\D/g, '').length;
  return UK_PHONE.test(value) && digits >= 10 && digits <= 13
    ? []
    : [{ path, message: REGION_MESSAGES.ukPhoneFormat }];
}

const US_ZIP = /^\d{5}$/;
const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/;

/** A postcode as stored: upper case with one space before the inward code ('ls14dl' is 'LS1 4DL'). */
export function normalizePostalCode(region: Region, zip: string | null | undefined): string | null {
  const value = blankToNull(zip);
  if (value === null || region === 'US') return value;
  const compact = value.toUpperCase().replace(/\s+/g, '');
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

/** The region-dependent parts of an address: a state or a country, and a zip or a postcode. */
export interface RegionalAddress {
  state_id?: string | null;
  country_id?: string | null;
  zip?: string | null;
}

/**
 * Spec 001 §5 (client form: "street, city, state required; zip required, digits only, max 5")
 * and its UK variant (a country from the list and a UK postcode). With `required: false` (a
 * project's address) the parts may be left out, and what is given must still be right. `prefix`
 * is the path of the address in the form ('address.').
 */
export function addressIssues(
  region: Region,
  address: RegionalAddress,
  options: { prefix?: string; required: boolean },
): FieldIssue[] {
  const at = (field: string) => `${options.prefix ?? ''}${field}`;
  const issues: FieldIssue[] = [];
  const state = blankToNull(address.state_id);
  const country = blankToNull(address.country_id);
  const zip = blankToNull(address.zip);
  if (region === 'US') {
    if (country !== null) issues.push({ path: at('country_id'), message: REGION_MESSAGES.countryNotInUs });
    if (state === null) {
      if (options.required) issues.push({ path: at('state_id'), message: REGION_MESSAGES.stateRequired });
    } else if (!stateById(state))
      issues.push({ path: at('state_id'), message: REGION_MESSAGES.stateUnknown });
    if (zip === null) {
      if (options.required) issues.push({ path: at('zip'), message: REGION_MESSAGES.zipRequired });
    } else if (!US_ZIP.test(zip)) issues.push({ path: at('zip'), message: REGION_MESSAGES.zipFormat });
    return issues;
  }
  if (state !== null) issues.push({ path: at('state_id'), message: REGION_MESSAGES.stateNotInUk });
  if (country === null) {
    if (options.required) issues.push({ path: at('country_id'), message: REGION_MESSAGES.countryRequired });
  } else if (!countryById(country))
    issues.push({ path: at('country_id'), message: REGION_MESSAGES.countryUnknown });
  if (zip === null) {
    if (options.required) issues.push({ path: at('zip'), message: REGION_MESSAGES.postcodeRequired });
  } else if (!UK_POSTCODE.test(normalizePostalCode('UK', zip)!))
    issues.push({ path: at('zip'), message: REGION_MESSAGES.postcodeFormat });
  return issues;
}

/** Spec 001 §1: US time zones in the US; "timezone limited to GMT" in the UK. */
export function timeZoneIssues(
  region: Region,
  timeZone: string | null | undefined,
  path = 'timezone',
): FieldIssue[] {
  const value = blankToNull(timeZone);
  if (value === null) return [{ path, message: REGION_MESSAGES.timeZoneRequired }];
  if (TIME_ZONES[region].some((z) => z.id === value)) return [];
  return [{ path, message: region === 'UK' ? REGION_MESSAGES.timeZoneUk : REGION_MESSAGES.timeZoneUs }];
}

/**
 * A form's region issues as the server answers them: 400 with the first message and every issue,
 * the same shape as a schema's refusal.
 */
export function assertNoIssues(issues: readonly FieldIssue[]): void {
  if (issues.length > 0) throw new ValidationError(issues[0]!.message, issues);
}

/**
 * A phone number as stored (national, as people type it: '0113 496 0177', '(303) 555-0177') in
 * E.164 for SMS ('+441134960177', '+13035550177'), by the region's dialling code; null when it
 * is not a number the region's rules make one of.
 */
export function toE164(phone: string, region: Region): string | null {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (region === 'US') {
    if (digits.length === 10) return `+1${digits}`;
    return digits.length === 11 && digits.startsWith('1') ? `+${digits}` : null;
  }
  if (digits.startsWith('44') && digits.length >= 11 && digits.length <= 12) return `+${digits}`;
  return digits.startsWith('0') && digits.length >= 10 && digits.length <= 11
    ? `+44${digits.slice(1)}`
    : null;
}
