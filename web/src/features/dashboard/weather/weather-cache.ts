import { WEATHER_ICONS, type TemperatureUnit, type WeatherDay } from '@stormline/domain/weather';

/**
 * The browser's weather cache (spec 000 §4 "Weather cache", §9): the forecast days kept in local
 * storage; days before today are dropped when read; fewer than 3 left and the location is asked
 * for again; an error clears it.
 */
export interface CachedForecast {
  temperatureUnit: TemperatureUnit;
  days: WeatherDay[];
}

const KEY = 'weather';
/** Spec 000 §9: the cache is refreshed when it holds fewer than 3 entries. */
export const MIN_CACHED_DAYS = 3;

/** The cached days from `today` on ('YYYY-MM-DD', the browser's day), the past ones dropped. */
export function currentForecast(cached: CachedForecast | null, today: string): CachedForecast | null {
  if (!cached) return null;
  return { ...cached, days: cached.days.filter((day) => day.time >= today) };
}

/** Whether the cache holds enough days to show without asking for the location. */
export const isFresh = (forecast: CachedForecast | null): forecast is CachedForecast =>
  !!forecast && forecast.days.length >= MIN_CACHED_DAYS;

/**
 * The cached forecast of `owner` (the signed-in user): on a shared computer another user's cache,
 * which tells roughly where they were, is neither shown nor kept (the next write replaces it).
 */
export function readForecast(owner: string): CachedForecast | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as CachedForecast & { owner?: string };
    if (parsed.owner !== owner) {
      window.localStorage.removeItem(KEY);
      return null;
    }
    // Written by an older version, or by hand: a day the strip cannot draw drops the cache.
    const drawable =
      Array.isArray(parsed.days) &&
      parsed.days.every((d) => WEATHER_ICONS.includes(d.icon) && typeof d.time === 'string');
    return drawable ? { temperatureUnit: parsed.temperatureUnit, days: parsed.days } : null;
  } catch {
    return null;
  }
}

export function writeForecast(owner: string, forecast: CachedForecast | null): void {
  try {
    if (forecast) window.localStorage.setItem(KEY, JSON.stringify({ owner, ...forecast }));
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage unavailable (private mode, quota): the strip asks again next time.
  }
}
