/**
 * The parts of the API Gateway HTTP API (payload format 2.0) event and result that our handlers
 * use. The local gateway builds exactly this shape, so handlers cannot tell the two apart.
 */
export interface GatewayEvent {
  version: '2.0';
  routeKey: string;
  rawPath: string;
  rawQueryString: string;
  headers: Record<string, string | undefined>;
  queryStringParameters?: Record<string, string | undefined>;
  pathParameters?: Record<string, string | undefined>;
  body?: string;
  isBase64Encoded: boolean;
  requestContext: {
    requestId: string;
    routeKey: string;
    timeEpoch: number;
    http: { method: string; path: string; sourceIp: string; userAgent: string; protocol: string };
  };
}

export interface GatewayResult {
  statusCode: number;
  headers?: Record<string, string>;
  body?: string;
  isBase64Encoded?: boolean;
}
