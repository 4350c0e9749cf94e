import { templatesRoutes } from '@stormline/contract/areas/templates';
import { NotFoundError } from '@stormline/domain/errors';
import { TEMPLATE_EDIT_MESSAGES } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { readEditorContent } from '../../lib/template-editor';

const route = templatesRoutes.getQuestionGroup;

/** One question group of a template, with its questions. */
export async function main({ params, divisionId, deps }: RouteRequest<typeof route>) {
  const content = await readEditorContent(deps.db, divisionId!, params.templateId);
  const group = content.question_groups.find((g) => g.id === params.groupId);
  if (!group) throw new NotFoundError(TEMPLATE_EDIT_MESSAGES.groupNotFound);
  return group;
}

export const handler = httpRoute(route, main);
