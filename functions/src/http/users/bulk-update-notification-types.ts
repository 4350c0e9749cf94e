import { usersRoutes } from '@stormline/contract/areas/users';
import { readSettings, saveSettings, settingOrDefault } from '@stormline/data/notification-settings';
import { ForbiddenError } from '@stormline/domain/errors';
import { deliveriesOf, settingsPolicyOf } from '@stormline/domain/notification-settings';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { settingView } from '../../lib/notification-settings';

const route = usersRoutes.bulkUpdateNotificationTypes;

/**
 * Turns one delivery type on or off for every notification type the caller's role has settings
 * for (the column's 'all' switch); SMS only where it is offered. Answers every setting.
 */
export async function main({ body, caller, deps }: RouteRequest<typeof route>) {
  const policy = settingsPolicyOf(caller.role.name);
  if (policy.types.length === 0)
    throw new ForbiddenError(`The ${caller.role.name} role has no notification settings`);
  const stored = await readSettings(deps.db, caller.user.id);
  const changed = policy.types
    .filter((type) => deliveriesOf(type).includes(body.typeId))
    .map((type) => {
      const setting = settingOrDefault(stored, type.id);
      const without = setting.is_enabled.filter((d) => d !== body.typeId);
      return { ...setting, is_enabled: body.isEnabled ? [...without, body.typeId] : without };
    });
  await saveSettings(deps.db, caller.user.id, changed);
  for (const setting of changed) stored.settings.set(setting.typeId, setting);
  return policy.types.map((type) => settingView(type, stored));
}

export const handler = httpRoute(route, main);
