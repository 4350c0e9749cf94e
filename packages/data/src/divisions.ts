import { randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '@stormline/domain/errors';
import type { Db } from './dynamo';
import { keys, nameOrder } from './keys';
import { queryPage } from './paging';
import type { PageOf } from './paging';
import { isFirstMatch, searchPartition, searchQuery, searchTerms, termRowSteps } from './search-terms';
import type { SearchEntry } from './search-terms';
import { counterStep, putNewStep, transact, versionedUpdateStep } from './transact';

export interface Division {
  id: string;
  name: string;
  createdAt: string;
  version: number;
}

function toDivision(item: Record<string, unknown>): Division {
  return {
    id: item.id as string,
    name: item.name as string,
    createdAt: item.createdAt as string,
    version: item.version as number,
  };
}

/** Where a division sorts in the list, and among the results of one search term. */
const listOrder = (division: Pick<Division, 'id' | 'name'>) => nameOrder(division.name, division.id);

function listKeys(id: string, name: string) {
  return { gsi1pk: keys.allDivisions(), gsi1sk: listOrder({ id, name }) };
}

const notFound = () => new NotFoundError('Division not found');

const divisionSearch = (division: Pick<Division, 'id' | 'name'>): SearchEntry => ({
  terms: searchTerms(division.name),
  order: listOrder(division),
});

/** Divisions by name, a page at a time. */
export async function listDivisions(
  db: Db,
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<Division>> {
  return queryPage(
    db,
    { index: 'byParent', partition: keys.allDivisions() },
    {
      ...page,
      resolve: async (rows) => rows.map(toDivision),
    },
  );
}

/** Divisions whose name, from one of its words on, starts with `text`; a page at a time (search rows, no Scan). */
export async function searchDivisions(
  db: Db,
  text: string,
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<Division>> {
  const query = searchQuery(text);
  if (!query) return listDivisions(db, page);
  return queryPage(
    db,
    { partition: searchPartition(keys.allDivisions()), prefix: query },
    {
      ...page,
      resolve: async (rows) => {
        const found = new Map(
          (
            await getDivisions(
              db,
              rows.map((r) => r.recordId as string),
            )
          ).map((d) => [d.id, d]),
        );
        return rows.flatMap((row) => {
          const division = found.get(row.recordId as string);
          return division && isFirstMatch(row, searchTerms(division.name), query) ? [division] : [];
        });
      },
    },
  );
}

/** How many divisions there are: a counter kept in the same transaction as each create. */
export async function countDivisions(db: Db): Promise<number> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: keys.counter('DIVISIONS'), ConsistentRead: true }),
  );
  return (Item?.count as number | undefined) ?? 0;
}

export async function getDivision(db: Db, id: string): Promise<Division> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.division(id) }));
  if (!Item) throw notFound();
  return toDivision(Item);
}

/** Divisions by id, in the order asked; ids with no division are left out. */
export async function getDivisions(db: Db, ids: readonly string[]): Promise<Division[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const found = new Map<string, Division>();
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [db.tableName]: { Keys: unique.slice(i, i + 100).map((id) => keys.division(id)) },
    };
    while (request && Object.keys(request).length > 0) {
      const result = await db.doc.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of result.Responses?.[db.tableName] ?? [])
        found.set(item.id as string, toDivision(item));
      request = result.UnprocessedKeys as typeof request;
    }
  }
  return unique.flatMap((id) => found.get(id) ?? []);
}

/** The division, its search rows and the count, in one transaction. */
export async function createDivision(
  db: Db,
  input: { name: string; id?: string; now?: Date },
): Promise<Division> {
  const id = input.id ?? randomUUID();
  const division: Division = {
    id,
    name: input.name,
    createdAt: (input.now ?? new Date()).toISOString(),
    version: 0,
  };
  await transact(db, [
    putNewStep(
      db,
      { ...keys.division(id), ...listKeys(id, input.name), type: 'Division', ...division },
      () => new ConflictError('This division already exists'),
    ),
    counterStep(db, keys.counter('DIVISIONS'), 'count', 1),
    ...termRowSteps(db, keys.allDivisions(), id, null, divisionSearch(division)),
  ]);
  return division;
}

/** The one writer of a division's name: the item, its list order and its search rows together. */
export async function renameDivision(db: Db, id: string, name: string, version: number): Promise<Division> {
  const before = await getDivision(db, id);
  if (before.version !== version) throw new ConflictError();
  await transact(db, [
    versionedUpdateStep(db, keys.division(id), { name, ...listKeys(id, name) }, version, notFound),
    ...termRowSteps(db, keys.allDivisions(), id, divisionSearch(before), divisionSearch({ id, name })),
  ]);
  return { ...before, name, version: version + 1 };
}

const COUNTERS = [
  'userCount',
  'clientCount',
  'groupCount',
  'templateCount',
  'activeProjectCount',
  'archivedProjectCount',
];

/**
 * The last step of deleting a division: the division item (only at the version read and while
 * every counter is 0, so anything added meanwhile makes it fail with 409), its search rows and the
 * company's division count, in one transaction.
 */
export async function deleteDivisionItem(db: Db, division: Division): Promise<void> {
  const names = Object.fromEntries(COUNTERS.map((c, i) => [`#c${i}`, c]));
  await transact(db, [
    {
      write: {
        Delete: {
          TableName: db.tableName,
          Key: keys.division(division.id),
          ConditionExpression: [
            '#version = :version',
            ...COUNTERS.map((_, i) => `(attribute_not_exists(#c${i}) OR #c${i} <= :zero)`),
          ].join(' AND '),
          ExpressionAttributeNames: { '#version': 'version', ...names },
          ExpressionAttributeValues: { ':version': division.version, ':zero': 0 },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed: (stored) =>
        stored
          ? new ConflictError(
              'The division changed while it was being deleted (something was added to it, or it was renamed). Reload it and try again.',
            )
          : new NotFoundError('Division not found'),
    },
    counterStep(db, keys.counter('DIVISIONS'), 'count', -1),
    ...termRowSteps(db, keys.allDivisions(), division.id, divisionSearch(division), null),
  ]);
}
