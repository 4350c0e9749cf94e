import { templatesRoutes } from '@stormline/contract/areas/templates';
import { addFindingType } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { editDraft } from '../../lib/template-editor';

const route = templatesRoutes.createFindingType;

/** A finding type of the template: a unique name, the default colour unless one is given, Include on. */
export async function main({ body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { inspection_template_id: templateId, ...input } = body;
  const view = await editDraft(deps.db, divisionId!, templateId, caller.user.id, deps.now(), (c, newId) =>
    addFindingType(c, newId(), input),
  );
  return { status: 201, body: view };
}

export const handler = httpRoute(route, main);
