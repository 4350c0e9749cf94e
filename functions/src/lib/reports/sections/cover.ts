import { assetUrl, html, type SafeHtml } from '../html';
import { factTable } from '../html-parts';

/**
 * The first page of an inspection report (spec 002 §2 Print Inspection): the template's logo when it
 * has one, the project, permittee and client, the permit (CGP tracking) number where the project has
 * one, the site address, and the inspection's number, date, type, inspector and form.
 */

export interface InspectionCoverFacts {
  projectName: string;
  permittee: string | null;
  clientName: string;
  cgpTrackingId: string | null;
  address: string;
  inspectionNumber: number;
  /** Already written for print (MM-DD-YYYY, the project's zone). */
  date: string;
  type: string;
  inspector: string | null;
  templateName: string;
  status: string;
  /** The template logo's S3 key, listed in the part's assets. */
  logoKey: string | null;
  /** 'MM-DD-YYYY 9:30 AM by Name': when and by whom this copy was printed. */
  printed: string | null;
  /** The permit rule in force on the inspection's day (issue 23). */
  permitRule?: string | null;
  /** For a post-storm inspection that settled a due: the rainfall that triggered it, and the permit's words. */
  triggeringRainfall?: string | null;
  triggerCitation?: string | null;
}

export function inspectionCover(facts: InspectionCoverFacts): SafeHtml {
  const rows: [string, string | null][] = [
    ['Project', facts.projectName],
    ['Permittee', facts.permittee],
    ['Client', facts.clientName],
    ['CGP tracking number', facts.cgpTrackingId],
    ['Site address', facts.address || null],
    ['Inspection number', String(facts.inspectionNumber)],
    ['Inspection date', facts.date],
    ['Inspection type', facts.type],
    ['Permit rule', facts.permitRule ?? null],
    ['Triggering rainfall', facts.triggeringRainfall ?? null],
    ['Post-storm trigger', facts.triggerCitation ?? null],
    ['Inspector', facts.inspector ?? 'Not assigned'],
    ['Inspection form', facts.templateName],
    ['Status', facts.status],
    ['Printed', facts.printed],
  ];
  return html`<section class="cover">
    ${facts.logoKey ? html`<img class="logo" src="${assetUrl(facts.logoKey)}" alt="Logo" />` : null}
    <h1>Inspection #${facts.inspectionNumber}</h1>
    <p class="cover-project">${facts.projectName}</p>
    ${factTable(rows, { labelWidthPct: 32 })}
  </section>`;
}

export const COVER_CSS = `
.cover { margin-bottom: 14pt; }
.cover .logo { display: block; max-height: 28mm; max-width: 70mm; object-fit: contain; margin-bottom: 8pt; }
.cover-project { font-size: 13pt; margin-bottom: 10pt; }
.facts th { background: #f3f3f3; }
.facts td { overflow-wrap: anywhere; }
`;
