import { weatherRoutes } from '@stormline/contract/areas/weather';
import { cacheForecast, getCachedForecast } from '@stormline/data/weather-cache';
import { forecastCell, forecastHour, forecastHourEnd, temperatureUnitOf } from '@stormline/domain/weather';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { fetchForecast } from '../../lib/weather-provider';

const route = weatherRoutes.getWeather;

/**
 * GET /api/weather/{lat}/{lon}: the days ahead at the location (spec 000 §2), in the region's
 * temperature unit. The forecast is kept for the UTC hour per location rounded to two decimals,
 * so callers nearby within the hour do not ask the provider again (docs/decisions/0020).
 */
export async function main({ params, deps }: RouteRequest<typeof route>) {
  const now = deps.now();
  const place = { ...forecastCell(params.lat, params.lon), hour: forecastHour(now) };
  const temperatureUnit = temperatureUnitOf(deps.region);
  const cached = await getCachedForecast(deps.db, place, temperatureUnit);
  if (cached) return cached;
  const forecast = { temperatureUnit, days: await fetchForecast(place, temperatureUnit) };
  await cacheForecast(deps.db, place, forecast, forecastHourEnd(now));
  return forecast;
}

export const handler = httpRoute(route, main);
