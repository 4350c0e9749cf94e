import { deleteConnection } from '@stormline/data/connections';
import { getDeps } from '../lib/deps';
import type { WebSocketEvent, WebSocketResult } from './websocket-event';

/** $disconnect: forget the connection so nothing is posted to it again. */
export async function handler(event: WebSocketEvent): Promise<WebSocketResult> {
  await deleteConnection((await getDeps()).db, event.requestContext.connectionId);
  return { statusCode: 200 };
}
