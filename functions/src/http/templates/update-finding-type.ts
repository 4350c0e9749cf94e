import { templatesRoutes } from '@stormline/contract/areas/templates';
import { TEMPLATE_EDIT_MESSAGES, updateFindingType } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { editDraft, templateOf } from '../../lib/template-editor';

const route = templatesRoutes.updateFindingType;

/**
 * Include, required-for-certification, colour and name (spec 002 §4, §5): 'Atleast one Include must
 * be enabled', 'Include must be enabled', and turning Include off clears required-for-certification.
 */
export async function main({ body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { id, ...input } = body;
  const templateId = templateOf(id, TEMPLATE_EDIT_MESSAGES.findingTypeNotFound);
  return editDraft(deps.db, divisionId!, templateId, caller.user.id, deps.now(), (c) =>
    updateFindingType(c, id, input),
  );
}

export const handler = httpRoute(route, main);
