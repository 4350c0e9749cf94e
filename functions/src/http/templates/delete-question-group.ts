import { templatesRoutes } from '@stormline/contract/areas/templates';
import { deleteGroup } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { editDraft } from '../../lib/template-editor';

const route = templatesRoutes.deleteQuestionGroup;

/** Deletes a group with its questions from the draft (the editor asks 'Yes, I understand' first). */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  return editDraft(deps.db, divisionId!, params.templateId, caller.user.id, deps.now(), (c) =>
    deleteGroup(c, params.groupId),
  );
}

export const handler = httpRoute(route, main);
