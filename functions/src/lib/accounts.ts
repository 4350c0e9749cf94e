import type { Db } from '@stormline/data/dynamo';
import { createUser } from '@stormline/data/users';
import type { UserRecord } from '@stormline/data/users';
import { roleByName } from '@stormline/domain/roles';
import type { RoleName } from '@stormline/domain/roles';
import { hashPassword } from './passwords';

export interface NewAccount {
  role: RoleName;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  divisionIds: string[];
  position?: string | null;
  phone?: string | null;
  /** Consent to electronic signatures and to the data-privacy policy, as given at registration. */
  consented?: boolean;
}

/** An active account that can sign in at once: the seed, the first cloud Admin, test users. */
export async function createActiveAccount(
  db: Db,
  account: NewAccount,
  now = new Date(),
): Promise<UserRecord & { divisionIds: string[] }> {
  const user = await createUser(
    db,
    {
      email: account.email,
      first_name: account.first_name,
      last_name: account.last_name,
      position: account.position ?? null,
      phone: account.phone ?? null,
      phone_ext: null,
      roleId: roleByName(account.role).id,
      status: 'active',
      passwordHash: await hashPassword(account.password),
      permissionsOverride: null,
      divisionIds: account.divisionIds,
      electronicSignatureAuthorization: account.consented ?? false,
      dataPolicySignature: account.consented ?? false,
    },
    now,
  );
  return { ...user, divisionIds: account.divisionIds };
}
