import { randomUUID } from 'node:crypto';
import { findingsRoutes } from '@stormline/contract/areas/findings';
import { findingNoteStep, getFindings } from '@stormline/data/findings';
import type { FindingNoteRecord } from '@stormline/data/findings';
import { findingLinksOf } from '@stormline/data/inspections';
import { transact } from '@stormline/data/transact';
import { NotFoundError } from '@stormline/domain/errors';
import { findingLogStep, observationView } from '../../lib/finding-view';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { actorOf, readInspection } from '../../lib/inspection-context';
import { assertProjectWritable } from '../../lib/project-access';

const route = findingsRoutes.addFindingNotes;

/**
 * Add Notes (create finding_comments): the same observation on each selected finding of this
 * inspection, all in one transaction with their log entries. Observations are a finding's history:
 * they may be added to completed findings too.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection, project } = await readInspection(deps, caller, divisionId!, params.id);
  assertProjectWritable(project);
  const ids = [...new Set(body.findingIds)];
  const linked = new Set((await findingLinksOf(deps.db, divisionId!, inspection.id)).map((l) => l.findingId));
  const findings = await getFindings(
    deps.db,
    divisionId!,
    ids.filter((id) => linked.has(id)),
  );
  if (findings.length !== ids.length) throw new NotFoundError('Finding not found in this inspection');
  const now = deps.now();
  const actor = actorOf(caller);
  const notes: FindingNoteRecord[] = findings.map((f) => ({
    id: randomUUID(),
    findingId: f.id,
    content: body.comments,
    authorId: caller.user.id,
    createdAt: now.toISOString(),
    updatedAt: null,
    version: 0,
  }));
  await transact(deps.db, [
    ...notes.map((note) => findingNoteStep(deps.db, divisionId!, note)),
    ...findings.map((f) =>
      findingLogStep({ db: deps.db, now: () => now }, actor, f, 'note added', [
        { field: 'note', from: null, to: body.comments },
      ]),
    ),
  ]);
  return { status: 201, body: { notes: notes.map((n) => observationView(n, actor.name, caller, project)) } };
}

export const handler = httpRoute(route, main);
