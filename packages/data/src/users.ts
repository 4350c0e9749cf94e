import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, BatchWriteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BatchWriteCommandInput, BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import { ConflictError, DuplicateError, MissingParentError, NotFoundError } from '@stormline/domain/errors';
import type { PermissionEntry } from '@stormline/domain/permissions';
import { ASSIGNABLE_INSPECTOR_ROLES, roleById } from '@stormline/domain/roles';
import { batchGet, itemAt } from './batch-get';
import type { Db } from './dynamo';
import { keys, nameOrder } from './keys';
import { queryPage } from './paging';
import type { PageOf } from './paging';
import { countRelationPartition, readPartition } from './read-partition';
import { isFirstMatch, searchPartition, searchQuery, searchTerms, termRowSteps } from './search-terms';
import type { SearchEntry } from './search-terms';
import { counterStep, deleteStep, putNewStep, transactWithCopies, versionedUpdateStep } from './transact';
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
  /** Spec 001 §5: kept only for 'Area / Assistant Manager' and 'Inspector'. */
  managerUserId: string | null;
  ccrNumber: string | null;
  peNumber: string | null;
  /** sha256 of the live invitation link's token (invited users), so a new one replaces it. */
  inviteLinkHash: string | null;
  /** sha256 of the live password-reset link's token, so a new request replaces it. */
  resetLinkHash: string | null;
  /** Who sent the (latest) invitation: the e-mail names them. */
  invitedBy: string | null;
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
  'managerUserId',
  'ccrNumber',
  'peNumber',
  'inviteLinkHash',
  'resetLinkHash',
  'invitedBy',
  'createdAt',
  'version',
];

function toUser(item: Record<string, unknown>): UserRecord {
  const user = Object.fromEntries(USER_FIELDS.map((f) => [f, item[f] ?? null])) as unknown as UserRecord;
  user.sessionsValidAfter ??= 0;
  user.electronicSignatureAuthorization = Boolean(user.electronicSignatureAuthorization);
  user.dataPolicySignature = Boolean(user.dataPolicySignature);
  return user;
}

export const userKeys = {
  /**
   * Members of a division who may be given inspections (spec 001 §2's list), by role then name:
   * the inspector selects, Team Management and the manager options of Add Users.
   */
  inspectorsOfDivision: (divisionId: string) => `DIVISION#${divisionId}#INSPECTORS`,
  /** The division's Public accounts (the read-only account /public pages sign in with), counted out of its users list. */
  publicOfDivision: (divisionId: string) => `DIVISION#${divisionId}#PUBLIC`,
};

const isPublicRole = (roleId: string) => roleById(roleId)?.name === 'Public';

/**
 * What a user's copies are made of: the membership rows sort the division's user list by name
 * and (for roles that take inspections) the inspectors list by role; the search rows find the
 * user by first name, last name or email (spec 001 §3).
 */
type UserListFields = Pick<UserRecord, 'id' | 'first_name' | 'last_name' | 'email' | 'roleId'>;

/** Where a user sorts in a division's list, and among the results of one search term. */
const listOrder = (user: Pick<UserRecord, 'id' | 'first_name' | 'last_name'>) =>
  nameOrder(user.last_name, user.first_name, user.id);

const userSearch = (user: UserListFields): SearchEntry => ({
  // 'Avery Admin' finds Avery Admin: the whole name is a value of its own.
  terms: searchTerms(`${user.first_name} ${user.last_name}`, user.last_name, user.email),
  order: listOrder(user),
});

/**
 * Every user of the company by last, first name (byParent `USERS`): the division tabs' 'Add
 * Users' rows. Written on the user item itself, so its one writer keeps it.
 */
const COMPANY_USERS = 'USERS';
const companyListKeys = (user: Pick<UserRecord, 'id' | 'first_name' | 'last_name'>) => ({
  gsi1pk: COMPANY_USERS,
  gsi1sk: listOrder(user),
});

/**
 * The company's users by last name, a page at a time; with `lastName`, those whose last name
 * starts with it (the division tabs' rows to add, docs/data-model.md).
 */
export async function listCompanyUsers(
  db: Db,
  page: { pageSize: number; cursor?: string },
  lastName?: string,
): Promise<PageOf<UserRecord>> {
  const prefix = lastName ? nameOrder(lastName) : undefined;
  return queryPage(
    db,
    { index: 'byParent', partition: COMPANY_USERS, ...(prefix ? { prefix } : {}) },
    { ...page, resolve: async (rows) => rows.map(toUser) },
  );
}

function takesInspections(roleId: string): boolean {
  const role = roleById(roleId);
  return role !== undefined && ASSIGNABLE_INSPECTOR_ROLES.includes(role.name);
}

function membershipItem(user: UserListFields, divisionId: string) {
  return {
    ...keys.membership(user.id, divisionId),
    type: 'Membership',
    gsi1pk: keys.usersOfDivision(divisionId),
    gsi1sk: listOrder(user),
    ...(takesInspections(user.roleId)
      ? { gsi2pk: userKeys.inspectorsOfDivision(divisionId), gsi2sk: `${user.roleId}#${listOrder(user)}` }
      : isPublicRole(user.roleId)
        ? { gsi2pk: userKeys.publicOfDivision(divisionId), gsi2sk: listOrder(user) }
        : {}),
    userId: user.id,
    divisionId,
  };
}

/** A user's search rows in one division. */
function searchCopies(
  db: Db,
  divisionId: string,
  before: UserListFields | null,
  after: UserListFields | null,
): TransactionStep[] {
  return termRowSteps(
    db,
    keys.usersOfDivision(divisionId),
    (after ?? before)!.id,
    before ? userSearch(before) : null,
    after ? userSearch(after) : null,
  );
}

/**
 * The membership row rewritten whole (its keys are all derived from the user), only while it
 * still exists: a membership removed meanwhile is not written back (transactWithCopies drops it).
 */
function membershipCopyStep(db: Db, user: UserListFields, divisionId: string): TransactionStep {
  return {
    write: {
      Put: {
        TableName: db.tableName,
        Item: membershipItem(user, divisionId),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    onConditionFailed: () => new ConflictError(),
  };
}

const listFieldsChanged = (a: UserListFields, b: UserListFields) =>
  a.first_name !== b.first_name ||
  a.last_name !== b.last_name ||
  a.email !== b.email ||
  a.roleId !== b.roleId;

/** Every copy of a user in one division it stays in: the membership row and the search rows. */
function divisionCopies(db: Db, divisionId: string, before: UserListFields, after: UserListFields) {
  if (!listFieldsChanged(before, after)) return [];
  return [membershipCopyStep(db, after, divisionId), ...searchCopies(db, divisionId, before, after)];
}

const joinStep = (db: Db, divisionId: string) =>
  counterStep(
    db,
    keys.division(divisionId),
    'userCount',
    1,
    () => new MissingParentError(`Division ${divisionId} not found`),
  );

/** Leaving a division: the membership goes (it must still be there) and the division's count with it. */
function leaveSteps(db: Db, userId: string, divisionId: string): TransactionStep[] {
  return [
    counterStep(db, keys.division(divisionId), 'userCount', -1),
    {
      write: {
        Delete: {
          TableName: db.tableName,
          Key: keys.membership(userId, divisionId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      onConditionFailed: () => new ConflictError(),
    },
  ];
}

export type NewUser = Omit<
  UserRecord,
  | 'id'
  | 'createdAt'
  | 'version'
  | 'sessionsValidAfter'
  | 'managerUserId'
  | 'ccrNumber'
  | 'peNumber'
  | 'inviteLinkHash'
  | 'resetLinkHash'
  | 'invitedBy'
> &
  Partial<
    Pick<
      UserRecord,
      'managerUserId' | 'ccrNumber' | 'peNumber' | 'inviteLinkHash' | 'resetLinkHash' | 'invitedBy'
    >
  > & {
    id?: string;
    /** The divisions the user joins: membership rows are the one record of who belongs where. */
    divisionIds: readonly string[];
  };

/**
 * Creates a user, the claim on their email, and their membership and search rows in each
 * division, in one transaction: either all exist or none does. A taken email answers 409, a
 * division that does not exist 404. `with` adds writes that must hold together with the user
 * (an invitation link, client and project assignments).
 */
export async function createUser(
  db: Db,
  input: NewUser,
  now = new Date(),
  withSteps: (user: UserRecord) => TransactionStep[] = () => [],
): Promise<UserRecord> {
  const { divisionIds, ...fields } = input;
  const user: UserRecord = {
    managerUserId: null,
    ccrNumber: null,
    peNumber: null,
    inviteLinkHash: null,
    resetLinkHash: null,
    invitedBy: null,
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
        { ...keys.user(user.id), type: 'User', ...companyListKeys(user), ...user },
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
        joinStep(db, divisionId),
        putNewStep(db, membershipItem(user, divisionId)),
      ]),
      ...withSteps(user),
    ],
    divisions.map((divisionId) => searchCopies(db, divisionId, null, user)),
  );
  return user;
}

/**
 * A user's record by id, for the data layer's own writers (registration, password reset, where
 * a link names the user) and the caller's own record. Handlers read another user with
 * getUserInDivision, which answers only within the caller's division.
 */
export async function readUser(db: Db, id: string): Promise<UserRecord | undefined> {
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

/** For sign-in and the forgotten-password request only: the account an email belongs to. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.emailClaim(email), ConsistentRead: true }),
  );
  return Item ? readUser(db, Item.userId as string) : undefined;
}

/** Which of these emails already belong to an account (one BatchGetItem of their claims). */
export async function takenEmails(db: Db, emails: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  const items = await batchGetItems(
    db,
    wanted.map((e) => keys.emailClaim(e)),
  );
  const taken = new Set(items.map((i) => (i.pk as string).slice('EMAIL#'.length)));
  return wanted.filter((e) => taken.has(e));
}

/** The items at these keys (any number; unprocessed keys asked again), in no order. */
export async function batchGetItems(db: Db, wanted: readonly Record<string, unknown>[], consistent = true) {
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < wanted.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[]; ConsistentRead: boolean }> | undefined = {
      [db.tableName]: { Keys: wanted.slice(i, i + 100), ConsistentRead: consistent },
    };
    while (request && Object.keys(request).length > 0) {
      const result = await db.doc.send(new BatchGetCommand({ RequestItems: request }));
      items.push(...(result.Responses?.[db.tableName] ?? []));
      request = result.UnprocessedKeys as typeof request;
    }
  }
  return items;
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
  const items = await batchGetItems(db, [
    keys.user(userId),
    ...(tokenId ? [keys.revokedToken(tokenId)] : []),
    ...(divisionId ? [keys.membership(userId, divisionId)] : []),
  ]);
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

/** The users of a page, by id, in the order asked; ids with no user are left out. */
export async function getUsers(db: Db, ids: readonly string[]): Promise<UserRecord[]> {
  const unique = [...new Set(ids)];
  const found = new Map(
    (
      await batchGetItems(
        db,
        unique.map((id) => keys.user(id)),
        false,
      )
    ).map((i) => [i.id as string, toUser(i)]),
  );
  return unique.flatMap((id) => found.get(id) ?? []);
}

/** A division's users by last, first name, a page at a time. */
export async function listDivisionUsers(
  db: Db,
  divisionId: string,
  page: { pageSize: number; cursor?: string },
  /** Which users the page holds: left out inside the read, so the page fills up. */
  keep: (user: UserRecord) => boolean = () => true,
): Promise<PageOf<UserRecord>> {
  return queryPage(
    db,
    { index: 'byParent', partition: keys.usersOfDivision(divisionId) },
    {
      ...page,
      resolve: async (rows) =>
        (
          await getUsers(
            db,
            rows.map((r) => r.userId as string),
          )
        ).filter(keep),
    },
  );
}

/**
 * A division's users whose first name, last name or email, from one of its words on, starts
 * with `text` (search rows, no Scan); each user once, at their first matching term.
 */
export async function searchDivisionUsers(
  db: Db,
  divisionId: string,
  text: string,
  page: { pageSize: number; cursor?: string },
  /** Which of the found users the page holds: left out inside the read, so the page fills up. */
  keep: (user: UserRecord) => boolean = () => true,
): Promise<PageOf<UserRecord>> {
  const query = searchQuery(text);
  if (!query) return listDivisionUsers(db, divisionId, page, keep);
  return queryPage(
    db,
    { partition: searchPartition(keys.usersOfDivision(divisionId)), prefix: query },
    {
      ...page,
      resolve: async (rows) => {
        const found = new Map(
          (
            await getUsers(
              db,
              rows.map((r) => r.recordId as string),
            )
          ).map((u) => [u.id, u]),
        );
        return rows.flatMap((row) => {
          const user = found.get(row.recordId as string);
          return user && keep(user) && isFirstMatch(row, userSearch(user).terms, query) ? [user] : [];
        });
      },
    },
  );
}

/** How many users a division has: its counter, moved in the same transaction as each membership. */
export async function countDivisionUsers(db: Db, divisionId: string): Promise<number> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: keys.division(divisionId),
      ProjectionExpression: 'userCount',
    }),
  );
  return (Item?.userCount as number | undefined) ?? 0;
}

/**
 * How many of a division's members are Public accounts (byRelation rows of the membership, so a
 * role change moves it with the membership's copy): the users admin counts them out.
 */
export async function countDivisionPublicAccounts(db: Db, divisionId: string): Promise<number> {
  return countRelationPartition(db, userKeys.publicOfDivision(divisionId));
}

/** Whether a user is listed in the users admin: every account but the Public one (spec 001 §2). */
export const listedInUsersAdmin = (user: Pick<UserRecord, 'roleId'>) => !isPublicRole(user.roleId);

/** Members of a division who hold one role (the manager options of Add Users and Edit User). */
export async function listDivisionUsersOfRole(
  db: Db,
  divisionId: string,
  roleId: string,
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<UserRecord>> {
  return queryPage(
    db,
    { index: 'byRelation', partition: userKeys.inspectorsOfDivision(divisionId), prefix: `${roleId}#` },
    {
      ...page,
      resolve: async (rows) =>
        getUsers(
          db,
          rows.map((r) => r.userId as string),
        ),
    },
  );
}

export type UserChanges = Partial<Omit<UserRecord, 'id' | 'createdAt' | 'version'>>;

export interface UserWrite {
  /** The user as read, and the version the write holds on. */
  before: UserRecord;
  changes: UserChanges;
  /** The user's divisions as read (membership rows), and as they are to be. */
  divisionsBefore: readonly string[];
  divisionsAfter?: readonly string[];
  /** Writes that hold or fall with the user's (a link consumed, assignments changed). */
  steps?: TransactionStep[];
}

/**
 * The one writer of a user: the user item and, with it, every copy (the membership rows and the
 * search rows in each division; transactWithCopies), the email claim when the email changes, and
 * memberships with their division counts when the divisions change. Holds only at the version
 * read: a stale one is a conflict (409).
 */
export async function writeUser(db: Db, write: UserWrite): Promise<UserRecord> {
  const { before, changes } = write;
  const after: UserRecord = { ...before, ...changes, version: before.version + 1 };
  if (changes.email !== undefined) after.email = changes.email.trim().toLowerCase();
  const divisionsAfter = [...new Set(write.divisionsAfter ?? write.divisionsBefore)];
  const joined = divisionsAfter.filter((d) => !write.divisionsBefore.includes(d));
  const left = write.divisionsBefore.filter((d) => !divisionsAfter.includes(d));
  const kept = write.divisionsBefore.filter((d) => divisionsAfter.includes(d));
  const emailSteps =
    after.email === before.email
      ? []
      : [
          putNewStep(
            db,
            { ...keys.emailClaim(after.email), type: 'EmailClaim', userId: after.id },
            () => new DuplicateError(`A user with the email ${after.email} already exists`),
          ),
          deleteStep(db, keys.emailClaim(before.email)),
        ];
  const fields = Object.fromEntries(
    Object.entries({ ...changes, email: after.email }).filter(
      ([field, value]) => JSON.stringify(value) !== JSON.stringify(before[field as keyof UserRecord]),
    ),
  );
  // The company list's order moves with the name, on the same item.
  if (after.first_name !== before.first_name || after.last_name !== before.last_name)
    Object.assign(fields, companyListKeys(after));
  await transactWithCopies(
    db,
    [
      versionedUpdateStep(
        db,
        keys.user(before.id),
        fields,
        before.version,
        () => new NotFoundError('User not found'),
      ),
      ...emailSteps,
      ...joined.flatMap((d) => [joinStep(db, d), putNewStep(db, membershipItem(after, d))]),
      ...left.flatMap((d) => leaveSteps(db, before.id, d)),
      ...(write.steps ?? []),
    ],
    [
      ...kept.map((d) => divisionCopies(db, d, before, after)),
      ...joined.map((d) => searchCopies(db, d, null, after)),
      ...left.map((d) => searchCopies(db, d, before, null)),
    ],
  );
  return after;
}

export type OwnProfileFields = Pick<
  UserRecord,
  'first_name' | 'last_name' | 'position' | 'phone' | 'phone_ext'
>;

/** The caller's own name, position and phone (their profile), at the version they read. */
export async function updateOwnProfile(
  db: Db,
  userId: string,
  fields: OwnProfileFields,
  version: number,
): Promise<UserRecord> {
  const [before, divisionIds] = await Promise.all([readUser(db, userId), divisionIdsOf(db, userId)]);
  if (!before) throw new NotFoundError('User not found');
  if (before.version !== version) throw new ConflictError();
  return writeUser(db, { before, changes: fields, divisionsBefore: divisionIds });
}

/**
 * Ends every session of the user: tokens issued before now stop working at their next request
 * (password reset, deactivation, role change).
 */
export async function endSessions(db: Db, userId: string, now = new Date()): Promise<number> {
  const after = now.getTime() / 1000;
  await db.doc
    .send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.user(userId),
        UpdateExpression: 'SET sessionsValidAfter = :after',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':after': after },
      }),
    )
    .catch(userGoneMeanwhile);
  return after;
}

/** A user-only write lost the race with the user's deletion: not found, not a 500. */
function userGoneMeanwhile(error: unknown): never {
  if (error instanceof ConditionalCheckFailedException) throw new NotFoundError('User not found');
  throw error;
}

/** Consent to electronic signatures (the profile's checkbox): the user's own, not versioned. */
export async function setSignatureAuthorization(db: Db, userId: string, agreed: boolean): Promise<void> {
  await db.doc
    .send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: keys.user(userId),
        UpdateExpression: 'SET electronicSignatureAuthorization = :agreed',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':agreed': agreed },
      }),
    )
    .catch(userGoneMeanwhile);
}

/**
 * Deletes a user: the record, the email claim, each membership with its division count and search
 * rows, and `steps` (their links and assignments), together. What remains in the user's own
 * partition (notifications, settings, connections) is removed after, a batch at a time: nothing
 * can reach it once the record is gone.
 */
export async function deleteUser(
  db: Db,
  user: UserRecord,
  divisionIds: readonly string[],
  steps: TransactionStep[] = [],
): Promise<void> {
  await transactWithCopies(
    db,
    [
      {
        write: {
          Delete: {
            TableName: db.tableName,
            Key: keys.user(user.id),
            ConditionExpression: '#version = :version',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':version': user.version },
          },
        },
        onConditionFailed: () => new ConflictError(),
      },
      deleteStep(db, keys.emailClaim(user.email)),
      ...divisionIds.flatMap((d) => leaveSteps(db, user.id, d)),
      ...steps,
    ],
    divisionIds.map((d) => searchCopies(db, d, user, null)),
  );
}

/** What is left in a deleted user's own partition, removed a batch at a time (bounded per user). */
const OWN_PARTITION_PREFIXES = ['NOTIFICATION#', 'NOTIFY#', 'UNREAD_COUNT', 'DASHBOARD', 'CONNECTION#'];

export async function purgeUserPartition(db: Db, userId: string): Promise<void> {
  const pk = keys.user(userId).pk;
  for (const prefix of OWN_PARTITION_PREFIXES) {
    const items = await readPartition(db, pk, prefix, 'pk, sk');
    for (let i = 0; i < items.length; i += 25) {
      let request: BatchWriteCommandInput['RequestItems'] | undefined = {
        [db.tableName]: items.slice(i, i + 25).map((item) => ({
          DeleteRequest: { Key: { pk: item.pk, sk: item.sk } },
        })),
      };
      while (request && Object.keys(request).length > 0) {
        const result: BatchWriteCommandOutput = await db.doc.send(
          new BatchWriteCommand({ RequestItems: request }),
        );
        request = result.UnprocessedItems;
      }
    }
  }
}

/** Which of these users are members of the division now (one BatchGet of their membership rows). */
export async function membersOfDivision(
  db: Db,
  divisionId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  const keyOf = (id: string) => keys.membership(id, divisionId);
  const items = await batchGet(db, userIds.map(keyOf));
  return new Set(userIds.filter((id) => itemAt(items, keyOf(id))));
}
