import { templatesRoutes } from '@stormline/contract/areas/templates';
import { ValidationError } from '@stormline/domain/errors';
import { CONFIG_MESSAGES } from '@stormline/domain/question-config';
import { setQuestionConfig } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { templateOfQuestion } from '../../lib/question-config';
import { editDraft } from '../../lib/template-editor';

const route = templatesRoutes.updateQuestionConfig;

/**
 * Sets a question's whole configuration in its template's draft (spec 002 §7 PUT
 * /api/questions/{questionId}/config): every item names this question, every field is one of its
 * type's and within its bounds (setQuestionConfig), else 400 naming the field and nothing written.
 * Answers the editor's view, as every editor call does; Publish makes it what inspections use.
 */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const stray = body.items.find((item) => item.questionId !== params.questionId);
  if (stray)
    throw new ValidationError(CONFIG_MESSAGES.questionMismatch(stray.questionId), [
      { path: 'items.questionId', message: CONFIG_MESSAGES.questionMismatch(stray.questionId) },
    ]);
  // A system template's question is found too, so the refusal is the spec's 403, not a 404.
  const templateId = templateOfQuestion(params.questionId);
  return editDraft(deps.db, divisionId!, templateId, caller.user.id, deps.now(), (content) =>
    setQuestionConfig(content, params.questionId, body.items),
  );
}

export const handler = httpRoute(route, main);
