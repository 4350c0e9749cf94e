import type { Profile } from '@stormline/contract/areas/profile';
import { getDivisions } from '@stormline/data/divisions';
import { divisionIdsOf } from '@stormline/data/users';
import type { UserRecord } from '@stormline/data/users';
import { navigationFor, pagesFor } from '@stormline/domain/navigation';
import type { Caller } from './http-route';
import type { Deps } from './deps';
import { settingsOf } from './notification-settings';

/** Spec 001 §9 upload limits, sent to the SPA as appConstants so both sides use one number. */
const APP_CONSTANTS = { dateFormat: 'MM-DD-YYYY', maxUploadMb: 125, maxDocumentListUploadMb: 75 } as const;

/** The profile as the SPA needs it: the user with divisions, grants, pages and navigation. */
export async function profileView(
  deps: Deps,
  caller: Caller,
  user: UserRecord = caller.user,
): Promise<Profile> {
  const [divisions, settings] = await Promise.all([
    divisionIdsOf(deps.db, user.id).then((ids) => getDivisions(deps.db, ids)),
    settingsOf(deps.db, user.id, caller.role.name),
  ]);
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    name: `${user.first_name} ${user.last_name}`.trim(),
    email: user.email,
    position: user.position,
    address: { phone: user.phone, phone_ext: user.phone_ext },
    roleId: caller.role.id,
    roleName: caller.role.name,
    isAdmin: caller.grants.isAdmin,
    isReadOnly: caller.role.isReadOnly,
    status: user.status,
    divisions: divisions.map((d) => ({ id: d.id, name: d.name })),
    permissions: [...caller.grants.permissions],
    pages: pagesFor(caller.role.name, caller.grants),
    navigation: navigationFor(caller.role.name, caller.grants),
    electronicSignatureAuthorization: user.electronicSignatureAuthorization,
    dataPolicySignature: user.dataPolicySignature,
    appConstants: { region: deps.region, ...APP_CONSTANTS },
    ...settings,
    version: user.version,
  };
}
