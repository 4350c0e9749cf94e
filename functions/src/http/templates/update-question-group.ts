import { templatesRoutes } from '@stormline/contract/areas/templates';
import { updateGroup } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { editDraft } from '../../lib/template-editor';

const route = templatesRoutes.updateQuestionGroup;

/** Edits a group; a TABLE group's questions take the whole row (spec 002 §5: table layout hides width). */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  return editDraft(deps.db, divisionId!, params.templateId, caller.user.id, deps.now(), (c) =>
    updateGroup(c, params.groupId, body),
  );
}

export const handler = httpRoute(route, main);
