import { subscribe } from '@stormline/data/channels';
import { findDocumentById } from '@stormline/data/documents';
import { getInspection, getInspections } from '@stormline/data/inspections';
import type { ProjectRecord } from '@stormline/data/projects';
import { createReport, failReport, type ReportRecord } from '@stormline/data/reports';
import type { BeginBody, ReportView } from '@stormline/contract/reports';
import { ForbiddenError, NotFoundError, ValidationError } from '@stormline/domain/errors';
import { can } from '@stormline/domain/permissions';
import { localDate } from '@stormline/domain/local-date';
import { customPeriodProblems, periodRange } from '@stormline/domain/report-period';
import { reportTitle, selectionProblem, type TitleSubject } from '@stormline/domain/report-rules';
import {
  REPORT_MESSAGES,
  reportChannel,
  type PrintPeriod,
  type PrintScope,
  type ReportJob,
} from '@stormline/domain/reports';
import { LEGEND_DOCUMENT_READ_RESOURCES } from '@stormline/domain/legend-documents';
import type { Caller } from '../authenticate';
import type { Deps } from '../deps';
import { readInspection } from '../inspection-context';
import { readVisibleProject } from '../project-access';
import { scopeFactsOf } from './inspection-scope';
import { requireRead } from './report-access';
import { startReportExecution } from '../step-functions';
import { reportViewFor } from './report-job';

/**
 * Beginning a print job (docs/decisions/0042): the caller may print what they may view. Every
 * job needs read on Project and the project visible to the caller (staff: all; client roles and
 * Regulators: their projects; the Public account: published ones, read-only: a print writes no
 * record of the project); jobs of inspections also read on Inspection, the findings report read on
 * Findings (the Public account reads a published project's findings, spec 002 §6 'or public').
 * Ids of another division, another project, or a project hidden from the caller are 'not found';
 * Print Inspections' selected inspections must be the project's, in the period and scope (400).
 */

interface Authorised {
  project: ProjectRecord;
  subject: TitleSubject;
}

async function inspectionOfProject(
  deps: Deps,
  divisionId: string,
  project: ProjectRecord,
  inspectionId: string,
) {
  const inspection = await getInspection(deps.db, divisionId, inspectionId);
  if (inspection.projectId !== project.id) throw new NotFoundError('Inspection not found');
  return inspection;
}

/** Reads and checks what the job prints; answers its project and what its title names. */
async function authorise<J extends ReportJob>(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  job: J,
  body: BeginBody<ReportJob>,
): Promise<Authorised> {
  requireRead(caller, 'Project');
  if (job === 'inspection' || job === 'findings') {
    const { inspectionId } = body as BeginBody<'inspection'>;
    requireRead(caller, 'Inspection');
    if (job === 'findings') requireRead(caller, 'Findings');
    const { inspection, project } = await readInspection(deps, caller, divisionId, inspectionId);
    return { project, subject: { projectName: project.name, inspectionNumber: inspection.number } };
  }
  const { projectId } = body as { projectId: string };
  const project = await readVisibleProject(deps, caller, divisionId, projectId);
  if (job === 'swmp' && (body as BeginBody<'swmp'>).sections.bmpDetails) {
    const mayRead = LEGEND_DOCUMENT_READ_RESOURCES.some((resource) => can(caller.grants, 'read', resource));
    if (!mayRead || caller.role.isReadOnly) throw new ForbiddenError(REPORT_MESSAGES.bmpDetailsNotYours);
  }
  const subject: TitleSubject = { projectName: project.name };
  if (job === 'inspections') {
    requireRead(caller, 'Inspection');
    const request = body as BeginBody<'inspections'>;
    const today = localDate(project.timezone, deps.now());
    if (request.period === 'custom') {
      // The print modal's own rule (one source), the end not after the project's today.
      const problems = customPeriodProblems(request.startDate, request.endDate, today);
      const problem = problems.endDate ?? problems.startDate;
      if (problem) throw new ValidationError(problem);
    } else if (request.startDate || request.endDate) {
      throw new ValidationError('Dates are given only with a Custom period');
    }
    const range = periodRange(request.period as PrintPeriod, today, request);
    if (!range) throw new ValidationError('Please choose a period');
    const wanted = [...new Set(request.inspectionIds)];
    const found = await getInspections(deps.db, divisionId, wanted);
    // An id of no inspection in this division (or of another division) is not found.
    if (found.length !== wanted.length) throw new NotFoundError('Inspection not found');
    // The selection must be what the modal offers: the project's inspections in the period and scope.
    const scope = request.scope as PrintScope;
    const selected = await Promise.all(
      found.map(async (i) => ({
        ...i,
        scopeFacts: scope !== 'all' && i.projectId === project.id ? await scopeFactsOf(deps, i) : undefined,
      })),
    );
    const problem = selectionProblem(selected, project.id, range, scope);
    if (problem) throw new ValidationError(problem);
    return { project, subject };
  }
  const { inspectionId } = body as { inspectionId?: string };
  if (inspectionId) {
    requireRead(caller, 'Inspection');
    subject.inspectionNumber = (await inspectionOfProject(deps, divisionId, project, inspectionId)).number;
  }
  if (job === 'siteMap') {
    const { uploadId } = body as BeginBody<'siteMap'>;
    const doc = await findDocumentById(deps.db, divisionId, uploadId);
    if (!doc || doc.owner.kind !== 'project' || doc.owner.projectId !== project.id)
      throw new NotFoundError('Document not found');
    subject.siteMapName = doc.name;
  }
  return { project, subject };
}

/**
 * `begin:{job}`: checks, records the job (requested), subscribes the sending connection to its
 * channel before anything can be pushed, starts the state machine, and answers the job. A start
 * that fails leaves the job in error at once (the browser offers Retry, a new key).
 */
export async function beginReport<J extends ReportJob>(
  deps: Deps,
  caller: Caller,
  divisionId: string,
  connectionId: string,
  job: J,
  body: BeginBody<J>,
): Promise<ReportView> {
  const { project, subject } = await authorise(deps, caller, divisionId, job, body);
  const { key, ...options } = body as BeginBody<ReportJob>;
  const now = deps.now();
  let report: ReportRecord = await createReport(
    deps.db,
    {
      id: crypto.randomUUID(),
      job,
      key,
      userId: caller.user.id,
      divisionId,
      projectId: project.id,
      title: reportTitle(job, subject),
      body: { key, ...options },
    },
    now,
  );
  await subscribe(
    deps.db,
    { channel: reportChannel(job, key), connectionId, userId: caller.user.id, divisionId },
    now,
  );
  try {
    await startReportExecution(deps, report.id, { divisionId, reportId: report.id });
  } catch (error) {
    console.error('The report state machine could not be started', error);
    report = (await failReport(deps.db, report, REPORT_MESSAGES.failed, deps.now())) ?? report;
  }
  return reportViewFor(report, caller.token, deps.jwtSecret, deps.now());
}
