import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Forecast } from '@stormline/domain/weather';
import type { Db } from './dynamo';
import { keys } from './keys';
import { TTL_ATTRIBUTE } from './table';

/**
 * The server's forecast cache (docs/decisions/0020): one item per location, rounded to two
 * decimals, and UTC hour, `WEATHER#<lat>,<lon> / <YYYY-MM-DDTHH>`, removed by TTL once its hour
 * has passed. Only the weather route writes it, and it may write nothing else.
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
