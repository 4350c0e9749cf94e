import { randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { ConflictError } from '@stormline/domain/errors';
import type { PermissionEntry } from '@stormline/domain/permissions';
import type { Db } from './dynamo';
import { keys, nameOrder } from './keys';
import { updateVersioned } from './versioned';

export type UserStatus = 'invited' | 'active' | 'inactive';

export interface UserRecord {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  position: string | null;
  phone: string | null;
  phone_ext: string | null;
  roleId: string;
  status: UserStatus;
  /** argon2id encoded hash; null until an invited user registers. Never leaves the server. */
  passwordHash: string | null;
  /** Set when the Permissions modal changed this user's grants; otherwise the role's defaults apply. */
  permissionsOverride: PermissionEntry[] | null;
  divisionIds: string[];
  electronicSignatureAuthorization: boolean;
  dataPolicySignature: boolean;
  createdAt: string;
  version: number;
}

const USER_FIELDS: readonly (keyof UserRecord)[] = [
  'id',
  'email',
  'first_name',
  'last_name',
  'position',
  'phone',
  'phone_ext',
  'roleId',
  'status',
  'passwordHash',
  'permissionsOverride',
  'divisionIds',
  'electronicSignatureAuthorization',
  'dataPolicySignature',
  'createdAt',
  'version',
];

function toUser(item: Record<string, unknown>): UserRecord {
  return Object.fromEntries(USER_FIELDS.map((f) => [f, item[f] ?? null])) as unknown as UserRecord;
}

export type NewUser = Omit<UserRecord, 'id' | 'createdAt' | 'version'> & { id?: string };

/**
 * Creates a user with the claim on their email and one membership item per division, in one
 * transaction: either all exist or none does. A taken email answers 409.
 */
export async function createUser(db: Db, input: NewUser, now = new Date()): Promise<UserRecord> {
  const user: UserRecord = {
    ...input,
    id: input.id ?? randomUUID(),
    email: input.email.trim().toLowerCase(),
    createdAt: now.toISOString(),
    version: 0,
  };
  const put = (Item: Record<string, unknown>, ConditionExpression = 'attribute_not_exists(pk)') => ({
    Put: { TableName: db.tableName, Item, ConditionExpression },
  });
  try {
    await db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          put({ ...keys.user(user.id), type: 'User', ...user }),
          put({ ...keys.emailClaim(user.email), type: 'EmailClaim', userId: user.id }),
          ...user.divisionIds.map((divisionId) =>
            put({
              ...keys.membership(user.id, divisionId),
              type: 'Membership',
              gsi1pk: keys.usersOfDivision(divisionId),
              gsi1sk: nameOrder(user.last_name, user.first_name, user.id),
              userId: user.id,
              divisionId,
            }),
          ),
        ],
      }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      throw new ConflictError(`A user with the email ${user.email} already exists`);
    }
    throw error;
  }
  return user;
}

export async function getUser(db: Db, id: string): Promise<UserRecord | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.user(id), ConsistentRead: true }),
  );
  return Item ? toUser(Item) : undefined;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.emailClaim(email), ConsistentRead: true }),
  );
  return Item ? getUser(db, Item.userId as string) : undefined;
}

/**
 * What every authenticated request needs, in one round trip: the caller's current record (role,
 * status, divisions may have changed since the token was issued) and whether the token was revoked.
 */
export async function getCaller(
  db: Db,
  userId: string,
  tokenId: string,
): Promise<{ user: UserRecord | undefined; revoked: boolean }> {
  const result = await db.doc.send(
    new BatchGetCommand({
      RequestItems: {
        [db.tableName]: { Keys: [keys.user(userId), keys.revokedToken(tokenId)], ConsistentRead: true },
      },
    }),
  );
  const items = result.Responses?.[db.tableName] ?? [];
  const unprocessed = result.UnprocessedKeys?.[db.tableName]?.Keys?.length ?? 0;
  if (unprocessed > 0) {
    // Rare under load; fall back to the two plain reads rather than guess.
    const user = await getUser(db, userId);
    const { Item } = await db.doc.send(
      new GetCommand({ TableName: db.tableName, Key: keys.revokedToken(tokenId) }),
    );
    return { user, revoked: Boolean(Item) };
  }
  const userItem = items.find((i) => i.sk === 'USER');
  return { user: userItem ? toUser(userItem) : undefined, revoked: items.some((i) => i.sk === 'REVOKED') };
}

export type OwnProfileFields = Pick<
  UserRecord,
  'first_name' | 'last_name' | 'position' | 'phone' | 'phone_ext'
>;

export async function updateOwnProfile(
  db: Db,
  userId: string,
  fields: OwnProfileFields,
  version: number,
): Promise<UserRecord> {
  return toUser(await updateVersioned(db, keys.user(userId), { ...fields }, version, 'User not found'));
}
