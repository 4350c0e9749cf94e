import { getClientInDivision } from '@stormline/data/clients';
import { listFindingImages, listInspectionFindings, type FindingRecord } from '@stormline/data/findings';
import { getInspection } from '@stormline/data/inspections';
import { getProjectInDivision } from '@stormline/data/projects';
import { findingInReport, pagesOf } from '@stormline/domain/report-rules';
import { REPORT_MESSAGES } from '@stormline/domain/reports';
import { controlMeasureNames } from '../../finding-view';
import { html, reportDocument, type SafeHtml } from '../html';
import { factTable, PARTS_CSS, printDate, printDateIn, reportHeading } from '../html-parts';
import type { HtmlPart } from '../report-plan';
import { ReportRefused } from '../report-refused';
import { PHOTO_CSS, photoFigure } from '../sections/photo';
import { photosWithheld, printPhotoOf } from './finding-photos';
import type { Planner } from './plan-request';

/**
 * The findings report (spec 002 §2 "Printing", §7 report job 'findings'): an inspection's findings,
 * all types or one (findingType), all, open or closed (reportType), as a list (one table) or in
 * detail (findingPerPage 1 to 3 findings a page, each with its photos; a finding never split).
 * In detail, the heading is a page of its own and each page of findings is its own part, so the
 * pages print in parallel and each holds exactly its findings.
 */

const REPORT_TYPE_LABELS = { all: 'All findings', open: 'Open findings', closed: 'Closed findings' } as const;

/** Photo rows and heights that fit 1, 2 or 3 findings on the shorter paper (Letter: 239 mm of content; A4 has 257 mm). */
const PHOTO_LAYOUT: Record<number, { max: number; heightMm: number }> = {
  1: { max: 4, heightMm: 84 },
  2: { max: 2, heightMm: 66 },
  3: { max: 2, heightMm: 36 },
};

const CSS = `${PARTS_CSS}${PHOTO_CSS}
.finding { break-inside: avoid; margin-bottom: 6mm; }
.finding h2 { margin-top: 0; }
.finding .facts { width: 100%; }
.more-photos { font-size: 8.5pt; color: #555; }
table.findings td.number, table.findings td.date { white-space: nowrap; }
`;

async function allFindings(
  deps: Parameters<Planner<'findings'>>[0],
  divisionId: string,
  inspectionId: string,
) {
  const found: FindingRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await listInspectionFindings(deps.db, divisionId, inspectionId, { pageSize: 100, cursor });
    found.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return found.sort((a, b) => a.number - b.number);
}

const status = (f: FindingRecord) => (f.date_completed ? 'Closed' : 'Open');

export const findingsPlanner: Planner<'findings'> = async (deps, request) => {
  const { divisionId, body } = request;
  const inspection = await getInspection(deps.db, divisionId, body.inspectionId);
  const project = await getProjectInDivision(deps.db, divisionId, inspection.projectId);
  const client = await getClientInDivision(deps.db, divisionId, project.client_id).catch(() => null);
  // Photos print as the finding's page shows them: not when the client disabled images or the
  // printing user may not read Finding Images (then one line says why, as Print Inspection does).
  const withheld = await photosWithheld(deps, request.userId, client?.disable_images ?? false);
  const findings = (await allFindings(deps, divisionId, inspection.id)).filter(
    (f) => (!body.findingType || f.typeId === body.findingType) && findingInReport(f, body.reportType),
  );
  if (findings.length === 0) throw new ReportRefused(REPORT_MESSAGES.nothingToPrint);
  const names = await controlMeasureNames(deps, divisionId, findings);
  const typeName = body.findingType ? (findings[0]?.typeName ?? null) : 'All types';
  const title = `Findings - Inspection ${inspection.number} - ${project.name}`;
  const subtitle = [
    project.name,
    client?.name,
    project.cgp_tracking_id ? `Permit ${project.cgp_tracking_id}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const heading = reportHeading({
    kind: 'Findings report',
    title: `Inspection ${inspection.number} - ${project.name}`,
    facts: [
      ['Project', project.name],
      ['Client', client?.name ?? null],
      ['Permit / CGP tracking', project.cgp_tracking_id],
      ['Inspection', `#${inspection.number}, ${inspection.type}`],
      ['Inspection date', printDate(inspection.created_date)],
      ['Finding type', typeName],
      ['Findings', `${REPORT_TYPE_LABELS[body.reportType]} (${findings.length})`],
      ['Printed', printDateIn(project.timezone, deps.now())],
    ],
  });
  const part = (label: string, body: SafeHtml, assets: string[] = []): HtmlPart => ({
    kind: 'html',
    label,
    html: reportDocument({ title, body, css: CSS }),
    assets,
  });

  if (body.viewType === 'list') {
    const table = html`<table class="findings">
      <thead>
        <tr>
          <th>No.</th>
          <th>Type</th>
          <th>Location</th>
          <th>Description</th>
          <th>Initiated</th>
          <th>Completed</th>
          <th>Status</th>
        </tr>
      </thead>
      <tbody>
        ${findings.map(
          (f) =>
            html`<tr>
              <td class="number">${f.number}</td>
              <td>${f.typeName}</td>
              <td>${f.location}</td>
              <td>${description(f, names)}</td>
              <td class="date">${printDate(f.date_initiated)}</td>
              <td class="date">${printDate(f.date_completed)}</td>
              <td>${status(f)}</td>
            </tr>`,
        )}
      </tbody>
    </table>`;
    return { job: 'findings', title, subtitle, parts: [part('Findings', html`${heading}${table}`)] };
  }

  const layout = PHOTO_LAYOUT[body.findingPerPage] ?? PHOTO_LAYOUT[3]!;
  const images = !withheld
    ? await Promise.all(
        findings.map((f) => (f.imageCount > 0 ? listFindingImages(deps.db, divisionId, f.id) : [])),
      )
    : findings.map(() => []);
  const blocks = findings.map((f, i) => {
    const shown = images[i]!.slice(0, layout.max);
    const photos = shown.map(printPhotoOf);
    const more = images[i]!.length - shown.length;
    return {
      assets: photos.map((p) => p.key),
      html: html`<article class="finding">
        <h2>Finding ${f.number}: ${f.typeName}</h2>
        ${factTable([
          ['Location', f.location],
          ['Description', description(f, names)],
          ['Date initiated', printDate(f.date_initiated)],
          ['Date completed', printDate(f.date_completed) || null],
          ['Status', status(f)],
        ])}
        ${
          photos.length > 0
            ? html`<div class="photos">
                ${photos.map((p, k) =>
                  photoFigure(p, {
                    caption: `Finding ${f.number}, photo ${k + 1}: ${p.name}`,
                    maxHeightMm: layout.heightMm,
                  }),
                )}
              </div>`
            : null
        }
        ${more > 0 ? html`<p class="more-photos">${more} more photo${more === 1 ? '' : 's'} in the finding's record.</p>` : null}
      </article>`,
    };
  });
  const pages = pagesOf(blocks, body.findingPerPage).map((page, index) =>
    part(
      `Findings page ${index + 1}`,
      html`${page.map((b) => b.html)}`,
      page.flatMap((b) => b.assets),
    ),
  );
  const headingPage = html`${heading}${withheld ? html`<p class="muted photos-withheld">${withheld}</p>` : null}`;
  return { job: 'findings', title, subtitle, parts: [part('Heading', headingPage), ...pages] };
};

/** What a finding says: its condition and control measure where it has them, and its comments. */
function description(f: FindingRecord, names: ReadonlyMap<string, string>): string {
  return [
    f.condition,
    f.control_measure_id ? `Control measure: ${names.get(f.control_measure_id) ?? 'Removed item'}` : null,
    f.comments,
  ]
    .filter(Boolean)
    .join('. ');
}
