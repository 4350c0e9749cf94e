import * as z from 'zod/mini';
import { BadGatewayError } from '@stormline/domain/errors';
import { precipPercent, roundedTemperature, weatherIconOf } from '@stormline/domain/weather';
import type { TemperatureUnit, WeatherDay } from '@stormline/domain/weather';
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
  const url = new URL(optionalEnv('WEATHER_API_URL') ?? OPEN_METEO_FORECAST_URL);
  url.search = new URLSearchParams({
    latitude: place.latitude,
    longitude: place.longitude,
    daily: 'weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max',
    timezone: 'auto',
    forecast_days: String(FORECAST_DAYS),
    temperature_unit: unit,
  }).toString();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw unavailable('unreachable', error);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw unavailable(`status ${response.status}`);
  }
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = OpenMeteoDaily.safeParse(body);
  if (!parsed.success) throw unavailable('unexpected answer', parsed.error.issues[0]);
  const days = daysOf(parsed.data.daily);
  if (days.length === 0) throw unavailable('no usable day');
  return days;
}
