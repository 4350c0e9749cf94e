import { randomUUID } from 'node:crypto';
import type { Db } from './dynamo';
import { queryPage } from './paging';
import type { PageOf } from './paging';
import { projectKeys } from './projects';
import type { TransactionStep } from './transact';

/**
 * The project's change log (GET /api/changelog/projects/{id}; docs/decisions/0018): every write to
 * the project, its inspections, answers, notes, findings, photos and signatures adds one entry in
 * its own transaction, `LOG#<iso>#<id>` under the project, newest first when read.
 */

export type ChangeLogEntity =
  'project' | 'inspection' | 'answers' | 'finding' | 'note' | 'signature' | 'contact' | 'image';

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface ChangeLogEntry {
  divisionId: string;
  projectId: string;
  /** Who did it, with the name they had then. */
  actor: { id: string; name: string };
  entity: ChangeLogEntity;
  entityId: string;
  /** What it was, as people name it: 'Inspection #3', 'Finding CA #7'. */
  label: string;
  action: string;
  changes: FieldChange[];
}

export interface ChangeLogRecord extends Omit<ChangeLogEntry, 'divisionId' | 'projectId'> {
  id: string;
  at: string;
}

/** The entry as a step of the writer's own transaction: logged if and only if the write happens. */
export function changeLogStep(db: Db, entry: ChangeLogEntry, now: Date): TransactionStep {
  const id = randomUUID();
  const at = now.toISOString();
  const { divisionId, projectId, ...rest } = entry;
  return {
    write: {
      Put: {
        TableName: db.tableName,
        Item: {
          pk: projectKeys.project(divisionId, projectId).pk,
          sk: `LOG#${at}#${id}`,
          type: 'ChangeLog',
          id,
          at,
          ...rest,
          // Values kept as JSON text: a signature or a finding as it was, whatever its shape.
          changes: rest.changes.map((c) => ({
            field: c.field,
            from: JSON.stringify(c.from ?? null),
            to: JSON.stringify(c.to ?? null),
          })),
        },
      },
    },
  };
}

function toRecord(item: Record<string, unknown>): ChangeLogRecord {
  const changes = (item.changes as { field: string; from: string; to: string }[]).map((c) => ({
    field: c.field,
    from: JSON.parse(c.from) as unknown,
    to: JSON.parse(c.to) as unknown,
  }));
  return {
    id: item.id as string,
    at: item.at as string,
    actor: item.actor as ChangeLogRecord['actor'],
    entity: item.entity as ChangeLogEntity,
    entityId: item.entityId as string,
    label: item.label as string,
    action: item.action as string,
    changes,
  };
}

/** A page of the project's log, newest first. */
export async function listChangeLog(
  db: Db,
  divisionId: string,
  projectId: string,
  page: { pageSize: number; cursor?: string },
): Promise<PageOf<ChangeLogRecord>> {
  const result = await queryPage(
    db,
    { partition: projectKeys.project(divisionId, projectId).pk, prefix: 'LOG#', descending: true },
    page,
  );
  return { items: result.items.map(toRecord), nextCursor: result.nextCursor };
}
