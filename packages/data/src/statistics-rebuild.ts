import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { counterDay, rebuild } from '@stormline/domain/statistics';
import type { Counters, StatisticsSource } from '@stormline/domain/statistics';
import type { Db } from './dynamo';
import { findingKeys } from './findings';
import { inspectionKeys } from './inspections';
import { MISSED_PREFIX } from './missed-inspections';
import { POST_STORM_PREFIX } from './post-storm-dues';
import { projectKeys } from './projects';
import { keysOfPartition, readIndexPartition, readPartition } from './read-partition';
import { ledgerItem, statisticsKeys, statisticsSourceOf } from './statistics';

/**
 * Recomputes one project's statistics from its records (docs/decisions/0019): for a new counter,
 * or a repair after the stream handler missed something. Reads the project's inspections and
 * findings (byParent), each inspection's finding links and the project's missed inspections
 * (`MISSED#<due date>` in its partition) and post-storm dues (`POSTSTORM#<counted at>`), replaces the statistics items with the
 * sums, and rewrites the ledger so the stream carries on from them. Run it while the stream
 * handler is stopped (as `npm start` does before starting its readers) or caught up with no
 * writes meanwhile: a record in flight during the rebuild would be applied again.
 */
export async function rebuildProjectStatistics(
  db: Db,
  divisionId: string,
  projectId: string,
): Promise<Counters> {
  const inspections = await readIndexPartition(db, inspectionKeys.ofProject(divisionId, projectId));
  const findings = await readIndexPartition(db, findingKeys.ofProject(divisionId, projectId));
  const links: Record<string, unknown>[] = [];
  for (const inspection of inspections)
    links.push(...(await readPartition(db, inspection.pk as string, 'FINDING#')));
  const project = projectKeys.project(divisionId, projectId).pk;
  const missed = await readPartition(db, project, MISSED_PREFIX);
  const postStorm = await readPartition(db, project, POST_STORM_PREFIX);
  const counted = [...inspections, ...findings, ...links, ...missed, ...postStorm].flatMap((item) => {
    const source = statisticsSourceOf(item);
    return source && source.projectId === projectId ? [{ item, source }] : [];
  });
  const counters = rebuild(counted.map((c) => c.source));

  const ledger = statisticsKeys.ledger(divisionId, projectId, '').pk;
  const stale = [
    ...(await readPartition(db, project, 'STATS')).map((i) => ({ pk: i.pk as string, sk: i.sk as string })),
    ...(await keysOfPartition(db, ledger)),
  ];
  await writeAll(db, [], stale);
  await writeAll(
    db,
    [...statisticsItems(divisionId, projectId, counters), ...ledgerItems(divisionId, projectId, counted)],
    [],
  );
  return counters;
}

/** The statistics items of `counters`: the project's, and one a month of its daily counters. */
function statisticsItems(
  divisionId: string,
  projectId: string,
  counters: Counters,
): Record<string, unknown>[] {
  const items = new Map<string, Record<string, unknown>>();
  for (const [name, value] of Object.entries(counters)) {
    const day = counterDay(name);
    const key = day
      ? statisticsKeys.month(divisionId, projectId, day.slice(0, 7))
      : statisticsKeys.project(divisionId, projectId);
    const item = items.get(key.sk) ?? { ...key, type: 'Statistics', projectId };
    item[name] = value;
    items.set(key.sk, item);
  }
  return [...items.values()];
}

/** The ledger as the stream handler would have left it: each counted record, at position 0. */
function ledgerItems(
  divisionId: string,
  projectId: string,
  counted: { item: Record<string, unknown>; source: StatisticsSource }[],
): Record<string, unknown>[] {
  return counted.map(({ item, source }) =>
    ledgerItem(divisionId, projectId, `${item.pk as string}|${item.sk as string}`, 0n, source),
  );
}

/** Puts and deletes in batches of 25, unprocessed ones sent again. */
async function writeAll(
  db: Db,
  puts: Record<string, unknown>[],
  deletes: { pk: string; sk: string }[],
): Promise<void> {
  const requests = [
    ...puts.map((Item) => ({ PutRequest: { Item } })),
    ...deletes.map((Key) => ({ DeleteRequest: { Key } })),
  ];
  for (let i = 0; i < requests.length; i += 25) {
    let pending: typeof requests | undefined = requests.slice(i, i + 25);
    while (pending && pending.length > 0) {
      const result = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.tableName]: pending } }));
      pending = result.UnprocessedItems?.[db.tableName] as typeof requests | undefined;
    }
  }
}
