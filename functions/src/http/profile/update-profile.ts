import { profileRoutes } from '@stormline/contract/areas/profile';
import { updateOwnProfile } from '@stormline/data/users';
import { ValidationError } from '@stormline/domain/errors';
import { blankToNull, phoneIssues } from '@stormline/domain/region';
import { httpRoute } from '../../lib/http-route';
import type { RouteRequest } from '../../lib/http-route';
import { profileView } from '../../lib/profile-view';

const route = profileRoutes.updateProfile;

/** The caller's own name, position and phone; the phone by the region's rules (spec 001 §1, §5). */
export async function main({ caller, body, deps }: RouteRequest<typeof route>) {
  const { version, ...fields } = body;
  const phone = phoneIssues(deps.region, fields.phone);
  if (phone.length > 0) throw new ValidationError(phone[0]!.message, phone);
  const user = await updateOwnProfile(
    deps.db,
    caller.user.id,
    {
      first_name: fields.first_name,
      last_name: fields.last_name,
      position: blankToNull(fields.position),
      phone: blankToNull(fields.phone),
      phone_ext: blankToNull(fields.phone_ext),
    },
    version,
  );
  return profileView(deps, caller, user);
}

export const handler = httpRoute(route, main);
