import { questionsRoutes } from '@stormline/contract/areas/questions';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { setQuestionComment } from '../../lib/question-comment';

const route = questionsRoutes.createQuestionComment;

/** Sets the comment of one question (spec 002 §2 "Each question may hold a comment"), while editable. */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const answersVersion = await setQuestionComment(
    deps,
    caller,
    divisionId!,
    params.id,
    params.questionId,
    body.comment,
  );
  return { questionId: params.questionId, comment: body.comment, answersVersion };
}

export const handler = httpRoute(route, main);
