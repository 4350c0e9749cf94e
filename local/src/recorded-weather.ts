import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { RainHour } from '@stormline/domain/permit-clock';
import { addHours, isRainHour, rainfallCell } from '@stormline/domain/rainfall';

/**
 * Recorded weather (issue 23, docs/decisions/0047): the local runtime's stand-in for Open-Meteo,
 * answering the forecast API's requests in its shape from rain recorded per grid cell and hour
 * (zero where nothing is recorded), so the rainfall job, the weather strip and a person trying the
 * product work with no network. `npm run storm` records a scripted storm here. The runtime's
 * WEATHER_API_URL names it; the same adapter (functions/src/lib/weather-provider.ts) reads it.
 *
 * Its answers carry `recorded: true`, which Open-Meteo never sends, so a due's evidence says
 * where its rain came from. It counts the requests it answers (tests and the bench check one per
 * cell) and can be told to fail, as the provider does in an outage.
 */

/** Where the runtime serves it (RECORDED_WEATHER_PATH + '/v1/forecast' is WEATHER_API_URL). */
export const RECORDED_WEATHER_PATH = '/local/weather';
export const RECORDED_FORECAST_PATH = `${RECORDED_WEATHER_PATH}/v1/forecast`;

/** One request answered: the cell it asked about and its hours (the provider's own, hour ends). */
export interface RecordedRequest {
  cell: string;
  kind: 'hourly' | 'daily';
  startHour: string | null;
  endHour: string | null;
}

export interface RecordedWeather {
  /** Rain and snow at a cell for each hour given (replacing what was recorded for those hours). */
  record(cell: string, hours: readonly RainHour[]): Promise<void>;
  /** What is recorded at a cell for an hour (zero when nothing is). */
  at(cell: string, hour: string): { rainInches: number; snowInches: number };
  /** The requests answered so far, oldest first. */
  readonly requests: readonly RecordedRequest[];
  /** Answer every request with this status (an outage), or null to answer again. */
  failWith(status: number | null): void;
  /** Serves a forecast request under RECORDED_FORECAST_PATH; answers whether it handled it. */
  handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL): boolean;
}

type Recorded = Record<string, Record<string, [rain: number, snow: number]>>;

/** Open-Meteo converts inches to its other units so; the recorded weather does too. */
const UNIT_FROM_INCHES = { inch: 1, mm: 25.4, cm: 2.54 } as const;
const PROVIDER_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}):00$/;

/**
 * The recorded weather, kept in `file` (the runtime's data folder: it survives restarts) or in
 * memory when none is given.
 */
const MAX_RANGE_MS = 110 * 86_400_000;

export function createRecordedWeather(options: { file?: string } = {}): RecordedWeather {
  const recorded: Recorded = options.file ? readRecorded(options.file) : {};
  const requests: RecordedRequest[] = [];
  let failure: number | null = null;

  const at = (cell: string, hour: string) => {
    const value = recorded[cell]?.[hour];
    return { rainInches: value?.[0] ?? 0, snowInches: value?.[1] ?? 0 };
  };

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  /** The hourly answer: each provider time T carries the hour that ends at T (Open-Meteo's "preceding hour"). */
  const hourly = (cell: string, q: URLSearchParams) => {
    const start = PROVIDER_TIME.exec(q.get('start_hour') ?? '')?.[1];
    const end = PROVIDER_TIME.exec(q.get('end_hour') ?? '')?.[1];
    // Open-Meteo's own reach, about 92 past days and 16 ahead: a range beyond it is refused, not built.
    const tooLong = !!start && !!end && Date.parse(`${end}:00Z`) - Date.parse(`${start}:00Z`) > MAX_RANGE_MS;
    if (!start || !end || !isRainHour(start) || !isRainHour(end) || end < start || tooLong) {
      return {
        status: 400,
        body: { error: true, reason: 'start_hour and end_hour must be yyyy-mm-ddThh:mm' },
      };
    }
    const precipitationUnit = q.get('precipitation_unit') === 'inch' ? 'inch' : 'mm';
    const snowUnit = precipitationUnit === 'inch' ? 'inch' : 'cm';
    const time: string[] = [];
    const precipitation: number[] = [];
    const snowfall: number[] = [];
    for (let t = start; t <= end; t = addHours(t, 1)) {
      const value = at(cell, addHours(t, -1));
      time.push(`${t}:00`);
      precipitation.push(round(value.rainInches * UNIT_FROM_INCHES[precipitationUnit]));
      snowfall.push(round(value.snowInches * UNIT_FROM_INCHES[snowUnit]));
    }
    return {
      status: 200,
      body: {
        ...placeOf(q),
        hourly_units: { time: 'iso8601', precipitation: precipitationUnit, snowfall: snowUnit },
        hourly: { time, precipitation, snowfall },
        recorded: true,
      },
    };
  };

  /**
   * The daily answer the weather strip asks for: the days from today (UTC), rain on a day with
   * recorded rain, cloud otherwise, and one mild temperature; a stand-in, not a forecast.
   */
  const daily = (cell: string, q: URLSearchParams) => {
    const days = Math.min(16, Math.max(1, Number(q.get('forecast_days') ?? 7) || 7));
    const fahrenheit = q.get('temperature_unit') === 'fahrenheit';
    const today = new Date().toISOString().slice(0, 10);
    const time: string[] = [];
    const code: number[] = [];
    for (let d = 0; d < days; d++) {
      const date = new Date(Date.parse(`${today}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
      const wet = Array.from({ length: 24 }, (_, h) =>
        at(cell, `${date}T${String(h).padStart(2, '0')}`),
      ).some((v) => v.rainInches > 0);
      time.push(date);
      code.push(wet ? 61 : 3);
    }
    const temperature = (celsius: number) => (fahrenheit ? Math.round(celsius * 1.8 + 32) : celsius);
    return {
      status: 200,
      body: {
        ...placeOf(q),
        daily: {
          time,
          weather_code: code,
          temperature_2m_max: time.map(() => temperature(14)),
          temperature_2m_min: time.map(() => temperature(6)),
          precipitation_probability_max: code.map((c) => (c === 61 ? 100 : 0)),
        },
        recorded: true,
      },
    };
  };

  return {
    async record(cell, hours) {
      const cellHours = (recorded[cell] ??= {});
      for (const h of hours) cellHours[h.hour] = [h.rainInches, h.snowInches];
      if (options.file) {
        await mkdir(path.dirname(options.file), { recursive: true });
        await writeFile(options.file, JSON.stringify(recorded));
      }
    },
    at,
    requests,
    failWith(status) {
      failure = status;
    },
    handle(req, res, url) {
      if (url.pathname !== RECORDED_FORECAST_PATH) return false;
      const q = url.searchParams;
      const latitude = Number(q.get('latitude'));
      const longitude = Number(q.get('longitude'));
      if (req.method !== 'GET' || !Number.isFinite(latitude) || !Number.isFinite(longitude)) {
        send(res, 400, { error: true, reason: 'latitude and longitude are required' });
        return true;
      }
      const cell = rainfallCell(latitude, longitude);
      const kind = q.has('hourly') ? 'hourly' : 'daily';
      requests.push({ cell, kind, startHour: q.get('start_hour'), endHour: q.get('end_hour') });
      if (failure !== null) {
        send(res, failure, { error: true, reason: 'The recorded weather was told to fail' });
        return true;
      }
      const answer = kind === 'hourly' ? hourly(cell, q) : daily(cell, q);
      send(res, answer.status, answer.body);
      return true;
    },
  };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

function placeOf(q: URLSearchParams) {
  return {
    latitude: Number(q.get('latitude')),
    longitude: Number(q.get('longitude')),
    generationtime_ms: 0,
    utc_offset_seconds: 0,
    timezone: 'GMT',
    timezone_abbreviation: 'GMT',
    elevation: 0,
  };
}

function readRecorded(file: string): Recorded {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Recorded;
  } catch {
    return {};
  }
}

/**
 * The recorded weather on a port of its own (tests and the bench, which run the job in their own
 * process): answers its WEATHER_API_URL.
 */
export async function serveRecordedWeather(
  weather: RecordedWeather,
): Promise<{ url: string; stop(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (!weather.handle(req, res, url)) {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}${RECORDED_FORECAST_PATH}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
