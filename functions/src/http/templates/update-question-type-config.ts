import { templatesRoutes } from '@stormline/contract/areas/templates';
import { getQuestionTypeDefaults, setQuestionTypeDefaults } from '@stormline/data/question-type-config';
import { ForbiddenError } from '@stormline/domain/errors';
import { checkedConfig, CONFIG_MESSAGES, mayChangeTypeDefaults } from '@stormline/domain/question-config';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { questionTypesConfig } from '../../lib/question-config';

const route = templatesRoutes.updateQuestionTypeConfig;

/**
 * Sets the company's defaults for new questions of a type (spec 002 §7 PUT
 * /api/question-types/{id}/config): company-wide, so an Admin's alone (docs/decisions/0036).
 * Questions already made keep their own configuration, and published versions never change.
 */
export async function main({ params, body, caller, deps }: RouteRequest<typeof route>) {
  if (!mayChangeTypeDefaults(caller.grants)) throw new ForbiddenError(CONFIG_MESSAGES.adminOnly);
  const values = checkedConfig(params.typeId, body.items);
  await setQuestionTypeDefaults(deps.db, params.typeId, values, caller.user.id, deps.now());
  return questionTypesConfig(await getQuestionTypeDefaults(deps.db));
}

export const handler = httpRoute(route, main);
