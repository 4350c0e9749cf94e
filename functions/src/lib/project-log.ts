import { changeLogStep } from '@stormline/data/changelog';
import type { FieldChange } from '@stormline/data/changelog';
import type { ProjectRecord } from '@stormline/data/projects';
import type { TransactionStep } from '@stormline/data/transact';
import type { Caller } from './authenticate';
import type { Deps } from './deps';
import { actorOf } from './inspection-context';

/** The change log entry of a write to the project itself. */
export function projectLogStep(
  deps: Pick<Deps, 'db'>,
  caller: Caller,
  project: ProjectRecord,
  action: string,
  changes: FieldChange[],
  now: Date,
): TransactionStep {
  return changeLogStep(
    deps.db,
    {
      divisionId: project.divisionId,
      projectId: project.id,
      actor: actorOf(caller),
      entity: 'project',
      entityId: project.id,
      label: project.name,
      action,
      changes,
    },
    now,
  );
}

/** The fields that differ between two versions of a record, as the log keeps them. */
export function fieldChanges<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): FieldChange[] {
  return fields.flatMap((field) =>
    JSON.stringify(before[field] ?? null) === JSON.stringify(after[field] ?? null)
      ? []
      : [{ field, from: before[field] ?? null, to: after[field] ?? null }],
  );
}
