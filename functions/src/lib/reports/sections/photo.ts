import { assetUrl, html, type SafeHtml } from '../html';

/**
 * A finding's photo as printed: turned as the inspector turned it and with its marks drawn over it,
 * as the app shows it (web/src/features/inspections/photos/turned-photo.tsx). One SVG: the image and
 * the marks share the photo's own pixel space (the stored annotations are in the photo's pixels),
 * and the whole turns together, so the print copy (a smaller file of the same photo) lines up too.
 */

export interface PrintPhoto {
  name: string;
  /** The S3 key printed: the print copy when there is one, else the original. */
  key: string;
  width: number;
  height: number;
  rotation: number;
  annotations: readonly {
    kind: string;
    x: number;
    y: number;
    width?: number;
    height?: number;
    text?: string;
    color: string;
  }[];
}

const HEX = /^#[0-9A-Fa-f]{6}$/;
const colourOf = (c: string) => (HEX.test(c) ? c : '#E03131');
const finite = (n: number | undefined, fallback: number) => (Number.isFinite(n) ? n! : fallback);

/** Quarter turns only (the app turns in 90° steps); anything else prints upright. */
export function quarterTurn(rotation: number): 0 | 90 | 180 | 270 {
  const r = (((Math.round(finite(rotation, 0) / 90) * 90) % 360) + 360) % 360;
  return r as 0 | 90 | 180 | 270;
}

function mark(a: PrintPhoto['annotations'][number], unit: number): SafeHtml {
  const x = finite(a.x, 0);
  const y = finite(a.y, 0);
  const w = finite(a.width, 16 * unit);
  const h = finite(a.height, 16 * unit);
  const colour = colourOf(a.color);
  switch (a.kind) {
    case 'circle':
      return html`<ellipse
        cx="${x}"
        cy="${y}"
        rx="${w / 2}"
        ry="${h / 2}"
        stroke="${colour}"
        stroke-width="2"
        fill="none"
        vector-effect="non-scaling-stroke"
      />`;
    case 'rectangle':
      return html`<rect
        x="${x - w / 2}"
        y="${y - h / 2}"
        width="${w}"
        height="${h}"
        stroke="${colour}"
        stroke-width="2"
        fill="none"
        vector-effect="non-scaling-stroke"
      />`;
    case 'arrow':
      return html`<g stroke="${colour}" stroke-width="3" fill="none">
        <line x1="${x - w / 2}" y1="${y - h / 2}" x2="${x}" y2="${y}" vector-effect="non-scaling-stroke" />
        <polyline
          points="${`${x - 5 * unit},${y - unit} ${x},${y} ${x - unit},${y - 5 * unit}`}"
          vector-effect="non-scaling-stroke"
        />
      </g>`;
    default:
      return html`<text
        x="${x}"
        y="${y}"
        fill="${colour}"
        font-size="${6 * unit}"
        font-weight="700"
        font-family="Arial, Helvetica, sans-serif"
        >${a.text ?? ''}</text
      >`;
  }
}

/** The photo as an SVG of its turned shape, the image and marks turned inside it. */
export function photoSvg(photo: PrintPhoto, maxHeightMm?: number): SafeHtml {
  const w = Math.max(1, finite(photo.width, 1));
  const h = Math.max(1, finite(photo.height, 1));
  const turn = quarterTurn(photo.rotation);
  const sideways = turn === 90 || turn === 270;
  const [boxW, boxH] = sideways ? [h, w] : [w, h];
  const unit = Math.max(w, h) / 100;
  return html`<svg
    class="photo"
    xmlns="http://www.w3.org/2000/svg"
    viewBox="0 0 ${boxW} ${boxH}"
    ${maxHeightMm && Number.isFinite(maxHeightMm) ? html`style="max-height: ${Math.round(maxHeightMm)}mm"` : null}
    role="img"
    aria-label="${photo.name}"
  >
    <g transform="translate(${boxW / 2} ${boxH / 2}) rotate(${turn}) translate(${-w / 2} ${-h / 2})">
      <image
        href="${assetUrl(photo.key)}"
        x="0"
        y="0"
        width="${w}"
        height="${h}"
        preserveAspectRatio="none"
      />
      ${photo.annotations.map((a) => mark(a, unit))}
    </g>
    <rect
      x="0"
      y="0"
      width="${boxW}"
      height="${boxH}"
      fill="none"
      stroke="#bbbbbb"
      stroke-width="1"
      vector-effect="non-scaling-stroke"
    />
  </svg>`;
}

/**
 * A photo as a figure that never splits across pages (print CSS), captioned with its name unless
 * told otherwise. `maxHeightMm` lowers the default 110 mm cap where a page must hold more (the
 * findings report at 2 or 3 findings a page).
 */
export function photoFigure(
  photo: PrintPhoto,
  options: { caption?: string; maxHeightMm?: number } = {},
): SafeHtml {
  return html`<figure class="photo-figure">
    ${photoSvg(photo, options.maxHeightMm)}
    <figcaption>${options.caption ?? photo.name}</figcaption>
  </figure>`;
}

export const PHOTO_CSS = `
.photos { display: grid; grid-template-columns: 1fr 1fr; gap: 6mm; margin-top: 4pt; }
.photo-figure { margin: 0; break-inside: avoid; }
.photo-figure svg.photo { display: block; width: 100%; height: auto; max-height: 110mm; }
/* Under the photo it names: a tall photo is centred in its column (the SVG keeps its aspect). */
.photo-figure figcaption { text-align: center; }
`;
