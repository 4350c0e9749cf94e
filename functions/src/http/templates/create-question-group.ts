import { templatesRoutes } from '@stormline/contract/areas/templates';
import { addGroup } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { editDraft } from '../../lib/template-editor';

const route = templatesRoutes.createQuestionGroup;

/** Adds a question group (name, layout FORM or TABLE, description, table headers) at `order`, or last. */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { order, ...group } = body;
  const view = await editDraft(
    deps.db,
    divisionId!,
    params.templateId,
    caller.user.id,
    deps.now(),
    (c, newId) => addGroup(c, newId(), group, order),
  );
  return { status: 201, body: view };
}

export const handler = httpRoute(route, main);
