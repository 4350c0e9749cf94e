import { certificationRoutes } from '@stormline/contract/areas/certification';
import { certificationStateView, readCertificationFacts } from '../../lib/certification-state';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readInspection } from '../../lib/inspection-context';

const route = certificationRoutes.getCertification;

/** The Certification tab and the bulk modal (4 at a time): groups, signatures checked, options. */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection, project } = await readInspection(deps, caller, divisionId!, params.id);
  const facts = await readCertificationFacts(deps, inspection);
  return certificationStateView(caller, inspection, project, facts, deps.now());
}

export const handler = httpRoute(route, main);
