import { usersRoutes } from '@stormline/contract/areas/users';
import { saveSettings } from '@stormline/data/notification-settings';
import { ValidationError } from '@stormline/domain/errors';
import { deliveriesOf } from '@stormline/domain/notification-settings';
import { blankToNull } from '@stormline/domain/region';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { settableType, settingView } from '../../lib/notification-settings';

const route = usersRoutes.setNotificationType;

/**
 * One notification type's delivery types and e-mail message (spec 001 §2, §7). SMS is refused for
 * types that do not offer it; a type the caller's role has no setting for is refused (403).
 */
export async function main({ params, body, caller, deps }: RouteRequest<typeof route>) {
  const type = settableType(caller.role.name, params.type);
  const offered = deliveriesOf(type);
  const unoffered = body.is_enabled.find((d) => !offered.includes(d));
  if (unoffered)
    throw new ValidationError(
      unoffered === 'sms'
        ? `SMS is not offered for ${type.name}`
        : `${unoffered} is not offered for ${type.name}`,
      [{ path: 'is_enabled', message: `SMS is not offered for ${type.name}` }],
    );
  const message = blankToNull(body.default_email_message);
  if (message !== null && !type.hasCustomMessage)
    throw new ValidationError(`${type.name} e-mails have no message of your own`, [
      { path: 'default_email_message', message: `${type.name} e-mails have no message of your own` },
    ]);
  const setting = { typeId: type.id, is_enabled: [...body.is_enabled], default_email_message: message };
  await saveSettings(deps.db, caller.user.id, [setting]);
  return settingView(type, { settings: new Map([[type.id, setting]]), frequency: 'Weekly' });
}

export const handler = httpRoute(route, main);
