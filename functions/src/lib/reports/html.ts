/**
 * The only way report HTML is written (docs/decisions/0042): every value a user typed goes through
 * `html`'s escaping, so no name, answer or comment can add markup, script or a URL that Chromium
 * would load. Images are asset URLs on a fixed origin that request interception answers from S3,
 * for the part's own listed keys only.
 */

/** A fragment of trusted HTML (made by `html` or `raw`): interpolated as is. */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}

type Interpolated = SafeHtml | string | number | null | undefined | false | readonly Interpolated[];

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function interpolate(value: Interpolated): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(interpolate).join('');
  return escapeHtml(String(value));
}

/** `html\`<td>${answer}</td>\``: strings and numbers escaped, fragments and arrays of them kept. */
export function html(strings: TemplateStringsArray, ...values: Interpolated[]): SafeHtml {
  return new SafeHtml(
    strings.reduce((out, part, i) => out + part + (i < values.length ? interpolate(values[i]!) : ''), ''),
  );
}

/** Markup made by our own code from no user text (an SVG drawn from validated numbers). */
export const raw = (trusted: string) => new SafeHtml(trusted);

/**
 * The fixed origin a part's images load from. It is never resolved: request interception answers
 * it from S3 (only for the keys the part lists) and aborts every other request.
 */
export const ASSET_ORIGIN = 'https://report-assets.invalid';

/** The URL of an S3 object inside a report part (listed in the part's `assets` too). */
export const assetUrl = (key: string) =>
  `${ASSET_ORIGIN}/${key.split('/').map(encodeURIComponent).join('/')}`;

/** The S3 key an asset URL names, or null for any other URL. */
export function assetKeyOf(url: string): string | null {
  if (!url.startsWith(`${ASSET_ORIGIN}/`)) return null;
  try {
    return url
      .slice(ASSET_ORIGIN.length + 1)
      .split('/')
      .map(decodeURIComponent)
      .join('/');
  } catch {
    return null;
  }
}

/**
 * The page box every part prints on (docs/decisions/0042): top and bottom margins left empty for
 * the running header and the 'Page x of y' footer that Merge stamps on every page of the whole
 * report (appendices too), so numbering runs across parts. The paper is the deployment's (US
 * Letter, UK A4: report-rules.ts `paperOf`), given to Chromium by the render step, so the CSS
 * names no size: a landscape part turns whichever paper it is.
 */
export const PAGE = {
  marginTopMm: 22,
  marginBottomMm: 18,
  marginSideMm: 15,
} as const;

/** The print style sheet every part shares: clean breaks, photos never split, tables that repeat their heads. */
const BASE_CSS = `
@page { margin: ${PAGE.marginTopMm}mm ${PAGE.marginSideMm}mm ${PAGE.marginBottomMm}mm; }
@page landscape { size: landscape; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font: 10pt/1.35 Arial, Helvetica, sans-serif; color: #111; }
h1 { font-size: 16pt; margin: 0 0 8pt; }
h2 { font-size: 13pt; margin: 14pt 0 6pt; break-after: avoid; }
h3 { font-size: 11pt; margin: 10pt 0 4pt; break-after: avoid; }
p { margin: 0 0 6pt; }
/* A heading's lead-in sentence stays with what it introduces (a group's table, not alone at a page's foot). */
h2 + p, h3 + p { break-after: avoid; }
table { width: 100%; border-collapse: collapse; }
thead { display: table-header-group; }
tr, td, th { break-inside: avoid; }
th, td { border: 0.5pt solid #999; padding: 3pt 5pt; text-align: left; vertical-align: top; }
th { background: #eee; }
figure { margin: 0 0 8pt; break-inside: avoid; }
figure img { display: block; max-width: 100%; max-height: 200mm; object-fit: contain; }
figcaption { font-size: 8.5pt; color: #444; margin-top: 2pt; }
.page-break { break-before: page; }
.keep { break-inside: avoid; }
.landscape { page: landscape; }
.muted { color: #555; }
`;

/** A whole HTML document for one part: the base style sheet, the part's own, its body. */
export function reportDocument(part: { title: string; body: SafeHtml; css?: string }): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>${part.title}</title>
        <style>
          ${raw(BASE_CSS + (part.css ?? ''))}
        </style>
      </head>
      <body>
        ${part.body}
      </body>
    </html>`.text;
}
