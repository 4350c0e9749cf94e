import { questionsRoutes } from '@stormline/contract/areas/questions';
import { getTemplateVersion } from '@stormline/data/templates';
import { allQuestions } from '@stormline/domain/template-model';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { inspectionConfigRows } from '../../lib/question-config';

const route = questionsRoutes.getTemplateQuestionsConfig;

/**
 * The configuration the questionnaire renders with (spec 002 §7): of a template the division
 * holds, its published version's (the current one, or the `version` an inspection pinned), never
 * the draft's, so an inspection never changes when someone edits the configuration later.
 */
export async function main({ params, query, divisionId, deps }: RouteRequest<typeof route>) {
  const version = await getTemplateVersion(
    deps.db,
    divisionId!,
    params.templateId,
    query.version === undefined ? undefined : Number(query.version),
  );
  return {
    templateId: version.templateId,
    version: version.version,
    pageData: inspectionConfigRows(allQuestions(version)),
  };
}

export const handler = httpRoute(route, main);
