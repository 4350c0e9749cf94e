import { afterEach, describe, expect, it } from 'vitest';
import { browserToday } from '../../../lib/format';
import { currentForecast, isFresh, readForecast, writeForecast } from './weather-cache';

const day = (time: string) => ({
  time,
  icon: 'rain' as const,
  temperatureMax: 9,
  temperatureMin: 3,
  precipProbability: 60,
});
const cached = {
  temperatureUnit: 'celsius' as const,
  days: ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'].map(day),
};

afterEach(() => window.localStorage.clear());

describe('the weather cache (spec 000 §4)', () => {
  it('drops the days before today', () => {
    expect(currentForecast(cached, '2026-11-26')!.days.map((d) => d.time)).toEqual([
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
  });

  it('asks again when fewer than 3 days are left', () => {
    expect(isFresh(currentForecast(cached, '2026-11-26'))).toBe(true);
    expect(isFresh(currentForecast(cached, '2026-11-27'))).toBe(false);
    expect(isFresh(null)).toBe(false);
  });

  it('keeps the forecast in local storage, and clears it', () => {
    writeForecast('u1', cached);
    expect(readForecast('u1')).toEqual(cached);
    writeForecast('u1', null);
    expect(readForecast('u1')).toBeNull();
    window.localStorage.setItem('weather', 'not json');
    expect(readForecast('u1')).toBeNull();
    window.localStorage.setItem(
      'weather',
      JSON.stringify({ owner: 'u1', ...cached, days: [{ ...day('2026-11-26'), icon: 'meteor' }] }),
    );
    expect(readForecast('u1')).toBeNull();
  });

  it('shows no one another user’s forecast, and drops it', () => {
    writeForecast('u1', cached);
    expect(readForecast('u2')).toBeNull();
    expect(window.localStorage.getItem('weather')).toBeNull();
  });

  it('dates today by the browser’s own calendar', () => {
    expect(browserToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
