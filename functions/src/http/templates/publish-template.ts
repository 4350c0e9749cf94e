import { templatesRoutes } from '@stormline/contract/areas/templates';
import { publishDraft } from '@stormline/data/template-drafts';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { editorView } from '../../lib/template-editor';

const route = templatesRoutes.publishTemplate;

/** Publish (docs/decisions/0036): the draft, checked, becomes the version new inspections use. */
export async function main({ params, divisionId, deps }: RouteRequest<typeof route>) {
  const template = await publishDraft(deps.db, divisionId!, params.id, deps.now());
  return editorView(deps.db, divisionId!, template);
}

export const handler = httpRoute(route, main);
