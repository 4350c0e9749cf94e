import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BadGatewayError } from '@stormline/domain/errors';
import {
  fetchForecast,
  fetchHourlyRainfall,
  OPEN_METEO_FORECAST_URL,
  RainfallUnavailableError,
} from './weather-provider';

/** Open-Meteo's answer as recorded for the integration test (test/fixtures/weather). */
const RECORDED = JSON.parse(
  readFileSync(new URL('../../../test/fixtures/weather/open-meteo-london.json', import.meta.url), 'utf8'),
) as { daily: Record<string, unknown[]> };

const PLACE = { latitude: '51.51', longitude: '-0.13' };
let requests: { url: URL; init: RequestInit }[];

/** The provider answers `answer` (or throws it) to every request. */
function provider(answer: Response | Error | (() => Response)) {
  vi.stubGlobal('fetch', async (url: URL, init: RequestInit) => {
    requests.push({ url: new URL(url), init });
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer() : answer;
  });
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  requests = [];
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('the Open-Meteo adapter', () => {
  it('asks Open-Meteo for the daily values in the unit wanted, with a timeout', async () => {
    // Unset, whatever the process was started with (a test run's runtime sets it for its routes).
    vi.stubEnv('WEATHER_API_URL', undefined);
    provider(json(RECORDED));
    await fetchForecast(PLACE, 'fahrenheit');
    const { url, init } = requests[0]!;
    expect(`${url.origin}${url.pathname}`).toBe(OPEN_METEO_FORECAST_URL);
    expect(url.searchParams.get('temperature_unit')).toBe('fahrenheit');
    expect(url.searchParams.get('latitude')).toBe('51.51');
    expect(url.searchParams.get('longitude')).toBe('-0.13');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('asks the provider WEATHER_API_URL names instead, when set', async () => {
    vi.stubEnv('WEATHER_API_URL', 'http://127.0.0.1:9/v1/forecast');
    provider(json(RECORDED));
    await fetchForecast(PLACE, 'celsius');
    expect(requests[0]!.url.host).toBe('127.0.0.1:9');
  });

  it('leaves out a day missing a value, as past the provider’s horizon', async () => {
    const daily = { ...RECORDED.daily, precipitation_probability_max: [13, 87, 58, 5, null] };
    provider(json({ ...RECORDED, daily }));
    const days = await fetchForecast(PLACE, 'celsius');
    expect(days.map((d) => d.time)).toEqual(['2026-03-14', '2026-03-15', '2026-03-16', '2026-03-17']);
  });

  const timeout = Object.assign(new Error('The operation was aborted due to timeout'), {
    name: 'TimeoutError',
  });
  it.each<[string, Response | Error | (() => Response)]>([
    ['it cannot be reached', new TypeError('fetch failed')],
    ['it does not answer in time', timeout],
    ['it answers an error status', () => json({ error: true, reason: 'Invalid' }, 400)],
    ['it answers what is not JSON', () => new Response('<html>down</html>', { status: 200 })],
    ['it answers another shape', () => json({ daily: { time: ['2026-03-14'] } })],
    ['it answers no usable day', () => json({ ...RECORDED, daily: { ...RECORDED.daily, time: [] } })],
  ])('answers 502 "The weather service is not available" when %s, and logs why', async (_case, answer) => {
    provider(answer);
    const failure = await fetchForecast(PLACE, 'celsius').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BadGatewayError);
    expect(failure).toMatchObject({ status: 502, message: 'The weather service is not available' });
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('weather provider failed'));
  });
});

/**
 * An hourly answer in Open-Meteo's documented shape for `hourly=precipitation,snowfall`,
 * `precipitation_unit=inch`, `timezone=GMT` (written for the test, not recorded: no network here).
 */
const HOURLY = JSON.parse(
  readFileSync(
    new URL('../../../test/fixtures/weather/open-meteo-hourly-sacramento.json', import.meta.url),
    'utf8',
  ),
) as { hourly_units: Record<string, string>; hourly: Record<string, unknown[]> };

describe('hourly rainfall from Open-Meteo', () => {
  it('asks for the cell’s point, inches, GMT and the hours ending after each hour asked for', async () => {
    vi.stubEnv('WEATHER_API_URL', undefined);
    provider(json(HOURLY));
    await fetchHourlyRainfall('38.6|-121.5', '2026-11-28T03', '2026-11-28T08');
    const { url, init } = requests[0]!;
    expect(`${url.origin}${url.pathname}`).toBe(OPEN_METEO_FORECAST_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      latitude: '38.6',
      longitude: '-121.5',
      hourly: 'precipitation,snowfall',
      precipitation_unit: 'inch',
      timezone: 'GMT',
      // Open-Meteo dates an hour's sum by its end: 03:00-04:00 is 'T04:00'.
      start_hour: '2026-11-28T04:00',
      end_hour: '2026-11-28T09:00',
    });
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('answers each hour by its start, in inches, from the provider’s', async () => {
    provider(json(HOURLY));
    const reading = await fetchHourlyRainfall('38.6|-121.5', '2026-11-28T03', '2026-11-28T08');
    expect(reading.source).toBe('open-meteo');
    expect(reading.hours).toEqual([
      { hour: '2026-11-28T03', rainInches: 0, snowInches: 0 },
      { hour: '2026-11-28T04', rainInches: 0.012, snowInches: 0 },
      { hour: '2026-11-28T05', rainInches: 0.083, snowInches: 0 },
      { hour: '2026-11-28T06', rainInches: 0.118, snowInches: 0 },
      { hour: '2026-11-28T07', rainInches: 0.094, snowInches: 0 },
      { hour: '2026-11-28T08', rainInches: 0.031, snowInches: 0 },
    ]);
  });

  it('converts snowfall answered in centimetres (Open-Meteo’s own unit for it) and rain in mm', async () => {
    provider(
      json({
        ...HOURLY,
        hourly_units: { time: 'iso8601', precipitation: 'mm', snowfall: 'cm' },
        hourly: { ...HOURLY.hourly, precipitation: [0, 25.4, 0, 0, 0, 0], snowfall: [0, 0, 8.255, 0, 0, 0] },
      }),
    );
    const { hours } = await fetchHourlyRainfall('38.6|-121.5', '2026-11-28T03', '2026-11-28T08');
    expect(hours[1]).toEqual({ hour: '2026-11-28T04', rainInches: 1, snowInches: 0 });
    expect(hours[2]).toEqual({ hour: '2026-11-28T05', rainInches: 0, snowInches: 3.25 });
  });

  it('stops at the first hour without a value: that hour and those after it are read again', async () => {
    provider(json({ ...HOURLY, hourly: { ...HOURLY.hourly, precipitation: [0, 0.01, 0.02, null, 0.1, 0] } }));
    const { hours } = await fetchHourlyRainfall('38.6|-121.5', '2026-11-28T03', '2026-11-28T08');
    expect(hours.map((h) => h.hour)).toEqual(['2026-11-28T03', '2026-11-28T04', '2026-11-28T05']);
  });

  it('says the rain came from the recorded weather when the answer says so', async () => {
    provider(json({ ...HOURLY, recorded: true }));
    const reading = await fetchHourlyRainfall('38.6|-121.5', '2026-11-28T03', '2026-11-28T08');
    expect(reading.source).toBe('recorded');
  });

  it.each<[string, Response | Error | (() => Response), string]>([
    ['it cannot be reached', new TypeError('fetch failed'), 'unreachable'],
    ['it answers 503', () => json({ error: true }, 503), 'status 503'],
    ['it answers what is not JSON', () => new Response('<html>down</html>'), 'unexpected answer'],
    ['it answers the daily shape', () => json(RECORDED), 'unexpected answer'],
    [
      'it answers a unit it cannot convert',
      () => json({ ...HOURLY, hourly_units: { precipitation: 'furlong', snowfall: 'inch' } }),
      'unknown unit furlong/inch',
    ],
    [
      'it answers an amount no hour holds (1e300 in)',
      () => json({ ...HOURLY, hourly: { ...HOURLY.hourly, precipitation: [0, 1e300, 0, 0, 0, 0] } }),
      'implausible amount at 2026-11-28T04',
    ],
  ])('fails with the reason the job records on the cell when %s', async (_case, answer, reason) => {
    provider(answer);
    const failure = await fetchHourlyRainfall('38.6|-121.5', '2026-11-28T03', '2026-11-28T08').catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(RainfallUnavailableError);
    expect(failure).toMatchObject({ reason });
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('rainfall provider failed'));
  });
});
