import { questionsRoutes } from '@stormline/contract/areas/questions';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { setQuestionComment } from '../../lib/question-comment';

const route = questionsRoutes.deleteQuestionComment;

/** Deletes the comment of one question, while the inspection is editable; the log keeps its text. */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const answersVersion = await setQuestionComment(
    deps,
    caller,
    divisionId!,
    params.id,
    params.questionId,
    null,
  );
  return { questionId: params.questionId, answersVersion };
}

export const handler = httpRoute(route, main);
