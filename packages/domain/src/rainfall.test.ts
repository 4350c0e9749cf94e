import { describe, expect, it } from 'vitest';
import {
  addHours,
  cellPoint,
  hasCoordinates,
  hourEnd,
  hoursFrom,
  hoursToRead,
  lastCompleteHour,
  rainfallCell,
  utcHourOf,
} from './rainfall';

describe('the grid cell a site reads its rain in (0.1°)', () => {
  it.each([
    [38.6123, -121.4987, '38.6|-121.5'],
    [38.65, -121.45, '38.7|-121.4'],
    [51.5072, -0.1276, '51.5|-0.1'],
    [0.04, -0.04, '0|0'],
    [-33.8688, 151.2093, '-33.9|151.2'],
    [10, 20, '10|20'],
    [64.99, -179.97, '65|180'],
    [-89.99, 179.96, '-90|180'],
  ])('%f, %f is cell %s', (lat, lon, cell) => {
    expect(rainfallCell(lat, lon)).toBe(cell);
  });

  it('puts two sites a few hundred metres apart in one cell, and one 15 km away in another', () => {
    expect(rainfallCell(38.612, -121.498)).toBe(rainfallCell(38.621, -121.503));
    expect(rainfallCell(38.75, -121.498)).not.toBe(rainfallCell(38.612, -121.498));
  });

  it('asks the provider for the cell’s own point', () => {
    expect(cellPoint('38.6|-121.5')).toEqual({ latitude: '38.6', longitude: '-121.5' });
    expect(() => cellPoint('38.6,-121.5')).toThrow(/Not a rainfall cell/);
  });

  it('reads no rain for a site without coordinates (0, 0 is how one was saved)', () => {
    expect(hasCoordinates({ latitude: 0, longitude: 0 })).toBe(false);
    expect(hasCoordinates({ latitude: Number.NaN, longitude: 3 })).toBe(false);
    expect(hasCoordinates({ latitude: 91, longitude: 3 })).toBe(false);
    expect(hasCoordinates({ latitude: 38.6, longitude: -121.5 })).toBe(true);
  });
});

describe('the hours a run reads', () => {
  const now = new Date('2026-11-28T10:20:00Z');

  it('counts hours in UTC, across days', () => {
    expect(utcHourOf(now)).toBe('2026-11-28T10');
    expect(lastCompleteHour(now)).toBe('2026-11-28T09');
    expect(addHours('2026-11-28T23', 1)).toBe('2026-11-29T00');
    expect(addHours('2026-03-01T00', -1)).toBe('2026-02-28T23');
    expect(hourEnd('2026-11-28T06')).toBe('2026-11-28T07:00:00.000Z');
    expect(hoursFrom('2026-11-28T22', '2026-11-29T01')).toEqual([
      '2026-11-28T22',
      '2026-11-28T23',
      '2026-11-29T00',
      '2026-11-29T01',
    ]);
    expect(hoursFrom('2026-11-29T01', '2026-11-28T22')).toEqual([]);
  });

  it('reads from the furthest-behind clock of the cell to the last complete hour', () => {
    expect(hoursToRead(['2026-11-28T07', '2026-11-28T04'], now)).toEqual({
      from: '2026-11-28T05',
      to: '2026-11-28T09',
    });
  });

  it('reads nothing when every clock has read the last complete hour', () => {
    expect(hoursToRead(['2026-11-28T09', '2026-11-28T09'], now)).toBeNull();
    expect(hoursToRead([], now)).toBeNull();
  });

  it('reads at most 72 hours back, however far behind a clock is', () => {
    expect(hoursToRead(['2026-11-20T00'], now)).toEqual({ from: '2026-11-25T10', to: '2026-11-28T09' });
    expect(hoursFrom('2026-11-25T10', '2026-11-28T09')).toHaveLength(72);
  });
});
