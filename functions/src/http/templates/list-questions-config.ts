import { templatesRoutes } from '@stormline/contract/areas/templates';
import { getTemplateForEditing } from '@stormline/data/template-drafts';
import { allQuestions } from '@stormline/domain/template-model';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { configRows } from '../../lib/question-config';
import { contentOf } from '../../lib/template-editor';

const route = templatesRoutes.listQuestionsConfig;

/**
 * The question editor's configuration values (spec 002 §7 GET /api/questions-config): of the
 * draft of a user template, or a system template's current version, each configurable question's
 * effective values, one row per field.
 */
export async function main({ query, divisionId, deps }: RouteRequest<typeof route>) {
  const template = await getTemplateForEditing(deps.db, divisionId!, query.templateId);
  const content = await contentOf(deps.db, divisionId!, template);
  return {
    templateId: template.id,
    pageData: configRows(allQuestions(content)).map(({ questionId, fieldId, value }) => ({
      questionId,
      questionFieldId: fieldId,
      value,
    })),
  };
}

export const handler = httpRoute(route, main);
