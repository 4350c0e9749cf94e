import { templatesRoutes } from '@stormline/contract/areas/templates';
import { getQuestionTypeDefaults } from '@stormline/data/question-type-config';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { questionTypesConfig } from '../../lib/question-config';

const route = templatesRoutes.listQuestionTypesConfig;

/**
 * The configurable question types (spec 002 §7 GET /api/question-types-config): each field's
 * label, kind, bounds, built-in default and the company's default for new questions.
 */
export async function main({ deps }: RouteRequest<typeof route>) {
  return questionTypesConfig(await getQuestionTypeDefaults(deps.db));
}

export const handler = httpRoute(route, main);
