import { ConflictError } from '@stormline/domain/errors';
import type { AppError } from '@stormline/domain/errors';
import { MAP_MESSAGES } from '@stormline/domain/map-features';
import type { TransactionStep } from './transact';

/**
 * A note's or legend item's placements on maps (docs/decisions/0041): every map save's transaction
 * adds the features it places and removes to the source's `placed` count, so a write that must not
 * happen while the source stands on a map (a delete, a type change) is conditioned on that count in
 * its own transaction, not on an index read a moment earlier.
 */
const NOT_PLACED = '(attribute_not_exists(placed) OR placed <= :notPlaced)';

/** `step` (a Delete or Update of the source), held only while nothing stands on a map showing it. */
export function unlessPlaced(
  step: TransactionStep,
  placedError: () => AppError = () => new ConflictError(MAP_MESSAGES.standsOnMap),
): TransactionStep {
  const guard = <
    W extends { ConditionExpression?: string; ExpressionAttributeValues?: Record<string, unknown> },
  >(
    write: W,
  ): W => ({
    ...write,
    ConditionExpression: write.ConditionExpression
      ? `(${write.ConditionExpression}) AND ${NOT_PLACED}`
      : NOT_PLACED,
    ExpressionAttributeValues: { ...write.ExpressionAttributeValues, ':notPlaced': 0 },
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
  });
  const { Delete, Update } = step.write;
  if (!Delete && !Update) throw new Error('unlessPlaced guards a Delete or an Update');
  return {
    write: Delete ? { Delete: guard(Delete) } : { Update: guard(Update!) },
    onConditionFailed: (stored) =>
      stored && typeof stored.placed === 'number' && stored.placed > 0
        ? placedError()
        : (step.onConditionFailed?.(stored) ?? new ConflictError()),
  };
}
