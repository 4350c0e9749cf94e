import { displayDate, localDate } from '@stormline/domain/local-date';
import { assetUrl, html, raw, type SafeHtml } from './html';

/**
 * Small pieces every planner may print with (docs/decisions/0042): dates as the spec shows them,
 * a report's heading block, a label/value table, and a photo figure (upright, drawn on). All
 * built with `html`, so every typed value is escaped.
 */

/** A calendar date ('YYYY-MM-DD…') as MM-DD-YYYY (spec 002 §9); '' for none. */
export const printDate = (isoDate: string | null | undefined) => displayDate(isoDate);

/** An instant as MM-DD-YYYY in the project's zone (a record's createdAt, 'printed on'). */
export const printDateIn = (timeZone: string, instant: Date | string) =>
  displayDate(localDate(timeZone, typeof instant === 'string' ? new Date(instant) : instant));

/** The heading of a report's first page: its kind, the project, and a few facts as label/value rows. */
export function reportHeading(heading: {
  kind: string;
  title: string;
  facts: readonly (readonly [string, string | number | null])[];
}): SafeHtml {
  return html`<header class="report-heading">
    <p class="report-kind">${heading.kind}</p>
    <h1>${heading.title}</h1>
    ${factTable(heading.facts)}
  </header>`;
}

/** Label/value rows (rows with no value are left out). */
export function factTable(facts: readonly (readonly [string, string | number | null])[]): SafeHtml {
  const rows = facts.filter(([, value]) => value !== null && value !== '');
  return html`<table class="facts">
    <tbody>
      ${rows.map(
        ([label, value]) =>
          html`<tr>
            <th scope="row">${label}</th>
            <td>${value}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/** A shape drawn on a photo, in the photo's own pixels (contract ImageAnnotation). */
export interface PhotoAnnotation {
  kind: 'arrow' | 'circle' | 'rectangle' | 'text';
  x: number;
  y: number;
  width?: number;
  height?: number;
  text?: string;
  color: string;
}

export interface Photo {
  /** The S3 key printed (the print copy when there is one); listed in the part's assets. */
  key: string;
  /** The stored image's own size in pixels (before rotation). */
  width: number;
  height: number;
  /** Degrees clockwise the photo is turned to stand upright (0, 90, 180, 270). */
  rotation: number;
  annotations: readonly PhotoAnnotation[];
  caption: string;
}

const COLOUR = /^#[0-9A-Fa-f]{6}$/;
const n = (value: number) => (Number.isFinite(value) ? Math.round(value * 100) / 100 : 0);

/** One annotation as SVG, from validated numbers and a checked colour (its text escaped). */
function annotationSvg(a: PhotoAnnotation, scale: number): SafeHtml {
  const colour = COLOUR.test(a.color) ? a.color : '#ff0000';
  const stroke = n(Math.max(3, 4 * scale));
  const w = n(a.width ?? 0);
  const h = n(a.height ?? 0);
  switch (a.kind) {
    case 'rectangle':
      return raw(
        `<rect x="${n(a.x)}" y="${n(a.y)}" width="${w}" height="${h}" fill="none" stroke="${colour}" stroke-width="${stroke}"/>`,
      );
    case 'circle':
      return raw(
        `<ellipse cx="${n(a.x + (a.width ?? 0) / 2)}" cy="${n(a.y + (a.height ?? 0) / 2)}" rx="${n(Math.abs(w) / 2)}" ry="${n(Math.abs(h) / 2)}" fill="none" stroke="${colour}" stroke-width="${stroke}"/>`,
      );
    case 'arrow': {
      const x2 = n(a.x + (a.width ?? 0));
      const y2 = n(a.y + (a.height ?? 0));
      const angle = Math.atan2(a.height ?? 0, a.width ?? 0);
      const head = stroke * 4;
      const wing = (side: number) =>
        `${n(x2 - head * Math.cos(angle + side * 0.5))},${n(y2 - head * Math.sin(angle + side * 0.5))}`;
      return raw(
        `<line x1="${n(a.x)}" y1="${n(a.y)}" x2="${x2}" y2="${y2}" stroke="${colour}" stroke-width="${stroke}" stroke-linecap="round"/><polygon points="${x2},${y2} ${wing(1)} ${wing(-1)}" fill="${colour}"/>`,
      );
    }
    case 'text':
      return html`<text
        x="${n(a.x)}"
        y="${n(a.y)}"
        fill="${colour}"
        font-family="Arial, sans-serif"
        font-size="${n(Math.max(24, 28 * scale))}"
        font-weight="bold"
        >${a.text ?? ''}</text
      >`;
  }
}

/**
 * A photo as one SVG: the image and its annotations turned together by its rotation, so it
 * prints upright however it was taken, scaled to the box CSS gives it (never cut, never split).
 */
export function photoFigure(photo: Photo, maxHeightMm: number): SafeHtml {
  const turn = ((Math.round(photo.rotation / 90) % 4) + 4) % 4;
  const sideways = turn % 2 === 1;
  const boxW = n(sideways ? photo.height : photo.width);
  const boxH = n(sideways ? photo.width : photo.height);
  // Rotate about the origin, then move the turned image back into the positive quadrant.
  const shift = [`0,0`, `${boxW},0`, `${boxW},${boxH}`, `0,${boxH}`][turn];
  const scale = Math.max(photo.width, photo.height) / 1000;
  return html`<figure class="photo">
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 ${boxW} ${boxH}"
      style="max-height: ${n(maxHeightMm)}mm"
      role="img"
      aria-label="${photo.caption}"
    >
      <g transform="translate(${shift}) rotate(${turn * 90})">
        <image
          href="${assetUrl(photo.key)}"
          x="0"
          y="0"
          width="${n(photo.width)}"
          height="${n(photo.height)}"
        />
        ${photo.annotations.map((a) => annotationSvg(a, scale))}
      </g>
    </svg>
    <figcaption>${photo.caption}</figcaption>
  </figure>`;
}

/** The style the pieces above need (append to a part's css). */
export const PARTS_CSS = `
.report-heading { margin-bottom: 10pt; }
.report-kind { letter-spacing: 0.04em; font-size: 9pt; font-weight: 600; color: #555; margin: 0 0 2pt; }
table.facts { width: auto; min-width: 60%; margin-bottom: 8pt; }
table.facts th { width: 40mm; background: #f3f3f3; font-weight: 600; }
.photos { display: flex; flex-wrap: wrap; gap: 4mm; }
figure.photo { flex: 0 1 calc(50% - 2mm); margin: 0; break-inside: avoid; }
figure.photo svg { display: block; width: 100%; height: auto; }
`;
