import * as z from 'zod/mini';
import { defineArea, signedIn } from '../route';
import { TEMPERATURE_UNITS, WEATHER_ICONS } from '@stormline/domain/weather';

/** A decimal number as a path segment: '51.5072', '-0.1276', '7'; no exponent, no '+'. */
const DECIMAL = /^-?\d{1,3}(\.\d{1,12})?$/;

/** A latitude or longitude in the path: decimal degrees between -limit and limit. */
function coordinate(limit: number, message: string) {
  return z.pipe(
    z.pipe(z.string({ error: message }).check(z.regex(DECIMAL, message)), z.transform(Number)),
    z.number().check(z.gte(-limit, message), z.lte(limit, message)),
  );
}

/** Spec 000 §5 "Weather day"; temperatures rounded and the precipitation a percentage (§9). */
export const WeatherDay = z.strictObject({
  /** The day in the location's own time zone. */
  time: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  icon: z.enum(WEATHER_ICONS),
  temperatureMax: z.number().check(z.int()),
  temperatureMin: z.number().check(z.int()),
  precipProbability: z.number().check(z.int(), z.gte(0), z.lte(100)),
});

/** Spec 000 §7: the weather strip of the dashboard. */
export const weatherRoutes = defineArea('weather', {
  getWeather: {
    method: 'GET',
    path: '/api/weather/{lat}/{lon}',
    summary:
      "Day forecasts (time, icon, temperatureMax, temperatureMin, precipProbability) for a location, in the region's temperature unit, from the forecast provider (kept an hour per location to two decimals); 502 'The weather service is not available' when the provider fails; 429 once the caller has had the provider asked about 30 places in the hour",
    access: signedIn,
    division: 'none',
    tableCache: 'weather',
    params: z.strictObject({
      lat: coordinate(90, 'The latitude is not valid'),
      lon: coordinate(180, 'The longitude is not valid'),
    }),
    query: z.strictObject({}),
    response: z.strictObject({
      /** Celsius in the UK variant, Fahrenheit in the US variant. */
      temperatureUnit: z.enum(TEMPERATURE_UNITS),
      days: z.array(WeatherDay),
    }),
    implemented: true,
  },
});
