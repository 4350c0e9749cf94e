import { describe, expect, it } from 'vitest';
import { DASHBOARD_WIDGETS, DEFAULT_WIDGETS, movedWidget, toggledWidth } from './dashboard-rules';

describe('dashboard widgets (spec 000 §2, §9)', () => {
  it('"If a user has no saved custom dashboard, the default full widget list is used"', () => {
    expect(DEFAULT_WIDGETS.map((w) => w.name)).toEqual([...DASHBOARD_WIDGETS]);
  });

  it('"resized between half width (6) and full width (12) with Show More / Show Less"', () => {
    expect(toggledWidth(6)).toBe(12);
    expect(toggledWidth(12)).toBe(6);
  });

  it.each([
    [0, 2, ['b', 'c', 'a', 'd']],
    [3, 0, ['d', 'a', 'b', 'c']],
    [1, 9, ['a', 'c', 'd', 'b']],
  ])('moves the widget at %i to %i, the others kept in order', (from, to, expected) => {
    expect(movedWidget(['a', 'b', 'c', 'd'], from, to)).toEqual(expected);
  });
});
