import { defineArea, signedIn } from '../route';

/** Spec 000 §7: the weather strip of the dashboard. */
export const weatherRoutes = defineArea('weather', {
  getWeather: {
    method: 'GET',
    path: '/api/weather/{lat}/{lon}',
    summary: 'Day forecasts (time, icon, temperatureMax, temperatureMin, precipProbability) for a location',
    access: signedIn,
    division: 'none',
    implemented: false,
  },
});
