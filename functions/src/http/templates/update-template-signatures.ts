import { templatesRoutes } from '@stormline/contract/areas/templates';
import { setAttestations, setSignatureLines } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { editDraft } from '../../lib/template-editor';

const route = templatesRoutes.updateTemplateSignatures;

/**
 * The signature editor's save of one group (spec 002 §2 Certification tab): its lines (role and
 * user labels required, at least one line) and, when given, its attestations (statement required).
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  return editDraft(deps.db, divisionId!, params.id, caller.user.id, deps.now(), (content, newId) => {
    const lined = setSignatureLines(content, body.group, body.lines, newId);
    return body.attestations ? setAttestations(lined, body.group, body.attestations, newId) : lined;
  });
}

export const handler = httpRoute(route, main);
