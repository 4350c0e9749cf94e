/** The parts of an API Gateway WebSocket event our handlers read; the local ws server builds the same. */
export interface WebSocketEvent {
  requestContext: {
    /** $connect, $disconnect, $default, or a message route's action (socket-routes.ts). */
    routeKey: string;
    connectionId: string;
    eventType: 'CONNECT' | 'DISCONNECT' | 'MESSAGE';
    requestTimeEpoch: number;
  };
  queryStringParameters?: Record<string, string | undefined>;
  body?: string;
}

export interface WebSocketResult {
  statusCode: number;
  body?: string;
}
