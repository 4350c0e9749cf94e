import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { QUESTION_TYPE_IDS } from '@stormline/domain/template-model';
import type { QuestionConfigValues, QuestionTypeId } from '@stormline/domain/template-model';
import type { Db } from './dynamo';

/**
 * The company's defaults for new questions of each type (spec 002 §7 question-types-config;
 * docs/decisions/0036 "Question configuration"): one catalogue item per configured type. A new
 * question copies its type's defaults into itself, so published versions never change when these
 * do.
 */

const CATALOGUE = 'CATALOGUE';
const PREFIX = 'QUESTIONTYPE#';
export const questionTypeConfigKey = (type: QuestionTypeId) => ({ pk: CATALOGUE, sk: `${PREFIX}${type}` });

export type QuestionTypeDefaults = Partial<Record<QuestionTypeId, QuestionConfigValues>>;

/** Every configured type's defaults: a Query of the catalogue's few question type items. */
export async function getQuestionTypeDefaults(db: Db): Promise<QuestionTypeDefaults> {
  const { Items = [] } = await db.doc.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': CATALOGUE, ':prefix': PREFIX },
      ConsistentRead: true,
    }),
  );
  const defaults: QuestionTypeDefaults = {};
  for (const item of Items) {
    const type = item.questionTypeId as QuestionTypeId;
    if (QUESTION_TYPE_IDS.includes(type)) defaults[type] = item.values as QuestionConfigValues;
  }
  return defaults;
}

/** One type's defaults (what a new question of it starts with), if the company set any. */
export async function getQuestionTypeDefault(
  db: Db,
  type: QuestionTypeId,
): Promise<QuestionConfigValues | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: questionTypeConfigKey(type), ConsistentRead: true }),
  );
  return Item?.values as QuestionConfigValues | undefined;
}

/** Replaces one type's defaults (checked by the caller). */
export async function setQuestionTypeDefaults(
  db: Db,
  type: QuestionTypeId,
  values: QuestionConfigValues,
  by: string,
  now: Date,
): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: {
        ...questionTypeConfigKey(type),
        type: 'QuestionTypeConfig',
        questionTypeId: type,
        values,
        updatedAt: now.toISOString(),
        updatedBy: by,
      },
    }),
  );
}
