import { weatherRoutes } from '@stormline/contract/areas/weather';
import { cacheForecast, getCachedForecast, takeProviderCall } from '@stormline/data/weather-cache';
import { TooManyRequestsError } from '@stormline/domain/errors';
import {
  forecastCell,
  forecastHour,
  forecastHourEnd,
  PROVIDER_CALLS_PER_USER_HOUR,
  temperatureUnitOf,
} from '@stormline/domain/weather';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { fetchForecast } from '../../lib/weather-provider';

const route = weatherRoutes.getWeather;

/**
 * GET /api/weather/{lat}/{lon}: the days ahead at the location (spec 000 §2), in the region's
 * temperature unit. The forecast is kept for the UTC hour per location rounded to two decimals,
 * so callers nearby within the hour do not ask the provider again (docs/decisions/0020); a user
 * may make the provider answer PROVIDER_CALLS_PER_USER_HOUR places an hour.
 */
export async function main({ params, caller, deps }: RouteRequest<typeof route>) {
  const now = deps.now();
  const place = { ...forecastCell(params.lat, params.lon), hour: forecastHour(now) };
  const temperatureUnit = temperatureUnitOf(deps.region);
  const cached = await getCachedForecast(deps.db, place, temperatureUnit);
  if (cached) return cached;
  // The provider's daily quota is the whole company's: one user asking place after place must
  // not spend it for everyone (a person's browser asks for one or two places an hour).
  if (
    !(await takeProviderCall(
      deps.db,
      caller.user.id,
      place.hour,
      PROVIDER_CALLS_PER_USER_HOUR,
      forecastHourEnd(now),
    ))
  )
    throw new TooManyRequestsError('Too many weather requests: please try again later');
  const forecast = { temperatureUnit, days: await fetchForecast(place, temperatureUnit) };
  await cacheForecast(deps.db, place, forecast, forecastHourEnd(now));
  return forecast;
}

export const handler = httpRoute(route, main);
