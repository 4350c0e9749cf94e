import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './dynamo';

/**
 * A print job's channel claim (docs/decisions/0042): which job a channel key names, and whose it
 * is. Its own module, read by the channel check that runs in every Lambda pushing to a channel.
 */

export const reportChannelKey = (job: string, key: string) => ({
  pk: `REPORTCHANNEL#${job}#${key}`,
  sk: 'REPORTCHANNEL',
});

/** What a channel key names: the job it belongs to, its owner and division. */
export interface ReportChannelClaim {
  reportId: string;
  userId: string;
  divisionId: string;
}

export async function getReportChannelClaim(
  db: Db,
  job: string,
  key: string,
): Promise<ReportChannelClaim | null> {
  const { Item } = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: reportChannelKey(job, key), ConsistentRead: true }),
  );
  return Item
    ? {
        reportId: Item.reportId as string,
        userId: Item.userId as string,
        divisionId: Item.divisionId as string,
      }
    : null;
}
