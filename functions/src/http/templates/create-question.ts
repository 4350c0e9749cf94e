import { templatesRoutes } from '@stormline/contract/areas/templates';
import { getQuestionTypeDefault } from '@stormline/data/question-type-config';
import { ValidationError } from '@stormline/domain/errors';
import { newQuestionConfig } from '@stormline/domain/question-config';
import { addQuestion, TEMPLATE_EDIT_MESSAGES } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { editDraft, templateOf } from '../../lib/template-editor';

const route = templatesRoutes.createQuestion;

/**
 * Adds a question at the end of a group, or under an option of one of its questions (both
 * parentQuestionId and optionId): the spec's rules in addQuestion (label and type, options only for
 * option types, the picker's types, features on the types they fit and on one question each). It
 * starts with the company's defaults for its type (question-types-config), copied into it.
 */
export async function main({ body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const { groupId, parentQuestionId, optionId, ...input } = body;
  if ((parentQuestionId === undefined) !== (optionId === undefined))
    throw new ValidationError('A child question needs both its question and its option');
  const templateId = templateOf(groupId, TEMPLATE_EDIT_MESSAGES.groupNotFound);
  const under = parentQuestionId && optionId ? { questionId: parentQuestionId, optionId } : undefined;
  const config = newQuestionConfig(
    input.question_type_id,
    await getQuestionTypeDefault(deps.db, input.question_type_id),
  );
  const view = await editDraft(deps.db, divisionId!, templateId, caller.user.id, deps.now(), (c, newId) =>
    addQuestion(c, { groupId, under }, newId(), { ...input, config }, newId),
  );
  return { status: 201, body: view };
}

export const handler = httpRoute(route, main);
