import { randomUUID } from 'node:crypto';
import { templatesRoutes } from '@stormline/contract/areas/templates';
import { createUserTemplate } from '@stormline/data/template-drafts';
import { importedContent } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { editorView, newPartId } from '../../lib/template-editor';

const route = templatesRoutes.importTemplate;

/**
 * Imports a template file (issue 19) as a new user template of the division: the contract checked
 * every field (a wrong or unknown one is refused naming its path); the domain checks what a
 * published template must be, except the feature warnings a draft may show (importIssues); every
 * part gets a new id named for the new template. Unpublished, like a copy; nothing is written when
 * anything is refused.
 */
export async function main({ body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const id = randomUUID();
  const content = importedContent(body.template, body.name ?? body.template.name, newPartId(id));
  const template = await createUserTemplate(deps.db, {
    divisionId: divisionId!,
    id,
    content,
    by: caller.user.id,
    now: deps.now(),
  });
  return { status: 201, body: await editorView(deps.db, divisionId!, template) };
}

export const handler = httpRoute(route, main);
