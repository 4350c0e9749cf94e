import { templatesRoutes } from '@stormline/contract/areas/templates';
import { deleteQuestion, TEMPLATE_EDIT_MESSAGES } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { editDraft, templateOf } from '../../lib/template-editor';

const route = templatesRoutes.deleteQuestion;

/** Deletes a question (and the questions under its options) from the draft. */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const templateId = templateOf(params.id, TEMPLATE_EDIT_MESSAGES.questionNotFound);
  return editDraft(deps.db, divisionId!, templateId, caller.user.id, deps.now(), (c) =>
    deleteQuestion(c, params.id),
  );
}

export const handler = httpRoute(route, main);
