import { describe, expect, it } from 'vitest';
import { formatDate, formatLongDate } from './format';

describe('dates as the product writes them', () => {
  it('writes list dates as MM-DD-YYYY (spec 001 §9)', () => {
    expect(formatDate(new Date(2026, 10, 3))).toBe('11-03-2026');
  });

  it('writes a day out in the region’s order', () => {
    const day = new Date(2026, 10, 23);
    expect(formatLongDate(day, 'UK')).toBe('Monday, 23 November 2026');
    expect(formatLongDate(day, 'US')).toBe('Monday, November 23, 2026');
  });
});
