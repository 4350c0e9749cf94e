import { displayDate, localDate } from '@stormline/domain/local-date';
import { html, type SafeHtml } from './html';

/**
 * Small pieces every planner may print with (docs/decisions/0042): dates as the spec shows them,
 * a report's heading block and a label/value table (photos: sections/photo.ts). All built with
 * `html`, so every typed value is escaped.
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

/**
 * Label/value rows, the one way a report prints a record's facts (a cover, a SWMP title page, a
 * finding). Rows with no value (null, or blank text) are left out. `labelWidthPct` fixes the
 * label column's share; `className` names the table for a section's own style sheet.
 */
export function factTable(
  facts: readonly (readonly [string, string | number | null])[],
  layout: { labelWidthPct?: number; className?: string } = {},
): SafeHtml {
  const rows = facts.filter(([, value]) => value !== null && String(value).trim() !== '');
  return html`<table class="${layout.className ?? 'facts'}">
    ${
      layout.labelWidthPct
        ? html`<colgroup>
            <col style="width:${layout.labelWidthPct}%" />
            <col />
          </colgroup>`
        : null
    }
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

/** The style the pieces above need (append to a part's css). */
export const PARTS_CSS = `
.report-heading { margin-bottom: 10pt; }
.report-kind { letter-spacing: 0.04em; font-size: 9pt; font-weight: 600; color: #555; margin: 0 0 2pt; }
table.facts { width: auto; min-width: 60%; margin-bottom: 8pt; }
table.facts th { width: 40mm; background: #f3f3f3; font-weight: 600; }
`;
