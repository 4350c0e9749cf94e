import { certificationRoutes } from '@stormline/contract/areas/certification';
import { transact } from '@stormline/data/transact';
import { CERTIFICATION_MESSAGES } from '@stormline/domain/certification-rules';
import { AppError, ConflictError, ValidationError } from '@stormline/domain/errors';
import { readCertificationFacts } from '../../lib/certification-state';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { inspectionLabel, readInspection } from '../../lib/inspection-context';
import { signatureSteps } from '../../lib/sign-inspection';
import { signFreezingMaps } from '../../lib/site-map-editor';

const route = certificationRoutes.bulkCertifyCompliance;

/**
 * Bulk compliance certification (spec 000 §2, §5, §7): every entry is checked before any is
 * signed, so a refusal names each inspection that cannot be certified and signs none; then each
 * inspection's signature is written in its own transaction.
 */
export async function main({ body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  if (!caller.user.electronicSignatureAuthorization)
    throw new ValidationError(CERTIFICATION_MESSAGES.consent);
  const ids = body.entries.map((e) => e.id);
  if (new Set(ids).size !== ids.length) throw new ValidationError('Each inspection may be certified once');
  const planned = [];
  const refusals: string[] = [];
  for (const entry of body.entries) {
    const { inspection, project } = await readInspection(deps, caller, divisionId!, entry.id);
    const facts = await readCertificationFacts(deps, inspection);
    try {
      const plan = signatureSteps(deps, caller, inspection, project, facts, {
        group: 'compliance',
        lineType: entry.lineType,
        date: entry.date,
        emailMessage: body.emailMessage,
      });
      planned.push({ ...plan, inspection, project });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      refusals.push(`${inspectionLabel(inspection)}: ${error.message}`);
    }
  }
  if (refusals.length > 0)
    throw new ConflictError(`${CERTIFICATION_MESSAGES.notEnabled}. ${refusals.join(' ')}`);
  for (const plan of planned) {
    // A signature dating the compliance freezes the maps first (0041).
    await signFreezingMaps(deps, plan.project, plan.inspection, plan.next, () =>
      transact(deps.db, plan.steps),
    );
  }
  return { certified: planned.map((p) => p.next.id) };
}

export const handler = httpRoute(route, main);
