import { notificationsRoutes } from '@stormline/contract/areas/notifications';
import { saveFrequency } from '@stormline/data/notification-settings';
import { ForbiddenError } from '@stormline/domain/errors';
import { settingsPolicyOf, SUMMARY_FREQUENCIES } from '@stormline/domain/notification-settings';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';

const route = notificationsRoutes.setSummaryEmailFrequency;

/** The summary e-mail's frequency (spec 001 §2), one of the values the server offers; not for the Regulators. */
export async function main({ body, caller, deps }: RouteRequest<typeof route>) {
  if (!settingsPolicyOf(caller.role.name).frequency)
    throw new ForbiddenError(`The ${caller.role.name} role has no summary e-mail`);
  await saveFrequency(deps.db, caller.user.id, body.frequency);
  return { frequency: body.frequency, availableFrequencies: [...SUMMARY_FREQUENCIES] };
}

export const handler = httpRoute(route, main);
