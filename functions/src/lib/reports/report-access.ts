import type { ReportRecord } from '@stormline/data/reports';
import { ForbiddenError, NotFoundError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { REPORT_MESSAGES } from '@stormline/domain/reports';
import type { Caller } from '../authenticate';
import type { Deps } from '../deps';
import { readInspection } from '../inspection-context';
import { readVisibleProject } from '../project-access';

/**
 * Who may print a report, and read it once printed (docs/decisions/0042): read on Project, and on
 * Inspection for the jobs that print inspections, on Findings for the findings report (the Public
 * account reads a published project's findings, spec 002 §6 'or public').
 */
export function requireRead(caller: Caller, resource: 'Project' | 'Inspection' | 'Findings') {
  const publicFindings = resource === 'Findings' && caller.role.isReadOnly;
  if (!can(caller.grants, 'read', resource) && !publicFindings)
    throw new ForbiddenError('You do not have permission to print this report');
}

/**
 * A printed report is read (GET /api/reports/{id}) and downloaded by its owner only while they may
 * still view what it prints: a client user taken off the project, a project unpublished or
 * deleted, an inspection deleted since, all answer 'Report Not Found' (the file is not handed out
 * for the seven days it is kept).
 */
export async function assertMayStillRead(deps: Deps, caller: Caller, report: ReportRecord): Promise<void> {
  try {
    requireRead(caller, 'Project');
    if (report.job === 'inspection' || report.job === 'inspections' || report.job === 'findings')
      requireRead(caller, 'Inspection');
    if (report.job === 'findings') requireRead(caller, 'Findings');
    const { inspectionId } = report.body as { inspectionId?: unknown };
    if (typeof inspectionId === 'string') await readInspection(deps, caller, report.divisionId, inspectionId);
    else await readVisibleProject(deps, caller, report.divisionId, report.projectId);
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof ForbiddenError)
      throw new NotFoundError(REPORT_MESSAGES.notFound);
    throw error;
  }
}
