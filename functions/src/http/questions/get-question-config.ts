import { questionsRoutes } from '@stormline/contract/areas/questions';
import { getTemplateVersion } from '@stormline/data/templates';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { inspectionConfigRows, questionOf, templateOfQuestion } from '../../lib/question-config';

const route = questionsRoutes.getQuestionConfig;

/**
 * One question's configuration (spec 002 §7 GET /api/questions/{questionId}/config), from its
 * template's published version (the current one, or `version`): [] for a type without fields, 404
 * for a question that version does not hold.
 */
export async function main({ params, query, divisionId, deps }: RouteRequest<typeof route>) {
  const version = await getTemplateVersion(
    deps.db,
    divisionId!,
    templateOfQuestion(params.questionId),
    query.version === undefined ? undefined : Number(query.version),
  );
  return {
    templateId: version.templateId,
    version: version.version,
    pageData: inspectionConfigRows([questionOf(version, params.questionId)]),
  };
}

export const handler = httpRoute(route, main);
