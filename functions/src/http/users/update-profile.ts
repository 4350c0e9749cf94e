import { usersRoutes } from '@stormline/contract/areas/users';
import { updateOwnProfile } from '@stormline/data/users';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { profileView } from '../../lib/profile-view';

const route = usersRoutes.updateProfile;

export async function main({ caller, body, deps }: RouteRequest<typeof route>) {
  const { version, ...fields } = body;
  const user = await updateOwnProfile(
    deps.db,
    caller.user.id,
    {
      first_name: fields.first_name,
      last_name: fields.last_name,
      position: fields.position || null,
      phone: fields.phone || null,
      phone_ext: fields.phone_ext || null,
    },
    version,
  );
  return profileView(deps, caller, user);
}

export const handler = httpRoute(route, main);
