import { templatesRoutes } from '@stormline/contract/areas/templates';
import { PICKER_QUESTION_TYPES } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = templatesRoutes.listQuestionTypes;

/** The types the question editor's picker offers (spec 002 §5 leaves some out). */
export function main(_request: RouteRequest<typeof route>) {
  return Promise.resolve({ pageData: PICKER_QUESTION_TYPES.map((t) => ({ ...t })) });
}

export const handler = httpRoute(route, main);
