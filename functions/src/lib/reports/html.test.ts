import { describe, expect, it } from 'vitest';
import { assetKeyOf, assetUrl, html, raw, reportDocument } from './html';

describe('report HTML', () => {
  it('escapes every typed value, in text and in attributes', () => {
    const typed = `<img src="https://evil.example/x" onerror='alert(1)'>&`;
    const out = html`<td title="${typed}">${typed}</td>`.text;
    expect(out).not.toContain('<img');
    expect(out).not.toContain('"https');
    expect(out).toContain(
      '&lt;img src=&quot;https://evil.example/x&quot; onerror=&#39;alert(1)&#39;&gt;&amp;',
    );
  });

  it('keeps fragments and lists of fragments, and drops null, undefined and false', () => {
    const rows = ['a<b', 'c'].map((name) => html`<li>${name}</li>`);
    expect(
      html`<ul>
        ${rows}${null}${undefined}${false}${raw('<hr>')}
      </ul>`.text.replace(/\s+/g, ''),
    ).toBe('<ul><li>a&lt;b</li><li>c</li><hr></ul>');
  });

  it('round-trips an S3 key through its asset URL, and names no key for any other URL', () => {
    const key = 'findings/div 1/photo#1?.jpg';
    expect(assetKeyOf(assetUrl(key))).toBe(key);
    expect(assetKeyOf('https://example.com/findings/x.jpg')).toBeNull();
    expect(assetKeyOf('https://report-assets.invalid.evil.example/x')).toBeNull();
    expect(assetKeyOf('https://report-assets.invalid/%E0%A4%A')).toBeNull();
  });
});

describe('a part document', () => {
  it('escapes its title, keeps its body, and carries the shared page box', () => {
    const doc = reportDocument({ title: 'A <b> title', body: html`<p>${'x<y'}</p>` });
    expect(doc).toContain('<title>A &lt;b&gt; title</title>');
    expect(doc).toContain('<p>x&lt;y</p>');
    // The paper is the render step's (the deployment's region), never fixed in the document.
    expect(doc).toContain('@page { margin: 22mm 15mm 18mm; }');
    expect(doc).not.toMatch(/size: (Letter|A4)/);
  });
});
