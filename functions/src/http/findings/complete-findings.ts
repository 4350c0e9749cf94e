import { findingsRoutes } from '@stormline/contract/areas/findings';
import { findingUpdateSteps, getFindings } from '@stormline/data/findings';
import { findingLinksOf } from '@stormline/data/inspections';
import { transact } from '@stormline/data/transact';
import { ConflictError, NotFoundError } from '@stormline/domain/errors';
import {
  COMPLETED_AS_RECOMMENDED,
  completeFindingsIssues,
  FINDING_MESSAGES,
} from '@stormline/domain/finding-rules';
import { localDate } from '@stormline/domain/local-date';
import { assertNoIssues } from '@stormline/domain/region';
import { controlMeasureNames, findingLabel, findingLogStep, findingView } from '../../lib/finding-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { actorOf, readInspection } from '../../lib/inspection-context';
import { assertProjectWritable } from '../../lib/project-access';

const route = findingsRoutes.completeFindings;

/**
 * Complete Finding(s) (update Close Findings, spec 002 §4-§5): every selected finding must be an
 * open finding of this inspection; the date is required, not after today in the project's zone,
 * not before the latest date initiated among them; comments default to 'Completed as
 * recommended'. Each finding is completed in its own transaction with its log entry, after all
 * were checked.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection, project } = await readInspection(deps, caller, divisionId!, params.id);
  assertProjectWritable(project);
  const ids = [...new Set(body.finding_ids)];
  const linked = new Set((await findingLinksOf(deps.db, divisionId!, inspection.id)).map((l) => l.findingId));
  const findings = await getFindings(
    deps.db,
    divisionId!,
    ids.filter((id) => linked.has(id)),
  );
  if (findings.length !== ids.length) throw new NotFoundError('Finding not found in this inspection');
  const completed = findings.find((f) => f.date_completed);
  if (completed) throw new ConflictError(`${findingLabel(completed)}: ${FINDING_MESSAGES.alreadyCompleted}`);
  const now = deps.now();
  assertNoIssues(completeFindingsIssues(body.date_completed, findings, localDate(project.timezone, now)));
  const comments = body.comments?.trim() || COMPLETED_AS_RECOMMENDED;
  const actor = actorOf(caller);
  const done = [];
  for (const finding of findings) {
    const after = { ...finding, date_completed: body.date_completed!, comments };
    await transact(deps.db, [
      ...findingUpdateSteps(deps.db, finding, after),
      findingLogStep({ db: deps.db, now: () => now }, actor, finding, 'completed', [
        { field: 'date_completed', from: null, to: after.date_completed },
        { field: 'comments', from: finding.comments, to: comments },
      ]),
    ]);
    done.push({ ...after, version: finding.version + 1 });
  }
  const names = await controlMeasureNames(deps, divisionId!, done);
  return { completed: done.map((f) => findingView(f, names, inspection.id)) };
}

export const handler = httpRoute(route, main);
