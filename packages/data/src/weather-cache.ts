import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Forecast } from '@stormline/domain/weather';
import type { Db } from './dynamo';
import { keys } from './keys';
import { TTL_ATTRIBUTE } from './table';

/**
 * The server's forecast cache (docs/decisions/0020): one item per location, rounded to two
 * decimals, and UTC hour, `WEATHER#<lat>,<lon> / <YYYY-MM-DDTHH>`, removed by TTL once its hour
 * has passed; and each user's provider calls of the hour, `WEATHER#QUOTA#<user> / <hour>`. Only
 * the weather route writes them, and it may write nothing else.
 */

export interface ForecastPlace {
  latitude: string;
  longitude: string;
  /** 'YYYY-MM-DDTHH', UTC. */
  hour: string;
}

/** The forecast kept for the place and hour, in the unit asked for; undefined when none is. */
export async function getCachedForecast(
  db: Db,
  place: ForecastPlace,
  temperatureUnit: Forecast['temperatureUnit'],
): Promise<Forecast | undefined> {
  const { Item } = await db.doc.send(
    new GetCommand({
      TableName: db.tableName,
      Key: keys.weatherForecast(place.latitude, place.longitude, place.hour),
    }),
  );
  if (!Item || Item.temperatureUnit !== temperatureUnit) return undefined;
  return { temperatureUnit, days: Item.days as Forecast['days'] };
}

/** Keeps the forecast for the rest of the hour; the last of two concurrent writers wins, both equal. */
export async function cacheForecast(
  db: Db,
  place: ForecastPlace,
  forecast: Forecast,
  hourEnd: Date,
): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: {
        ...keys.weatherForecast(place.latitude, place.longitude, place.hour),
        type: 'WeatherForecast',
        temperatureUnit: forecast.temperatureUnit,
        days: forecast.days,
        [TTL_ATTRIBUTE]: Math.floor(hourEnd.getTime() / 1000),
      },
    }),
  );
}

/**
 * Counts one call to the provider for the user in the hour: true while they have made fewer than
 * `max`, false (nothing counted) once they have. The route may only put `WEATHER#` items (0020),
 * so the count is read and put back on the condition that it has not moved meanwhile.
 */
export async function takeProviderCall(
  db: Db,
  userId: string,
  hour: string,
  max: number,
  hourEnd: Date,
): Promise<boolean> {
  const key = keys.weatherQuota(userId, hour);
  // Another call of the same user between the read and the put: read again (a few times at most).
  for (let attempt = 0; attempt < 3; attempt++) {
    const { Item } = await db.doc.send(
      new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }),
    );
    const calls = (Item?.calls as number | undefined) ?? 0;
    if (calls >= max) return false;
    try {
      await db.doc.send(
        new PutCommand({
          TableName: db.tableName,
          Item: {
            ...key,
            type: 'WeatherQuota',
            calls: calls + 1,
            [TTL_ATTRIBUTE]: Math.floor(hourEnd.getTime() / 1000),
          },
          ...(Item
            ? { ConditionExpression: 'calls = :seen', ExpressionAttributeValues: { ':seen': calls } }
            : { ConditionExpression: 'attribute_not_exists(pk)' }),
        }),
      );
      return true;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  return false;
}
