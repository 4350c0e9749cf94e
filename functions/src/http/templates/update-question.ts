import { templatesRoutes } from '@stormline/contract/areas/templates';
import { TEMPLATE_EDIT_MESSAGES, updateQuestion } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { editDraft, templateOf } from '../../lib/template-editor';

const route = templatesRoutes.updateQuestion;

/** Edits a question; `groupId` and `sort_order` move it within or between groups (spec 002 §7). */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const templateId = templateOf(params.id, TEMPLATE_EDIT_MESSAGES.questionNotFound);
  return editDraft(deps.db, divisionId!, templateId, caller.user.id, deps.now(), (c, newId) =>
    updateQuestion(c, params.id, body, newId),
  );
}

export const handler = httpRoute(route, main);
