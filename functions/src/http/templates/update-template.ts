import { templatesRoutes } from '@stormline/contract/areas/templates';
import { setComplianceCertificate } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { editDraft } from '../../lib/template-editor';

const route = templatesRoutes.updateTemplate;

/** Renames a user template (everywhere it is listed) and sets whether it has a compliance certificate. */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  return editDraft(deps.db, divisionId!, params.id, caller.user.id, deps.now(), (content) =>
    setComplianceCertificate(
      { ...content, name: body.name },
      body.has_compliance_cert ?? content.has_compliance_cert,
    ),
  );
}

export const handler = httpRoute(route, main);
