import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BadGatewayError } from '@stormline/domain/errors';
import { fetchForecast, OPEN_METEO_FORECAST_URL } from './weather-provider';

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
