import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '@stormline/domain/errors';
import type { Db } from './dynamo';
import { keys } from './keys';
import { TTL_ATTRIBUTE } from './table';
import { deleteStep, putStep, transact } from './transact';
import type { TransactionStep } from './transact';
import { divisionIdsOf, readUser, writeUser } from './users';
import type { UserChanges, UserRecord } from './users';

/**
 * Invitation and password-reset links (docs/decisions/0013). The link carries a random token;
 * the table keeps only its sha256, so a read of the table gives no working link. One item per
 * link, `LINK#<hash> / INVITE|RESET`, with a TTL; the user item holds the hash of its one live
 * link of each kind, so a new link replaces (deletes) the previous one. Using a link deletes it
 * in the same transaction as the user write: a link works once.
 */
export type LinkKind = 'INVITE' | 'RESET';

const linkKey = (hash: string, kind: LinkKind) => ({ pk: `LINK#${hash}`, sk: kind });

const HASH_FIELD = { INVITE: 'inviteLinkHash', RESET: 'resetLinkHash' } as const;
/** The status a user must have for a link of each kind to be issued or used. */
const STATUS_FOR = { INVITE: 'invited', RESET: 'active' } as const;

export const INVALID_LINK: Record<LinkKind, string> = {
  INVITE: 'This invitation link is not valid or has expired. Ask your administrator to invite you again.',
  RESET: 'This password reset link is not valid or has expired. Please request a new one.',
};

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/**
 * The user a live link belongs to, or undefined when the link is unknown, used, expired (TTL
 * removes expired items only eventually, so the time is checked here too), replaced, or the user
 * is no longer in the state the link was for.
 */
export async function userOfLink(
  db: Db,
  hash: string,
  kind: LinkKind,
  now: Date,
): Promise<UserRecord | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: linkKey(hash, kind), ConsistentRead: true }),
  );
  if (!Item || (Item[TTL_ATTRIBUTE] as number) <= nowSeconds(now)) return undefined;
  const user = await readUser(db, Item.userId as string);
  if (!user || user[HASH_FIELD[kind]] !== hash || user.status !== STATUS_FOR[kind]) return undefined;
  return user;
}

/**
 * Issues a link for a user, replacing the previous one of its kind: the new link, the old one's
 * delete and the user's pointer in one transaction, which holds only while the user is still in
 * the state the link is for (invited, or active). Not a versioned edit: an administrator's open
 * Edit User form does not go stale because an invitation was sent again.
 */
export async function issueLink(
  db: Db,
  user: UserRecord,
  link: { hash: string; kind: LinkKind; expiresAt: Date; invitedBy?: string },
): Promise<void> {
  const previous = user[HASH_FIELD[link.kind]];
  await transact(db, [
    ...linkSteps(db, user.id, link),
    ...(previous && previous !== link.hash ? [deleteStep(db, linkKey(previous, link.kind))] : []),
    {
      write: {
        Update: {
          TableName: db.tableName,
          Key: keys.user(user.id),
          UpdateExpression: `SET #hash = :hash${link.invitedBy ? ', invitedBy = :by' : ''}`,
          ConditionExpression: '#status = :status',
          ExpressionAttributeNames: { '#hash': HASH_FIELD[link.kind], '#status': 'status' },
          ExpressionAttributeValues: {
            ':hash': link.hash,
            ':status': STATUS_FOR[link.kind],
            ...(link.invitedBy ? { ':by': link.invitedBy } : {}),
          },
        },
      },
      onConditionFailed: () =>
        new NotFoundError(link.kind === 'INVITE' ? 'This user has already registered' : 'User not found'),
    },
  ]);
}

/** The link item itself, for a writer that creates the user in the same transaction. */
export function linkSteps(
  db: Db,
  userId: string,
  link: { hash: string; kind: LinkKind; expiresAt: Date },
): TransactionStep[] {
  return [
    putStep(db, {
      ...linkKey(link.hash, link.kind),
      type: 'AccountLink',
      userId,
      [TTL_ATTRIBUTE]: nowSeconds(link.expiresAt),
    }),
  ];
}

/** Deleting the link as it is used; it must still be there and unexpired, so it works once. */
function consumeStep(db: Db, hash: string, kind: LinkKind, now: Date): TransactionStep {
  return {
    write: {
      Delete: {
        TableName: db.tableName,
        Key: linkKey(hash, kind),
        ConditionExpression: 'attribute_exists(pk) AND #ttl > :now',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':now': nowSeconds(now) },
      },
    },
    onConditionFailed: () => new NotFoundError(INVALID_LINK[kind]),
  };
}

/**
 * Uses a link: the user's changes (registration's details and password, or the new password)
 * and the link's delete in one transaction, with every copy of the user's name rewritten.
 * `changes` is asked for only once the link is found live, so costly work in it (hashing the new
 * password) is never spent on an unknown or expired link; the transaction checks the link again.
 */
export async function useLink(
  db: Db,
  hash: string,
  kind: LinkKind,
  changes: (user: UserRecord) => UserChanges | Promise<UserChanges>,
  now: Date,
): Promise<UserRecord> {
  const user = await userOfLink(db, hash, kind, now);
  if (!user) throw new NotFoundError(INVALID_LINK[kind]);
  try {
    return await writeUser(db, {
      before: user,
      changes: { ...(await changes(user)), [HASH_FIELD[kind]]: null },
      divisionsBefore: await divisionIdsOf(db, user.id),
      steps: [consumeStep(db, hash, kind, now)],
    });
  } catch (error) {
    // The same link used at once by a twin request (a double submit): the user's version moved
    // with it, so the user's step fails first. The loser is told what the link's next use is.
    if (error instanceof ConflictError && !(await userOfLink(db, hash, kind, now)))
      throw new NotFoundError(INVALID_LINK[kind]);
    throw error;
  }
}

/** The links of a user being deleted go with them. */
export function userLinkDeletes(db: Db, user: UserRecord): TransactionStep[] {
  return (['INVITE', 'RESET'] as const).flatMap((kind) => {
    const hash = user[HASH_FIELD[kind]];
    return hash ? [deleteStep(db, linkKey(hash, kind))] : [];
  });
}
