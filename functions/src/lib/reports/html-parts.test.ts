import { describe, expect, it } from 'vitest';
import { factTable, printDate, printDateIn, reportHeading } from './html-parts';

describe('print pieces', () => {
  it('shows dates as MM-DD-YYYY, an instant in the project zone', () => {
    expect(printDate('2026-03-02')).toBe('03-02-2026');
    expect(printDate(null)).toBe('');
    // 02:00 UTC on 3 March is still 2 March in Denver.
    expect(printDateIn('America/Denver', '2026-03-03T02:00:00Z')).toBe('03-02-2026');
  });

  it('escapes typed values in the heading and leaves empty facts out', () => {
    const out = reportHeading({
      kind: 'Findings report',
      title: '<b>Lofts</b>',
      facts: [
        ['Client', '<script>x</script>'],
        ['Permit', null],
      ],
    }).text;
    expect(out).toContain('&lt;b&gt;Lofts&lt;/b&gt;');
    expect(out).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(out).not.toContain('Permit');
    expect(factTable([['A', 0]]).text).toContain('<td>0</td>');
  });

  it('writes every fact table the same way: a fixed label column when asked, blank values left out', () => {
    const out = factTable(
      [
        ['Location', 'Gate'],
        ['Comments', '   '],
      ],
      { labelWidthPct: 28, className: 'fields' },
    ).text;
    expect(out).toContain('<table class="fields">');
    expect(out).toContain('<col style="width:28%" />');
    expect(out).toMatch(/<th scope="row">Location<\/th>\s*<td>Gate<\/td>/);
    expect(out).not.toContain('Comments');
    expect(factTable([['A', 'b']]).text).not.toContain('colgroup');
  });
});
