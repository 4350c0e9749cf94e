import { randomUUID } from 'node:crypto';
import { templatesRoutes } from '@stormline/contract/areas/templates';
import { createUserTemplate, getTemplateForEditing } from '@stormline/data/template-drafts';
import { copyContent, emptyContent } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { contentOf, editorView, newPartId } from '../../lib/template-editor';

const route = templatesRoutes.createTemplate;

/**
 * A new user template in the division (spec 002 §2, issue 19): a copy of a template the division
 * holds (Copy; a system template's current version, a user template's draft), or an empty one that
 * can be published at once. It is unpublished until Publish (docs/decisions/0036).
 */
export async function main({ body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  const id = randomUUID();
  const newId = newPartId(id);
  const content = body.copyOf
    ? copyContent(
        await contentOf(deps.db, divisionId!, await getTemplateForEditing(deps.db, divisionId!, body.copyOf)),
        body.name,
        newId,
      )
    : emptyContent(body.name, newId);
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
