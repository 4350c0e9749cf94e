import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors';
import { localDate, isIsoDate, isTimeZone } from './local-date';
import {
  toE164,
  addressIssues,
  assertNoIssues,
  defaultTimeZone,
  normalizePostalCode,
  phoneIssues,
  REGION_MESSAGES,
  TIME_ZONES,
  timeZoneIssues,
  UK_COUNTRIES,
  US_STATES,
} from './region';

const messages = (issues: { message: string }[]) => issues.map((i) => i.message);

describe('the US region', () => {
  it('requires a phone in (xxx) xxx-xxxx', () => {
    expect(phoneIssues('US', '(303) 555-0142')).toEqual([]);
    expect(messages(phoneIssues('US', null))).toEqual(['Phone is required']);
    expect(messages(phoneIssues('US', '  '))).toEqual(['Phone is required']);
    for (const wrong of [
      '303-555-0142',
      '(303)555-0142',
      '3035550142',
      '(303) 555-01423',
      '+1 (303) 555-0142',
    ])
      expect(messages(phoneIssues('US', wrong)), wrong).toEqual([
        'Phone number must be in (xxx) xxx-xxxx format',
      ]);
  });

  it('requires a state from the list and a five-digit zip, and has no country', () => {
    expect(addressIssues('US', { state_id: 'CO', zip: '80302' }, { required: true })).toEqual([]);
    expect(addressIssues('US', { state_id: null, zip: '' }, { prefix: 'address.', required: true })).toEqual([
      { path: 'address.state_id', message: 'State is required' },
      { path: 'address.zip', message: 'Zip code is required' },
    ]);
    for (const zip of ['8030', '803021', '8030a', '80302-1234'])
      expect(messages(addressIssues('US', { state_id: 'CO', zip }, { required: true })), zip).toEqual([
        'Zip code must be 5 digits',
      ]);
    expect(messages(addressIssues('US', { state_id: 'XX', zip: '80302' }, { required: true }))).toEqual([
      REGION_MESSAGES.stateUnknown,
    ]);
    expect(
      messages(
        addressIssues('US', { state_id: 'CO', country_id: 'england', zip: '80302' }, { required: true }),
      ),
    ).toEqual([REGION_MESSAGES.countryNotInUs]);
  });

  it('lets a project leave its address out but checks what is given', () => {
    expect(addressIssues('US', {}, { required: false })).toEqual([]);
    expect(messages(addressIssues('US', { zip: '123' }, { required: false }))).toEqual([
      'Zip code must be 5 digits',
    ]);
  });

  it('offers the US time zones only', () => {
    expect(timeZoneIssues('US', 'America/Denver')).toEqual([]);
    expect(messages(timeZoneIssues('US', 'Europe/London'))).toEqual([REGION_MESSAGES.timeZoneUs]);
    expect(messages(timeZoneIssues('US', ''))).toEqual(['Time zone is required']);
    expect(TIME_ZONES.US.every((z) => isTimeZone(z.id))).toBe(true);
    expect(defaultTimeZone('US')).toBe('America/New_York');
  });

  it('lists the states by name with their abbreviations', () => {
    expect(US_STATES).toHaveLength(52);
    expect(US_STATES[0]).toEqual({ id: 'AL', abbreviation: 'AL', name: 'Alabama' });
    expect(US_STATES.find((s) => s.id === 'CO')?.name).toBe('Colorado');
  });
});

describe('the UK region', () => {
  it('makes the phone optional, and checks one when given', () => {
    expect(phoneIssues('UK', null)).toEqual([]);
    expect(phoneIssues('UK', '')).toEqual([]);
    for (const ok of ['0113 496 0142', '+44 113 496 0142', '(0141) 496-0199', '07700900123'])
      expect(phoneIssues('UK', ok), ok).toEqual([]);
    for (const wrong of ['12345', 'call me', '0113 496 0142 ext 4', '+44 113 496 0142 1234'])
      expect(messages(phoneIssues('UK', wrong)), wrong).toEqual(['Please enter a valid phone number']);
  });

  it('requires a country from the list and a postcode, and has no state', () => {
    expect(addressIssues('UK', { country_id: 'england', zip: 'LS1 4DL' }, { required: true })).toEqual([]);
    expect(addressIssues('UK', { country_id: 'scotland', zip: 'g25ub' }, { required: true })).toEqual([]);
    expect(addressIssues('UK', {}, { prefix: 'address.', required: true })).toEqual([
      { path: 'address.country_id', message: 'Country is required' },
      { path: 'address.zip', message: 'Postcode is required' },
    ]);
    expect(
      messages(addressIssues('UK', { country_id: 'england', zip: '80302' }, { required: true })),
    ).toEqual(['Please enter a valid UK postcode']);
    expect(
      messages(
        addressIssues('UK', { state_id: 'CO', country_id: 'france', zip: 'LS1 4DL' }, { required: true }),
      ),
    ).toEqual([REGION_MESSAGES.stateNotInUk, REGION_MESSAGES.countryUnknown]);
  });

  it('stores postcodes in upper case with one space', () => {
    expect(normalizePostalCode('UK', ' ls14dl ')).toBe('LS1 4DL');
    expect(normalizePostalCode('UK', 'cf10  4qh')).toBe('CF10 4QH');
    expect(normalizePostalCode('US', ' 80302 ')).toBe('80302');
    expect(normalizePostalCode('UK', '')).toBeNull();
  });

  it('has GMT as its only time zone', () => {
    expect(TIME_ZONES.UK).toEqual([{ id: 'Europe/London', label: 'GMT' }]);
    expect(timeZoneIssues('UK', 'Europe/London')).toEqual([]);
    expect(messages(timeZoneIssues('UK', 'America/Denver'))).toEqual(['The time zone in the UK is GMT']);
    expect(messages(timeZoneIssues('UK', 'Europe/Paris'))).toEqual(['The time zone in the UK is GMT']);
    expect(defaultTimeZone('UK')).toBe('Europe/London');
  });

  it('lists the four countries', () => {
    expect(UK_COUNTRIES.map((c) => c.name)).toEqual(['England', 'Northern Ireland', 'Scotland', 'Wales']);
  });
});

describe('assertNoIssues', () => {
  it('throws a 400 with the first message and every issue', () => {
    expect(() => assertNoIssues([])).not.toThrow();
    const issues = phoneIssues('US', 'x', 'address.phone');
    expect(() => assertNoIssues(issues)).toThrow(ValidationError);
    try {
      assertNoIssues(issues);
    } catch (error) {
      expect(error).toMatchObject({ status: 400, message: REGION_MESSAGES.usPhoneFormat, issues });
    }
  });
});

describe('local dates', () => {
  it("gives the date on the project's clock", () => {
    const lateEvening = new Date('2025-07-01T23:30:00Z');
    expect(localDate('Europe/London', lateEvening)).toBe('2025-07-02'); // BST
    expect(localDate('America/Denver', lateEvening)).toBe('2025-07-01');
    expect(localDate('Europe/London', new Date('2025-01-01T23:30:00Z'))).toBe('2025-01-01'); // GMT
  });

  it('knows real dates and zones', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-1-01')).toBe(false);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('phone numbers for SMS (toE164)', () => {
  it('turns national numbers into E.164 by the region', () => {
    expect(toE164('0113 496 0177', 'UK')).toBe('+441134960177');
    expect(toE164('07700 900123', 'UK')).toBe('+447700900123');
    expect(toE164('(303) 555-0177', 'US')).toBe('+13035550177');
    expect(toE164('1-303-555-0177', 'US')).toBe('+13035550177');
    expect(toE164('+44 113 496 0177', 'US')).toBe('+441134960177');
  });

  it('answers null for what is not a number', () => {
    expect(toE164('555', 'US')).toBeNull();
    expect(toE164('12345', 'UK')).toBeNull();
    expect(toE164('', 'UK')).toBeNull();
  });
});
