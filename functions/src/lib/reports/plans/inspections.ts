import { getClientInDivision } from '@stormline/data/clients';
import { getInspections } from '@stormline/data/inspections';
import type { InspectionRecord } from '@stormline/data/inspections';
import { getProjectInDivision } from '@stormline/data/projects';
import { NotFoundError, ValidationError } from '@stormline/domain/errors';
import { inspectionInScope } from '@stormline/domain/report-rules';
import { PRINT_SCOPES, REPORT_MESSAGES, type PrintScope } from '@stormline/domain/reports';
import { html, reportDocument } from '../html';
import { scopeFactsOf } from '../inspection-scope';
import type { HtmlPart } from '../report-plan';
import { printDateTime } from '../sections/format';
import { inspectionParts, projectSubtitle, readInspectionContent } from './inspection-content';
import type { Planner } from './plan-request';

/**
 * Print Inspections (spec 002 §2; docs/decisions/0043): the selected inspections of the project in
 * date order, kept by the scope (all; ca_only: those holding a Corrective Action finding; signature_only:
 * those with at least one signature), a summary page listing them, then each as Print Inspection
 * prints it (the same reader and renderer). The begin action has refused a selection outside the
 * project, period or scope (report-rules.ts `selectionProblem`); the plan checks again, as the records
 * may have changed since: a selected id that is not an inspection of this project in this division is
 * not found, and a scope that leaves none is refused with REPORT_MESSAGES.nothingToPrint.
 */

function summaryPart(
  projectName: string,
  scopeLabel: string,
  inspections: readonly InspectionRecord[],
): HtmlPart {
  return {
    kind: 'html',
    label: 'Summary',
    html: reportDocument({
      title: `Inspections - ${projectName}`,
      body: html`<h1>Inspections</h1>
        <p>${projectName}</p>
        <p class="muted">
          ${scopeLabel}: ${inspections.length} inspection${inspections.length === 1 ? '' : 's'}.
        </p>
        <table>
          <thead>
            <tr>
              <th>Inspection</th>
              <th>Date</th>
              <th>Type</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            ${inspections.map(
              (i) =>
                html`<tr>
                  <td>#${i.number}</td>
                  <td>${printDateTime(i.created_date)}</td>
                  <td>${i.type}</td>
                  <td>
                    ${i.certification_date ? 'Certified' : i.status === 'complete' ? 'Complete' : 'In progress'}
                  </td>
                </tr>`,
            )}
          </tbody>
        </table>`,
    }),
    assets: [],
  };
}

export const inspectionsPlanner: Planner<'inspections'> = async (deps, request) => {
  const d = request.divisionId;
  const body = request.body;
  const project = await getProjectInDivision(deps.db, d, body.projectId);
  const ids = [...new Set(body.inspectionIds)];
  const found = await getInspections(deps.db, d, ids);
  if (found.length !== ids.length || found.some((i) => i.projectId !== project.id))
    throw new NotFoundError('Inspection not found');
  const scope = body.scope as PrintScope;
  const kept = (
    await Promise.all(
      found.map(async (i) =>
        scope === 'all' || inspectionInScope(await scopeFactsOf(deps, i), scope) ? i : null,
      ),
    )
  ).filter((i): i is InspectionRecord => i !== null);
  if (kept.length === 0) throw new ValidationError(REPORT_MESSAGES.nothingToPrint);
  kept.sort((a, b) => a.created_date.localeCompare(b.created_date) || a.number - b.number);
  const client = await getClientInDivision(deps.db, d, project.client_id);
  const parts: HtmlPart[] = [
    summaryPart(project.name, PRINT_SCOPES.find((s) => s.id === scope)?.label ?? 'All inspections', kept),
  ];
  // One inspection at a time: a hundred inspections' reads at once would only queue on the table.
  for (const inspection of kept) {
    const content = await readInspectionContent(
      deps,
      project,
      client.name,
      client.disable_images,
      inspection,
      request.userId,
    );
    parts.push(...inspectionParts(content, ''));
  }
  return {
    job: 'inspections',
    title: `Inspections - ${project.name}`,
    subtitle: projectSubtitle(project),
    parts,
  };
};
