import { templatesRoutes } from '@stormline/contract/areas/templates';
import { deleteFindingType, TEMPLATE_EDIT_MESSAGES } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { editDraft, templateOf } from '../../lib/template-editor';

const route = templatesRoutes.deleteFindingType;

/** Deletes a finding type the template added (not a static one; one included type stays). */
export async function main({ body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const templateId = templateOf(body.id, TEMPLATE_EDIT_MESSAGES.findingTypeNotFound);
  return editDraft(deps.db, divisionId!, templateId, caller.user.id, deps.now(), (c) =>
    deleteFindingType(c, body.id),
  );
}

export const handler = httpRoute(route, main);
