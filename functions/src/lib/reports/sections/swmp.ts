import { assetUrl, html, type SafeHtml } from '../html';
import { factTable } from '../html-parts';

/**
 * The pages of Print SWMP made from HTML (spec 002 §2; docs/decisions/0043): the title page with
 * the project's facts and what the report holds, the one-page divider before each section and
 * appendix group that has documents, and a stored image document fitted to its page. Stored PDFs are merged as they are.
 */

export interface SwmpTitleFacts {
  projectName: string;
  clientName: string;
  permittee: string | null;
  cgpTrackingId: string | null;
  address: string;
  startDate: string;
  endDate: string;
  /** The sections and appendix groups printed, in order. */
  contents: { title: string; documents: number }[];
  /** Documents left out because they are neither PDF nor image. */
  skipped: string[];
}

export function swmpTitlePage(facts: SwmpTitleFacts): SafeHtml {
  const rows: [string, string | null][] = [
    ['Project', facts.projectName],
    ['Client', facts.clientName],
    ['Permittee', facts.permittee],
    ['CGP tracking number', facts.cgpTrackingId],
    ['Site address', facts.address || null],
    ['Project start', facts.startDate || null],
    ['Project end', facts.endDate || null],
  ];
  return html`<section class="swmp-title">
    <h1>Stormwater Management Plan</h1>
    <p class="swmp-project">${facts.projectName}</p>
    ${factTable(rows, { labelWidthPct: 32 })}
    <h2>Contents</h2>
    <table>
      <thead>
        <tr>
          <th>Section</th>
          <th>Documents</th>
        </tr>
      </thead>
      <tbody>
        ${facts.contents.map(
          (c) =>
            html`<tr>
              <td>${c.title}</td>
              <td>${c.documents > 0 ? c.documents : html`<span class="muted">${NONE_ON_FILE}</span>`}</td>
            </tr>`,
        )}
      </tbody>
    </table>
    ${
      facts.skipped.length > 0
        ? html`<p class="muted">
            Not included (neither PDF nor image; download them from Project Documents):
            ${facts.skipped.join(', ')}.
          </p>`
        : null
    }
  </section>`;
}

/** What the contents say of a section with nothing to print (it gets no divider page). */
export const NONE_ON_FILE = 'None on file';

/** A one-page divider before a section that has documents: its title and what it holds. */
export function dividerPage(title: string, documents: readonly string[]): SafeHtml {
  return html`<section class="divider">
    <h1>${title}</h1>
    <ol>
      ${documents.map((name) => html`<li>${name}</li>`)}
    </ol>
  </section>`;
}

/** An image document on its own page (landscape when wide), fitted inside the margins. */
export function imagePage(name: string, key: string, wide: boolean): SafeHtml {
  return html`<figure class="document-image${wide ? ' landscape wide' : ''}">
    <img src="${assetUrl(key)}" alt="${name}" />
    <figcaption>${name}</figcaption>
  </figure>`;
}

export const SWMP_CSS = `
.swmp-title h1 { font-size: 22pt; margin-top: 30mm; }
.swmp-project { font-size: 15pt; margin-bottom: 12pt; }
.facts th { background: #f3f3f3; }
.divider { padding-top: 70mm; text-align: center; }
.divider h1 { font-size: 24pt; }
.divider ol { display: inline-block; text-align: left; }
.document-image { margin: 0; }
.document-image img { display: block; margin: 0 auto; width: 100%; height: 225mm; object-fit: contain; }
.document-image.wide img { height: 165mm; }
`;
