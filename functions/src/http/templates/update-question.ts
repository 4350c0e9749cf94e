import { templatesRoutes } from '@stormline/contract/areas/templates';
import { getQuestionTypeDefault } from '@stormline/data/question-type-config';
import { newQuestionConfig } from '@stormline/domain/question-config';
import { TEMPLATE_EDIT_MESSAGES, updateQuestion } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { editDraft, templateOf } from '../../lib/template-editor';

const route = templatesRoutes.updateQuestion;

/**
 * Edits a question; `groupId` and `sort_order` move it within or between groups (spec 002 §7). It
 * keeps its configuration while its type stays; a new type starts from that type's company defaults.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const templateId = templateOf(params.id, TEMPLATE_EDIT_MESSAGES.questionNotFound);
  const config = newQuestionConfig(
    body.question_type_id,
    await getQuestionTypeDefault(deps.db, body.question_type_id),
  );
  return editDraft(deps.db, divisionId!, templateId, caller.user.id, deps.now(), (c, newId) =>
    updateQuestion(c, params.id, { ...body, config }, newId),
  );
}

export const handler = httpRoute(route, main);
