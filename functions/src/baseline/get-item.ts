import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

/**
 * The yardstick for every route's Lambda, never deployed: the least a handler that reads one
 * item can be (a DynamoDBDocumentClient and a GetCommand, no validation, no sign-in). The bundle
 * test and the bench hold each route's bundle and start-up to 1.25 times this one.
 */
const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export async function handler(event: { pathParameters?: Record<string, string | undefined> }) {
  const { Item } = await doc.send(
    new GetCommand({
      TableName: process.env.TABLE_NAME,
      Key: { pk: `DIVISION#${event.pathParameters?.id ?? ''}`, sk: 'DIVISION' },
    }),
  );
  return { statusCode: Item ? 200 : 404, body: JSON.stringify(Item ?? { message: 'Not found' }) };
}
