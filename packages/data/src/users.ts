import { randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, DuplicateError, MissingParentError, NotFoundError } from '@stormline/domain/errors';
import type { PermissionEntry } from '@stormline/domain/permissions';
import type { Db } from './dynamo';
import { keys, nameOrder } from './keys';
import { readPartition } from './read-partition';
import { searchTerms, termRowSteps } from './search-terms';
import type { SearchEntry } from './search-terms';
import {
  anchoredUpdateStep,
  counterStep,
  putNewStep,
  transactWithCopies,
  versionedUpdateStep,
} from './transact';
import type { TransactionStep } from './transact';

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
  electronicSignatureAuthorization: boolean;
  dataPolicySignature: boolean;
  /**
   * Epoch seconds (with milliseconds): tokens issued before it are refused. Ending a user's
   * sessions (password reset, deactivation, role change) moves it to now.
   */
  sessionsValidAfter: number;
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
  'electronicSignatureAuthorization',
  'dataPolicySignature',
  'sessionsValidAfter',
  'createdAt',
  'version',
];

function toUser(item: Record<string, unknown>): UserRecord {
  const user = Object.fromEntries(USER_FIELDS.map((f) => [f, item[f] ?? null])) as unknown as UserRecord;
  user.sessionsValidAfter ??= 0;
  return user;
}

/**
 * What a user's copies are made of: the membership rows sort the division's user list by name,
 * and the search rows find the user by first name, last name or email (spec 001 §3).
 */
type UserListFields = Pick<UserRecord, 'id' | 'first_name' | 'last_name' | 'email'>;

/** Where a user sorts in a division's list, and among the results of one search term. */
const listOrder = (user: UserListFields) => nameOrder(user.last_name, user.first_name, user.id);

const userSearch = (user: UserListFields): SearchEntry => ({
  // 'Avery Admin' finds Avery Admin: the whole name is a value of its own.
  terms: searchTerms(`${user.first_name} ${user.last_name}`, user.last_name, user.email),
  order: listOrder(user),
});

function membershipItem(user: UserListFields, divisionId: string) {
  return {
    ...keys.membership(user.id, divisionId),
    type: 'Membership',
    gsi1pk: keys.usersOfDivision(divisionId),
    gsi1sk: listOrder(user),
    userId: user.id,
    divisionId,
  };
}

/** A user's search rows in one division. */
function searchCopies(
  db: Db,
  divisionId: string,
  before: UserListFields | null,
  after: UserListFields,
): TransactionStep[] {
  return termRowSteps(
    db,
    keys.usersOfDivision(divisionId),
    after.id,
    before ? userSearch(before) : null,
    userSearch(after),
  );
}

/** Every copy of a user's name in one division: the membership row's order and the search rows. */
function divisionCopies(
  db: Db,
  divisionId: string,
  before: UserListFields,
  after: UserListFields,
): TransactionStep[] {
  // Only while the user still belongs there: a membership removed meanwhile is not written back.
  return [
    anchoredUpdateStep(db, keys.membership(after.id, divisionId), { gsi1sk: listOrder(after) }),
    ...searchCopies(db, divisionId, before, after),
  ];
}

export type NewUser = Omit<UserRecord, 'id' | 'createdAt' | 'version' | 'sessionsValidAfter'> & {
  id?: string;
  /** The divisions the user joins: membership rows are the one record of who belongs where. */
  divisionIds: readonly string[];
};

/**
 * Creates a user, the claim on their email, and their membership and search rows in each
 * division, in one transaction: either all exist or none does. A taken email answers 409, a
 * division that does not exist 404.
 */
export async function createUser(db: Db, input: NewUser, now = new Date()): Promise<UserRecord> {
  const { divisionIds, ...fields } = input;
  const user: UserRecord = {
    ...fields,
    id: input.id ?? randomUUID(),
    email: input.email.trim().toLowerCase(),
    sessionsValidAfter: 0,
    createdAt: now.toISOString(),
    version: 0,
  };
  const divisions = [...new Set(divisionIds)];
  await transactWithCopies(
    db,
    [
      putNewStep(
        db,
        { ...keys.user(user.id), type: 'User', ...user },
        () => new ConflictError('This user already exists'),
      ),
      putNewStep(
        db,
        { ...keys.emailClaim(user.email), type: 'EmailClaim', userId: user.id },
        () => new DuplicateError(`A user with the email ${user.email} already exists`),
      ),
      // Membership is the record of who belongs where, so it is written with the user, with each
      // division's user count (whose condition is that the division exists).
      ...divisions.flatMap((divisionId) => [
        counterStep(
          db,
          keys.division(divisionId),
          'userCount',
          1,
          () => new MissingParentError(`Division ${divisionId} not found`),
        ),
        putNewStep(db, membershipItem(user, divisionId)),
      ]),
    ],
    divisions.map((divisionId) => searchCopies(db, divisionId, null, user)),
  );
  return user;
}

/**
 * The user's own record, for the user themself (sign-in, the caller's profile). Another user's
 * record is read with getUserInDivision, which answers only within the caller's division.
 */
async function getUserById(db: Db, id: string): Promise<UserRecord | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.user(id), ConsistentRead: true }),
  );
  return Item ? toUser(Item) : undefined;
}

/** A user who belongs to the division; any other id, existing or not, is simply not found. */
export async function getUserInDivision(db: Db, divisionId: string, id: string): Promise<UserRecord> {
  const { user, member } = await getCaller(db, id, null, divisionId);
  if (!user || !member) throw new NotFoundError('User not found');
  return user;
}

/** For sign-in only: the account an email belongs to. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.emailClaim(email), ConsistentRead: true }),
  );
  return Item ? getUserById(db, Item.userId as string) : undefined;
}

export interface CallerRecord {
  user: UserRecord | undefined;
  /** The token was signed out. */
  revoked: boolean;
  /** The user belongs to the division the request names (false when it names none). */
  member: boolean;
}

/**
 * What every authenticated request needs, in one round trip: the caller's current record (role,
 * status and sessions may have changed since the token was issued), whether the token was
 * signed out, and whether the caller belongs to the division the request works in.
 */
export async function getCaller(
  db: Db,
  userId: string,
  tokenId: string | null,
  divisionId: string | null,
): Promise<CallerRecord> {
  const wanted = [
    keys.user(userId),
    ...(tokenId ? [keys.revokedToken(tokenId)] : []),
    ...(divisionId ? [keys.membership(userId, divisionId)] : []),
  ];
  const items: Record<string, unknown>[] = [];
  let request: Record<string, { Keys: Record<string, unknown>[]; ConsistentRead: boolean }> | undefined = {
    [db.tableName]: { Keys: wanted, ConsistentRead: true },
  };
  while (request && Object.keys(request).length > 0) {
    const result = await db.doc.send(new BatchGetCommand({ RequestItems: request }));
    items.push(...(result.Responses?.[db.tableName] ?? []));
    request = result.UnprocessedKeys as typeof request;
  }
  const userItem = items.find((i) => i.sk === 'USER');
  return {
    user: userItem ? toUser(userItem) : undefined,
    revoked: items.some((i) => i.sk === 'REVOKED'),
    member: divisionId !== null && items.some((i) => i.sk === `DIVISION#${divisionId}`),
  };
}

/** The divisions a user belongs to, from the membership rows (the one record of it). */
export async function divisionIdsOf(db: Db, userId: string): Promise<string[]> {
  const { pk, skPrefix } = keys.membershipsOfUser(userId);
  return (await readPartition(db, pk, skPrefix, 'divisionId')).map((i) => i.divisionId as string);
}

export type OwnProfileFields = Pick<
  UserRecord,
  'first_name' | 'last_name' | 'position' | 'phone' | 'phone_ext'
>;

/**
 * The one writer of a user's name: the user item and, with it, every copy of the name (the
 * membership row and search rows in each of the user's divisions; transactWithCopies).
 */
export async function updateOwnProfile(
  db: Db,
  userId: string,
  fields: OwnProfileFields,
  version: number,
): Promise<UserRecord> {
  const [before, divisionIds] = await Promise.all([getUserById(db, userId), divisionIdsOf(db, userId)]);
  if (!before) throw new NotFoundError('User not found');
  if (before.version !== version) throw new ConflictError();
  const after: UserRecord = { ...before, ...fields, version: version + 1 };
  await transactWithCopies(
    db,
    [
      versionedUpdateStep(
        db,
        keys.user(userId),
        { ...fields },
        version,
        () => new NotFoundError('User not found'),
      ),
    ],
    divisionIds.map((divisionId) => divisionCopies(db, divisionId, before, after)),
  );
  return after;
}

/**
 * Ends every session of the user: tokens issued before now stop working at their next request
 * (password reset, deactivation, role change).
 */
export async function endSessions(db: Db, userId: string, now = new Date()): Promise<number> {
  const after = now.getTime() / 1000;
  await db.doc.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: keys.user(userId),
      UpdateExpression: 'SET sessionsValidAfter = :after',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':after': after },
    }),
  );
  return after;
}
