import { certificationRoutes } from '@stormline/contract/areas/certification';
import { transact } from '@stormline/data/transact';
import { certificationStateView, readCertificationFacts } from '../../lib/certification-state';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readInspection } from '../../lib/inspection-context';
import { settleAfterCertifying } from '../../lib/post-storm-dues';
import { signatureSteps } from '../../lib/sign-inspection';
import { signFreezingMaps } from '../../lib/site-map-editor';

const route = certificationRoutes.signInspection;

/**
 * Signs one line of a group (spec 002 §7): every rule checked first (role, consent, line, the
 * group's readiness, compliance's open required findings named, the date), then the immutable
 * signature, the group's date and the change log in one transaction. A signature that dates the
 * certification or compliance first freezes what its maps show (0041).
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection, project } = await readInspection(deps, caller, divisionId!, params.id);
  const facts = await readCertificationFacts(deps, inspection);
  const { steps, signature, next } = signatureSteps(deps, caller, inspection, project, facts, {
    group: params.group,
    lineType: body.lineType,
    date: body.date,
    emailMessage: body.emailMessage,
  });
  // A signature dating the certification or compliance freezes the maps first (0041).
  await signFreezingMaps(deps, project, inspection, next, () => transact(deps.db, steps));
  // Certified, a post-storm inspection settles the project's dues it answers (docs/decisions/0048).
  if (next.certification_date && !inspection.certification_date && inspection.type !== 'Routine')
    await settleAfterCertifying(deps.db, project, deps.now());
  return certificationStateView(
    caller,
    next,
    project,
    { ...facts, signatures: [...facts.signatures, signature] },
    deps.now(),
  );
}

export const handler = httpRoute(route, main);
