import { templatesRoutes } from '@stormline/contract/areas/templates';
import { findQuestion, TEMPLATE_EDIT_MESSAGES } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readEditorContent, templateOf } from '../../lib/template-editor';

const route = templatesRoutes.getQuestion;

/** One question of a user template's draft, with its group and, for a child, its option. */
export async function main({ params, divisionId, deps }: RouteRequest<typeof route>) {
  const templateId = templateOf(params.id, TEMPLATE_EDIT_MESSAGES.questionNotFound);
  const content = await readEditorContent(deps.db, divisionId!, templateId);
  const place = findQuestion(content, params.id);
  return {
    templateId,
    groupId: place.group.id,
    parentQuestionId: place.parent?.question.id ?? null,
    optionId: place.parent?.option.id ?? null,
    question: place.question,
  };
}

export const handler = httpRoute(route, main);
