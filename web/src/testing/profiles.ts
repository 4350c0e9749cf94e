import { Profile } from '@stormline/contract/areas/profile';
import { navigationFor, pagesFor } from '@stormline/domain/navigation';
import { grantsOf, roleByName, type RoleName } from '@stormline/domain/roles';

/**
 * A signed-in user's profile as GET /api/users/profile answers it, built from the same role rules
 * the server uses and checked against the contract, for component tests.
 */
export function profileOf(
  roleName: RoleName,
  divisions: { id: string; name: string }[] = [{ id: 'north-region', name: 'North Region' }],
): Profile {
  const role = roleByName(roleName);
  const grants = grantsOf(role);
  return Profile.parse({
    id: `user-${role.id}`,
    first_name: 'Dana',
    last_name: 'Tester',
    name: 'Dana Tester',
    email: 'dana@example.com',
    position: null,
    address: { phone: null, phone_ext: null },
    roleId: role.id,
    roleName,
    isAdmin: role.isAdmin,
    isReadOnly: role.isReadOnly,
    status: 'active',
    divisions,
    permissions: grants.permissions,
    pages: pagesFor(roleName, grants),
    navigation: navigationFor(roleName, grants),
    electronicSignatureAuthorization: false,
    dataPolicySignature: true,
    appConstants: { region: 'UK', dateFormat: 'MM-DD-YYYY', maxUploadMb: 25, maxDocumentListUploadMb: 100 },
    version: 0,
  });
}
