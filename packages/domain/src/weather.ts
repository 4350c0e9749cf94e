import type { Region } from './region';

/**
 * The weather strip's rules (spec 000 §2, §5, §9; docs/decisions/0020): what a forecast day
 * holds, which icon a provider's weather code shows, the units a region reads, and the place and
 * hour a forecast is kept for.
 */

/** The icons the strip draws; every WMO weather code the provider sends maps to one of them. */
export const WEATHER_ICONS = [
  'clear',
  'partly-cloudy',
  'cloudy',
  'fog',
  'drizzle',
  'rain',
  'snow',
  'thunderstorm',
] as const;
export type WeatherIcon = (typeof WEATHER_ICONS)[number];

/** Open-Meteo's own names for them, so the adapter passes the unit through unchanged. */
export const TEMPERATURE_UNITS = ['celsius', 'fahrenheit'] as const;
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];

/** Spec 000 §5 "Weather day"; temperatures rounded, the precipitation probability a percentage. */
export interface WeatherDay {
  /** The day in the location's own time zone, 'YYYY-MM-DD'. */
  time: string;
  icon: WeatherIcon;
  temperatureMax: number;
  temperatureMin: number;
  precipProbability: number;
}

export interface Forecast {
  temperatureUnit: TemperatureUnit;
  days: WeatherDay[];
}

/** The US variant reads Fahrenheit, the UK variant Celsius. */
export function temperatureUnitOf(region: Region): TemperatureUnit {
  return region === 'US' ? 'fahrenheit' : 'celsius';
}

/**
 * The icon of a WMO 4677 weather code as Open-Meteo reports it (0 clear sky, 1-3 cloud cover,
 * 45/48 fog, 51-57 drizzle, 61-67 rain, 71-77 snow, 80-82 rain showers, 85-86 snow showers,
 * 95-99 thunderstorm). A code outside those, which the provider does not send, reads as cloudy.
 */
export function weatherIconOf(code: number): WeatherIcon {
  if (code === 0) return 'clear';
  if (code === 1 || code === 2) return 'partly-cloudy';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 57) return 'drizzle';
  if ((code >= 61 && code <= 67) || (code >= 80 && code <= 82)) return 'rain';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 95 && code <= 99) return 'thunderstorm';
  return 'cloudy';
}

// `|| 0` below: -0.4 rounds to -0, which would read as "-0" once formatted.

/** Spec 000 §9: "temperatures rounded". */
export const roundedTemperature = (value: number): number => Math.round(value) || 0;

/** Spec 000 §9: "precipitation shown as a percentage": a whole number from 0 to 100. */
export const precipPercent = (value: number): number => Math.min(100, Math.max(0, Math.round(value))) || 0;

/** A coordinate to two decimals (about 1 km), written without a negative zero: '-0.13', '0.00'. */
function twoDecimals(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return (rounded === 0 ? 0 : rounded).toFixed(2);
}

/**
 * The place a forecast is asked for and kept under: the location rounded to two decimals, so
 * every caller within about a kilometre shares one forecast (a forecast grid cell is larger).
 */
export function forecastCell(latitude: number, longitude: number): { latitude: string; longitude: string } {
  return { latitude: twoDecimals(latitude), longitude: twoDecimals(longitude) };
}

/** The UTC hour a forecast is kept for, 'YYYY-MM-DDTHH'. */
export function forecastHour(now: Date): string {
  return now.toISOString().slice(0, 13);
}

/** The places a user may have the provider asked about in an hour (beyond them: 429). */
export const PROVIDER_CALLS_PER_USER_HOUR = 30;

/** When the hour of `now` ends: the kept forecast is not used after it. */
export function forecastHourEnd(now: Date): Date {
  const end = new Date(now);
  end.setUTCMinutes(60, 0, 0);
  return end;
}
