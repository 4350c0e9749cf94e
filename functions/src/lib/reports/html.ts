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
