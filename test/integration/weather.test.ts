import { readFileSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { forecastHour, PROVIDER_CALLS_PER_USER_HOUR } from '@stormline/domain/weather';
import { call, NORTH, tokenFor } from '../support/api';
import { storedItem, testTable } from '../support/table';
import { createTestUser, signInAs } from '../support/users';

/**
 * The weather strip's route (spec 000 §2, §5, §7, §9; docs/decisions/0020): GET
 * /api/weather/{lat}/{lon} through the adapter to the forecast provider, kept per location and
 * hour. The provider here is a local server at the port the runtime was given, answering with a
 * recorded Open-Meteo answer (test/fixtures/weather: the shape Open-Meteo gives for
 * ?daily=weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max
 * &timezone=auto&forecast_days=5), or failing as a test asks.
 */

const RECORDED = readFileSync(new URL('../fixtures/weather/open-meteo-london.json', import.meta.url), 'utf8');

type Behaviour = 'recorded' | 'status 500' | 'not json' | 'another shape';

/** The fake provider: the requests it was sent, and how it answers the next ones. */
const provider = { requests: [] as URL[], behaviour: 'recorded' as Behaviour };

const server = http.createServer((req, res) => {
  provider.requests.push(new URL(req.url ?? '/', 'http://provider'));
  const send = (status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  };
  if (provider.behaviour === 'recorded') return send(200, RECORDED);
  if (provider.behaviour === 'status 500') return send(500, '{"error":true,"reason":"Internal error"}');
  if (provider.behaviour === 'not json') return send(200, '<html>maintenance</html>');
  return send(200, JSON.stringify({ error: true, reason: 'Cannot initialize WeatherVariable' }));
});

const listen = () =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(inject('weatherProviderPort'), '127.0.0.1', () => resolve());
  });
const close = () => new Promise<void>((resolve) => server.close(() => resolve()));

const db = testTable();
let token: string;

beforeAll(async () => {
  await listen();
  token = await tokenFor('inspector@example.com');
});
afterAll(async () => {
  server.closeAllConnections();
  await close();
  db.doc.destroy();
});
beforeEach(() => {
  provider.requests = [];
  provider.behaviour = 'recorded';
});

interface Forecast {
  temperatureUnit: string;
  days: Record<string, unknown>[];
  message?: string;
}

const weather = (path: string, as = token) => call<Forecast>(path, { token: as });

describe('GET /api/weather/{lat}/{lon}', () => {
  it('answers the provider’s days: temperatures rounded, an icon from the weather code, precipitation as a percentage', async () => {
    const response = await weather('/api/weather/51.5072/-0.1276');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      temperatureUnit: 'celsius',
      days: [
        { time: '2026-03-14', icon: 'cloudy', temperatureMax: 11, temperatureMin: 4, precipProbability: 13 },
        { time: '2026-03-15', icon: 'rain', temperatureMax: 10, temperatureMin: 6, precipProbability: 87 },
        { time: '2026-03-16', icon: 'rain', temperatureMax: 11, temperatureMin: 4, precipProbability: 58 },
        {
          time: '2026-03-17',
          icon: 'partly-cloudy',
          temperatureMax: 13,
          temperatureMin: 0,
          precipProbability: 5,
        },
        { time: '2026-03-18', icon: 'clear', temperatureMax: 14, temperatureMin: 2, precipProbability: 0 },
      ],
    });
    expect(provider.requests).toHaveLength(1);
    expect(Object.fromEntries(provider.requests[0]!.searchParams)).toEqual({
      latitude: '51.51',
      longitude: '-0.13',
      daily: 'weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max',
      timezone: 'auto',
      forecast_days: '5',
      temperature_unit: 'celsius',
    });
  });

  it('asks the provider once an hour for a place about a kilometre wide, whoever asks', async () => {
    const hourBefore = forecastHour(new Date());
    const first = await weather('/api/weather/53.4808/-2.2426');
    const nearby = await weather('/api/weather/53.4791/-2.2449', await tokenFor('regulator@example.com'));
    const hourAfter = forecastHour(new Date());
    expect(first.status).toBe(200);
    expect(nearby.status).toBe(200);
    expect(nearby.body).toEqual(first.body);
    // Should the hour turn between the two calls, the second rightly asks again.
    expect(provider.requests).toHaveLength(hourBefore === hourAfter ? 1 : 2);
    expect(nearby.headers.get('x-consumed-write-units')).toBe(hourBefore === hourAfter ? '0' : '1');

    const kept = await storedItem(db, { pk: 'WEATHER#53.48,-2.24', sk: hourBefore });
    expect(kept).toMatchObject({ temperatureUnit: 'celsius', days: first.body.days });
    const hourEnd = Date.parse(`${hourBefore}:00:00Z`) / 1000 + 3600;
    expect(kept!.expiresAt).toBe(hourEnd);

    const elsewhere = await weather('/api/weather/53.4951/-2.2426');
    expect(elsewhere.status).toBe(200);
    expect(provider.requests.at(-1)!.searchParams.get('latitude')).toBe('53.50');
  });

  it.each<[Behaviour, string]>([
    ['status 500', '/api/weather/48.8566/2.3522'],
    ['not json', '/api/weather/40.4168/-3.7038'],
    ['another shape', '/api/weather/41.9028/12.4964'],
  ])('answers 502 when the provider answers %s, and keeps nothing', async (behaviour, path) => {
    provider.behaviour = behaviour;
    const failed = await weather(path);
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual({ message: 'The weather service is not available' });
    provider.behaviour = 'recorded';
    expect((await weather(path)).status).toBe(200);
    expect(provider.requests).toHaveLength(2);
  });

  it('refuses a user past 30 places an hour (429), so one account cannot spend the provider for all', async () => {
    const user = await createTestUser('Inspector', [NORTH]);
    const mine = await signInAs(user);
    // Places no other test asks about: each is a call to the provider.
    const place = (n: number) => `/api/weather/-33.${String(n).padStart(2, '0')}/151.2`;
    const hourBefore = forecastHour(new Date());
    for (let n = 0; n < PROVIDER_CALLS_PER_USER_HOUR; n++)
      expect((await weather(place(n), mine)).status).toBe(200);
    const refused = await weather(place(99), mine);
    // A new hour between the calls starts a new count (once in a long while): nothing to check then.
    if (forecastHour(new Date()) !== hourBefore) return;
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too many weather requests: please try again later' });
    // A place already kept costs the provider nothing: still answered, as for anyone else.
    expect((await weather(place(0), mine)).status).toBe(200);
    expect((await weather(place(99))).status).toBe(200);
  });

  it('answers 502 when the provider cannot be reached', async () => {
    await close();
    try {
      const response = await weather('/api/weather/52.5200/13.4050');
      expect(response.status).toBe(502);
      expect(response.body).toEqual({ message: 'The weather service is not available' });
    } finally {
      await listen();
    }
  });

  it.each([
    ['/api/weather/91/0', 'The latitude is not valid'],
    ['/api/weather/-90.5/0', 'The latitude is not valid'],
    ['/api/weather/abc/0', 'The latitude is not valid'],
    ['/api/weather/1e1/0', 'The latitude is not valid'],
    ['/api/weather/%20/0', 'The latitude is not valid'],
    ['/api/weather/51.5/180.01', 'The longitude is not valid'],
    ['/api/weather/51.5/-181', 'The longitude is not valid'],
    ['/api/weather/51.5/0x10', 'The longitude is not valid'],
  ])('answers 400 to %s without asking the provider', async (path, message) => {
    const response = await weather(path);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message });
    expect(provider.requests).toHaveLength(0);
  });

  it('accepts the ends of the ranges', async () => {
    expect((await weather('/api/weather/-90/180')).status).toBe(200);
    expect((await weather('/api/weather/90.0/-180.0')).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const response = await call('/api/weather/51.5072/-0.1276');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'User is not logged in' });
    expect(provider.requests).toHaveLength(0);
  });
});
