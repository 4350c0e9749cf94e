import { templatesRoutes } from '@stormline/contract/areas/templates';
import { applyConditionGroup } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { editDraft } from '../../lib/template-editor';

const route = templatesRoutes.applyConditionGroup;

/** The Condition Group with spec 002 §9's options, once: findings then need a Condition. */
export async function main({ params, caller, divisionId, deps }: RouteRequest<typeof route>) {
  return editDraft(deps.db, divisionId!, params.id, caller.user.id, deps.now(), applyConditionGroup);
}

export const handler = httpRoute(route, main);
