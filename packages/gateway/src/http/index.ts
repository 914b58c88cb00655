/**
 * The HTTP kit both apps share (`@cae/gateway/http`): caller authentication, the loopback guard,
 * the JSON request log with secret redaction, the body limit, error responses and JSON body reading.
 */
export type { GatewayLogger, JsonLoggerOptions, LogLevel } from '../gateway-logger';
export { createJsonLogger, silentLogger } from '../gateway-logger';
export { bodyLimit } from './body-limit';
export type { CallerAuthOptions } from './caller-auth';
export {
  assertSafeListen,
  bearerToken,
  callerAuth,
  envFlag,
  isLoopbackHost,
  parseTokens,
  refusalToListen,
} from './caller-auth';
export {
  errorHandler,
  errorResponse,
  notFoundHandler,
  readJsonBody,
  readJsonObject,
} from './http-errors';
export type { HttpLogger, RequestLogger, RequestLogOptions } from './request-log';
export { redact, requestLog, toGatewayLogger } from './request-log';
