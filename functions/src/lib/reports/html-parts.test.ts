import { describe, expect, it } from 'vitest';
import { assetUrl } from './html';
import { factTable, photoFigure, printDate, printDateIn, reportHeading } from './html-parts';

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

  it('stands a sideways photo upright: the box takes its turned size, and the image turns with its drawings', () => {
    const out = photoFigure(
      {
        key: 'findings/north/p 1.jpg',
        width: 4000,
        height: 3000,
        rotation: 90,
        annotations: [
          { kind: 'rectangle', x: 10, y: 20, width: 100, height: 50, color: '#FF0000' },
          {
            kind: 'text',
            x: 5,
            y: 5,
            text: '<tspan onload="x">',
            color: 'red; background:url(https://evil.example)',
          },
        ],
        caption: 'Finding 1, photo 1',
      },
      80,
    ).text;
    expect(out).toContain('viewBox="0 0 3000 4000"');
    expect(out).toContain('translate(3000,0) rotate(90)');
    expect(out).toContain(`href="${assetUrl('findings/north/p 1.jpg')}"`);
    expect(out).toContain('<rect x="10" y="20" width="100" height="50" fill="none" stroke="#FF0000"');
    // Typed text is escaped; a colour that is not #RRGGBB is never written.
    expect(out).toContain('&lt;tspan onload=&quot;x&quot;&gt;');
    expect(out).not.toContain('evil.example');
    expect(out).toContain('max-height: 80mm');
  });
});
