import * as z from 'zod/mini';
import { BadGatewayError } from '@stormline/domain/errors';
import { precipPercent, roundedTemperature, weatherIconOf } from '@stormline/domain/weather';
import type { TemperatureUnit, WeatherDay } from '@stormline/domain/weather';
import type { RainHour } from '@stormline/domain/permit-clock';
import type { RainfallSource } from '@stormline/data/post-storm-dues';
import { addHours, cellPoint, hoursFrom } from '@stormline/domain/rainfall';
import { optionalEnv } from './env';

/**
 * The adapter to the forecast provider, Open-Meteo (keyless; docs/decisions/0020): the one place
 * that knows its URL and answer. WEATHER_API_URL points it elsewhere (tests serve recorded
 * answers from a local server).
 */
export const OPEN_METEO_FORECAST_URL = 'https://api.open-meteo.com/v1/forecast';

/** Spec 000 §9 asks for 3 or more days; 5 leave room should the provider's last days lack a value. */
export const FORECAST_DAYS = 5;

/** Well inside the Lambda's 15 s: a provider that hangs costs the strip its forecast, not the caller a timeout. */
const TIMEOUT_MS = 5000;

export const WEATHER_UNAVAILABLE = 'The weather service is not available';

const Values = z.array(z.nullable(z.number()));

/** The part of Open-Meteo's daily answer the strip reads (its `daily` arrays, one entry a day). */
const OpenMeteoDaily = z.object({
  daily: z.object({
    time: z.array(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
    weather_code: Values,
    temperature_2m_max: Values,
    temperature_2m_min: Values,
    precipitation_probability_max: Values,
  }),
});

function unavailable(reason: string, detail?: unknown): BadGatewayError {
  // The caller sees only the message; the reason is for whoever reads the logs.
  console.error(
    JSON.stringify({
      level: 'error',
      message: 'weather provider failed',
      reason,
      detail: detail instanceof Error ? `${detail.name}: ${detail.message}` : detail,
    }),
  );
  return new BadGatewayError(WEATHER_UNAVAILABLE);
}

/**
 * One GET to the provider (WEATHER_API_URL, else Open-Meteo) with `params`: its JSON body
 * (undefined when it is not JSON, for the caller's schema to refuse), or the caller's failure for
 * an unreachable or slow provider and an error status.
 */
async function askProvider(
  params: Record<string, string>,
  fail: (reason: string, detail?: unknown) => Error,
): Promise<unknown> {
  const url = new URL(optionalEnv('WEATHER_API_URL') ?? OPEN_METEO_FORECAST_URL);
  url.search = new URLSearchParams(params).toString();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw fail('unreachable', error);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw fail(`status ${response.status}`);
  }
  return response.json().catch(() => undefined);
}

/** The provider's days, mapped; a day missing any value (past the provider's horizon) is left out. */
function daysOf(daily: z.output<typeof OpenMeteoDaily>['daily']): WeatherDay[] {
  const days: WeatherDay[] = [];
  daily.time.forEach((time, i) => {
    const [code, max, min, precip] = [
      daily.weather_code[i],
      daily.temperature_2m_max[i],
      daily.temperature_2m_min[i],
      daily.precipitation_probability_max[i],
    ];
    if (code == null || max == null || min == null || precip == null) return;
    days.push({
      time,
      icon: weatherIconOf(code),
      temperatureMax: roundedTemperature(max),
      temperatureMin: roundedTemperature(min),
      precipProbability: precipPercent(precip),
    });
  });
  return days;
}

/**
 * The days ahead at a place (decimal degrees as written, '51.51'), dated in the place's own time
 * zone, temperatures in `unit`. Any failure of the provider (unreachable, slow, an error status,
 * an answer of another shape, no usable day) is a 502 with one message.
 */
export async function fetchForecast(
  place: { latitude: string; longitude: string },
  unit: TemperatureUnit,
): Promise<WeatherDay[]> {
  const body = await askProvider(
    {
      latitude: place.latitude,
      longitude: place.longitude,
      daily: 'weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max',
      timezone: 'auto',
      forecast_days: String(FORECAST_DAYS),
      temperature_unit: unit,
    },
    unavailable,
  );
  const parsed = OpenMeteoDaily.safeParse(body);
  if (!parsed.success) throw unavailable('unexpected answer', parsed.error.issues[0]);
  const days = daysOf(parsed.data.daily);
  if (days.length === 0) throw unavailable('no usable day');
  return days;
}

/** A cell's hours as read: in order from the first hour asked, each with a value. */
export interface RainfallReading {
  source: RainfallSource;
  hours: RainHour[];
}

/** Why a cell's rain could not be read (recorded on the cell for each hour it left unread). */
export class RainfallUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`Rainfall could not be read: ${reason}`);
    this.name = 'RainfallUnavailableError';
  }
}

const PROVIDER_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}):00$/;

/** The part of Open-Meteo's hourly answer the rainfall job reads (precipitation_unit=inch, timezone=GMT). */
const OpenMeteoHourly = z.object({
  hourly_units: z.object({ precipitation: z.string(), snowfall: z.string() }),
  hourly: z.object({
    time: z.array(z.string().check(z.regex(PROVIDER_TIME))),
    precipitation: Values,
    snowfall: Values,
  }),
  /** Sent by the local runtime's recorded weather only (local/src/recorded-weather.ts), never by Open-Meteo. */
  recorded: z.optional(z.boolean()),
});

/**
 * Inches in one unit the provider may answer in. Asked for inches, Open-Meteo answers both
 * precipitation and snowfall in inches; its default for snowfall is centimetres (and mm for
 * precipitation), so an answer in those is converted rather than misread.
 */
const INCHES_PER_UNIT: Readonly<Record<string, number>> = { inch: 1, mm: 1 / 25.4, cm: 1 / 2.54 };

/** A value in inches to a thousandth, so sums of converted values do not carry float dust. */
const inches = (value: number, unit: number): number => Math.round(value * unit * 1000) / 1000;

/**
 * The hourly rain and snow of a grid cell (rainfallCell) for the UTC hours `fromHour` to `toHour`
 * ('YYYY-MM-DDTHH', both kept), from Open-Meteo's forecast API (its recent hours are the models'
 * analysis of what fell). Open-Meteo dates an hourly sum by the end of the hour it covers
 * ('T06:00' is the rain from 05:00 to 06:00), a RainHour by its start: the request and the answer
 * are shifted by an hour here, and nowhere else. Answers the hours in order from `fromHour` as far
 * as the provider had values (an hour without one, and those after it, are left out, to be read
 * again); any failure (unreachable, slow, an error status, another shape, a unit it cannot
 * convert) is a RainfallUnavailableError whose reason the job records on the cell.
 */
export async function fetchHourlyRainfall(
  cell: string,
  fromHour: string,
  toHour: string,
): Promise<RainfallReading> {
  const point = cellPoint(cell);
  const body = await askProvider(
    {
      latitude: point.latitude,
      longitude: point.longitude,
      hourly: 'precipitation,snowfall',
      precipitation_unit: 'inch',
      timezone: 'GMT',
      start_hour: `${addHours(fromHour, 1)}:00`,
      end_hour: `${addHours(toHour, 1)}:00`,
    },
    rainfallUnavailable,
  );
  const parsed = OpenMeteoHourly.safeParse(body);
  if (!parsed.success) throw rainfallUnavailable('unexpected answer', parsed.error.issues[0]);
  const { hourly, hourly_units: units } = parsed.data;
  const rainUnit = INCHES_PER_UNIT[units.precipitation];
  const snowUnit = INCHES_PER_UNIT[units.snowfall];
  if (rainUnit === undefined || snowUnit === undefined) {
    throw rainfallUnavailable(`unknown unit ${units.precipitation}/${units.snowfall}`);
  }
  const byHour = new Map<string, { rain: number | null; snow: number | null }>();
  hourly.time.forEach((time, i) => {
    const endingAt = PROVIDER_TIME.exec(time)![1]!;
    byHour.set(addHours(endingAt, -1), {
      rain: hourly.precipitation[i] ?? null,
      snow: hourly.snowfall[i] ?? null,
    });
  });
  const hours: RainHour[] = [];
  for (const hour of hoursFrom(fromHour, toHour)) {
    const value = byHour.get(hour);
    if (!value || value.rain === null || value.snow === null || value.rain < 0 || value.snow < 0) break;
    const hourOf = {
      hour,
      rainInches: inches(value.rain, rainUnit),
      snowInches: inches(value.snow, snowUnit),
    };
    // No hour on record holds more than about 16 in of rain (or 30 in of snow): a value beyond
    // these is the answer's fault, and stored it would stop every later run of the cell.
    if (hourOf.rainInches > MAX_RAIN_INCHES_AN_HOUR || hourOf.snowInches > MAX_SNOW_INCHES_AN_HOUR) {
      throw rainfallUnavailable(`implausible amount at ${hour}`, value);
    }
    hours.push(hourOf);
  }
  return { source: parsed.data.recorded === true ? 'recorded' : 'open-meteo', hours };
}

const MAX_RAIN_INCHES_AN_HOUR = 20;
const MAX_SNOW_INCHES_AN_HOUR = 40;

function rainfallUnavailable(reason: string, detail?: unknown): RainfallUnavailableError {
  console.error(
    JSON.stringify({
      level: 'error',
      message: 'rainfall provider failed',
      reason,
      detail: detail instanceof Error ? `${detail.name}: ${detail.message}` : detail,
    }),
  );
  return new RainfallUnavailableError(reason);
}
