import { templatesRoutes } from '@stormline/contract/areas/templates';
import { getTemplateVersion } from '@stormline/data/templates';
import { groupsOf } from '@stormline/domain/certification-rules';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = templatesRoutes.getTemplateSignatures;

/**
 * The signature groups of a template the division holds (spec 002 §6), as its current version
 * has them: the groups it applies (groupsOf, the rule certification uses), each with its lines,
 * and the attestations signed under them. Another division's template is not found.
 */
export async function main({ params, divisionId, deps }: RouteRequest<typeof route>) {
  const version = await getTemplateVersion(deps.db, divisionId!, params.id);
  const groups = groupsOf(version);
  return {
    templateId: params.id,
    version: version.version,
    has_acknowledgement: version.has_acknowledgement,
    has_compliance_cert: version.has_compliance_cert,
    signatureGroups: groups.map((group) => ({
      group,
      lines: (version.signature_groups[group] ?? []).map((l) => ({ ...l })),
    })),
    attestations: version.attestations.filter((a) => groups.includes(a.signatureType)).map((a) => ({ ...a })),
  };
}

export const handler = httpRoute(route, main);
