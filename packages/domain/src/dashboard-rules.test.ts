import { describe, expect, it } from 'vitest';
import {
  availableWidgets,
  DASHBOARD_WIDGETS,
  DEFAULT_WIDGETS,
  movedWidget,
  toggledWidth,
  widgetsAllowed,
} from './dashboard-rules';

/** The widths of each row of a 12-column grid filled in order, as the dashboard lays them out. */
function rowsOf(widths: readonly number[]): number[][] {
  const rows: number[][] = [];
  for (const width of widths) {
    const row = rows.at(-1);
    if (row && row.reduce((a, b) => a + b, 0) + width <= 12) row.push(width);
    else rows.push([width]);
  }
  return rows;
}

describe('dashboard widgets (spec 000 §2, §9)', () => {
  it('"If a user has no saved custom dashboard, the default full widget list is used"', () => {
    expect(DEFAULT_WIDGETS.map((w) => w.name)).toEqual([...DASHBOARD_WIDGETS]);
  });

  it.each([true, false])(
    'lays the default out with no hole beside a widget before the last row (Team Management: %s)',
    (manageTeam) => {
      const widths = widgetsAllowed(DEFAULT_WIDGETS, availableWidgets({ manageTeam })).map((w) => w.width);
      for (const row of rowsOf(widths).slice(0, -1)) expect(row.reduce((a, b) => a + b, 0)).toBe(12);
    },
  );

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
