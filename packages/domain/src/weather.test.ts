import { describe, expect, it } from 'vitest';
import {
  forecastCell,
  forecastHour,
  forecastHourEnd,
  precipPercent,
  roundedTemperature,
  temperatureUnitOf,
  weatherIconOf,
} from './weather';

describe('the weather strip (spec 000 §5, §9)', () => {
  it.each([
    [0, 'clear'],
    [1, 'partly-cloudy'],
    [2, 'partly-cloudy'],
    [3, 'cloudy'],
    [45, 'fog'],
    [48, 'fog'],
    [51, 'drizzle'],
    [57, 'drizzle'],
    [61, 'rain'],
    [67, 'rain'],
    [80, 'rain'],
    [82, 'rain'],
    [71, 'snow'],
    [77, 'snow'],
    [85, 'snow'],
    [86, 'snow'],
    [95, 'thunderstorm'],
    [99, 'thunderstorm'],
    [42, 'cloudy'],
  ])('shows WMO weather code %i as %s', (code, icon) => {
    expect(weatherIconOf(code)).toBe(icon);
  });

  it('"temperatures rounded", never to a negative zero', () => {
    expect(roundedTemperature(12.5)).toBe(13);
    expect(roundedTemperature(-2.6)).toBe(-3);
    expect(Object.is(roundedTemperature(-0.4), 0)).toBe(true);
  });

  it('"precipitation shown as a percentage": a whole number from 0 to 100', () => {
    expect(precipPercent(47.4)).toBe(47);
    expect(precipPercent(100.2)).toBe(100);
    expect(precipPercent(-1)).toBe(0);
  });

  it('reads Fahrenheit in the US variant and Celsius in the UK variant', () => {
    expect(temperatureUnitOf('US')).toBe('fahrenheit');
    expect(temperatureUnitOf('UK')).toBe('celsius');
  });

  it('keeps a forecast per location rounded to two decimals, with no negative zero', () => {
    expect(forecastCell(51.50735, -0.12776)).toEqual({ latitude: '51.51', longitude: '-0.13' });
    expect(forecastCell(51.5091, -0.1302)).toEqual(forecastCell(51.50735, -0.12776));
    expect(forecastCell(-0.001, 0.004)).toEqual({ latitude: '0.00', longitude: '0.00' });
    expect(forecastCell(-90, 180)).toEqual({ latitude: '-90.00', longitude: '180.00' });
  });

  it('keeps a forecast per UTC hour, until the hour ends', () => {
    const now = new Date('2026-03-14T23:59:30.500Z');
    expect(forecastHour(now)).toBe('2026-03-14T23');
    expect(forecastHourEnd(now).toISOString()).toBe('2026-03-15T00:00:00.000Z');
    expect(forecastHourEnd(new Date('2026-03-14T10:00:00.000Z')).toISOString()).toBe(
      '2026-03-14T11:00:00.000Z',
    );
  });
});
