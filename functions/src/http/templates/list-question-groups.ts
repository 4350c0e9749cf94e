import { templatesRoutes } from '@stormline/contract/areas/templates';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readEditorContent } from '../../lib/template-editor';

const route = templatesRoutes.listQuestionGroups;

/** The question groups of a template, in their order, with their questions (the draft's for a user template). */
export async function main({ params, divisionId, deps }: RouteRequest<typeof route>) {
  const content = await readEditorContent(deps.db, divisionId!, params.templateId);
  return { pageData: [...content.question_groups].sort((a, b) => a.order - b.order) };
}

export const handler = httpRoute(route, main);
