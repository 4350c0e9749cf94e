import { html, type SafeHtml } from '../html';
import { factTable } from '../html-parts';
import { printDate } from './format';
import { photoFigure, type PrintPhoto } from './photo';

/**
 * An inspection's findings as printed (spec 002 §2 Print Inspection): each with its type, number,
 * location, dates, condition, control measure and comments, then its photos as annotated and
 * turned (photo.ts), two to a row, none split across pages.
 */

export interface PrintFinding {
  number: number;
  typeCode: string;
  typeName: string;
  color: string;
  location: string;
  date_initiated: string;
  date_completed: string | null;
  condition: string | null;
  /** The control measure's name (its legend item), or null. */
  controlMeasure: string | null;
  comments: string | null;
  /** Carried into this inspection from an earlier one. */
  carriedOver: boolean;
  /** Null when photos are not shown (no read Finding Images, or the client disabled them). */
  photos: PrintPhoto[] | null;
}

export const findingLabel = (f: Pick<PrintFinding, 'typeCode' | 'number'>) => `${f.typeCode} #${f.number}`;

const HEX = /^#[0-9A-Fa-f]{6}$/;

function findingBlock(finding: PrintFinding): SafeHtml {
  const rows: [string, string | null][] = [
    ['Location', finding.location],
    ['Date initiated', printDate(finding.date_initiated)],
    ['Date completed', finding.date_completed ? printDate(finding.date_completed) : 'Open'],
    ['Condition', finding.condition],
    ['Control measure', finding.controlMeasure],
    ['Comments', finding.comments],
  ];
  const colour = HEX.test(finding.color) ? finding.color : '#888888';
  return html`<article class="finding">
    <div class="keep">
      <h3>
        <span class="swatch" style="background:${colour}"></span>
        ${findingLabel(finding)} ·
        ${finding.typeName}${finding.carriedOver ? html` <span class="muted">(carried over)</span>` : null}
      </h3>
      ${factTable(rows, { labelWidthPct: 28, className: 'fields' })}
    </div>
    ${
      finding.photos && finding.photos.length > 0
        ? html`<div class="photos">
            ${finding.photos.map((p, i) => photoFigure(p, { caption: `${findingLabel(finding)}, photo ${i + 1}: ${p.name}` }))}
          </div>`
        : null
    }
  </article>`;
}

export const FINDINGS_CSS = `
.finding { margin-bottom: 12pt; }
.finding h3 { display: flex; align-items: center; gap: 6pt; }
.swatch { display: inline-block; width: 10pt; height: 10pt; border: 0.5pt solid #333; border-radius: 50%; }
.fields th { width: 28%; background: #f3f3f3; font-weight: bold; }
.fields td { white-space: pre-wrap; overflow-wrap: anywhere; }
`;

/**
 * Every finding of the inspection, by number; `continued` for a later part of a long list (a part
 * prints a few photos' findings: plans/finding-parts.ts), headed as the list's continuation.
 */
export function findingsSection(
  findings: readonly PrintFinding[],
  note: string | null = null,
  continued = false,
): SafeHtml {
  return html`<section class="findings">
    <h2>${continued ? 'Findings (continued)' : 'Findings'}</h2>
    ${note && !continued ? html`<p class="muted">${note}</p>` : null}
    ${
      findings.length === 0
        ? html`<p class="muted">No findings were recorded in this inspection.</p>`
        : [...findings].sort((a, b) => a.number - b.number).map(findingBlock)
    }
  </section>`;
}
