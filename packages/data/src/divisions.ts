import { randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { queryByParent } from './by-parent';
import type { Db } from './dynamo';
import { keys, nameOrder } from './keys';
import { putNew, updateVersioned } from './versioned';

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

function listKeys(id: string, name: string) {
  return { gsi1pk: keys.allDivisions(), gsi1sk: nameOrder(name, id) };
}

/** All divisions by name. A company has tens of divisions, so one partition of the index holds them. */
export async function listDivisions(db: Db): Promise<Division[]> {
  return (await queryByParent(db, keys.allDivisions())).map(toDivision);
}

export async function getDivision(db: Db, id: string): Promise<Division | undefined> {
  const { Item } = await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.division(id) }));
  return Item ? toDivision(Item) : undefined;
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
  await putNew(db, { ...keys.division(id), ...listKeys(id, input.name), type: 'Division', ...division });
  return division;
}

export async function renameDivision(db: Db, id: string, name: string, version: number): Promise<Division> {
  const stored = await updateVersioned(
    db,
    keys.division(id),
    { name, ...listKeys(id, name) },
    version,
    'Division not found',
  );
  return toDivision(stored);
}
