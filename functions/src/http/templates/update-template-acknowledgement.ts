import { templatesRoutes } from '@stormline/contract/areas/templates';
import { addAcknowledgement } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { editDraft } from '../../lib/template-editor';

const route = templatesRoutes.updateTemplateAcknowledgement;

/** Add Acknowledgement (spec 002 §4, only when none exists), with §9's text and line labels. */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  return editDraft(deps.db, divisionId!, params.id, caller.user.id, deps.now(), (content, newId) =>
    addAcknowledgement(content, newId(), 'acknowledger'),
  );
}

export const handler = httpRoute(route, main);
