import { templatesRoutes } from '@stormline/contract/areas/templates';
import { swapGroups } from '@stormline/domain/template-editing';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { editDraft } from '../../lib/template-editor';

const route = templatesRoutes.swapQuestionGroups;

/** Spec 002 §7 question-groups-swap: two groups trade places. */
export async function main({ params, body, caller, divisionId, deps }: RouteRequest<typeof route>) {
  return editDraft(deps.db, divisionId!, params.templateId, caller.user.id, deps.now(), (c) =>
    swapGroups(c, body.groupId1, body.groupId2),
  );
}

export const handler = httpRoute(route, main);
