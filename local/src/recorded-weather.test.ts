import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fetchForecast,
  fetchHourlyRainfall,
  RainfallUnavailableError,
} from '@stormline/functions/lib/weather-provider';
import { createRecordedWeather, serveRecordedWeather } from './recorded-weather';
import type { RecordedWeather } from './recorded-weather';
import { stormHours } from './storm';

/** The recorded weather, read through the real adapter over HTTP, as the rainfall job reads it. */
let weather: RecordedWeather;
let served: { url: string; stop(): Promise<void> };

beforeEach(async () => {
  weather = createRecordedWeather();
  served = await serveRecordedWeather(weather);
  vi.stubEnv('WEATHER_API_URL', served.url);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await served.stop();
});

describe('the recorded weather', () => {
  it('answers the hours recorded at a cell, zero elsewhere, and says it was recorded', async () => {
    await weather.record('38.6|-121.5', [{ hour: '2026-11-28T05', rainInches: 0.12, snowInches: 0 }]);
    const reading = await fetchHourlyRainfall('38.6|-121.5', '2026-11-28T04', '2026-11-28T06');
    expect(reading).toEqual({
      source: 'recorded',
      hours: [
        { hour: '2026-11-28T04', rainInches: 0, snowInches: 0 },
        { hour: '2026-11-28T05', rainInches: 0.12, snowInches: 0 },
        { hour: '2026-11-28T06', rainInches: 0, snowInches: 0 },
      ],
    });
    expect(await fetchHourlyRainfall('38.7|-121.5', '2026-11-28T05', '2026-11-28T05')).toMatchObject({
      hours: [{ hour: '2026-11-28T05', rainInches: 0 }],
    });
    expect(weather.requests.map((r) => r.cell)).toEqual(['38.6|-121.5', '38.7|-121.5']);
  });

  it('answers the weather strip’s daily request, rain on a day with recorded rain', async () => {
    const today = new Date().toISOString().slice(0, 10);
    await weather.record('51.5|-0.1', [{ hour: `${today}T10`, rainInches: 0.3, snowInches: 0 }]);
    const days = await fetchForecast({ latitude: '51.51', longitude: '-0.13' }, 'celsius');
    expect(days[0]).toMatchObject({ time: today, icon: 'rain', precipProbability: 100 });
    expect(days[1]).toMatchObject({ icon: 'cloudy', precipProbability: 0 });
  });

  it('fails as told, as the provider does in an outage', async () => {
    weather.failWith(503);
    await expect(fetchHourlyRainfall('38.6|-121.5', '2026-11-28T04', '2026-11-28T06')).rejects.toBeInstanceOf(
      RainfallUnavailableError,
    );
  });

  it('spreads a scripted storm evenly over its hours, summing to the inches asked', () => {
    expect(stormHours(0.6, 6, '2026-11-28T05').map((h) => [h.hour, h.rainInches])).toEqual([
      ['2026-11-28T00', 0.1],
      ['2026-11-28T01', 0.1],
      ['2026-11-28T02', 0.1],
      ['2026-11-28T03', 0.1],
      ['2026-11-28T04', 0.1],
      ['2026-11-28T05', 0.1],
    ]);
    const odd = stormHours(1, 3, '2026-11-28T05');
    expect(odd.reduce((sum, h) => sum + h.rainInches * 1000, 0)).toBe(1000);
  });
});
