/**
 * The HTTP kit both apps share: caller authentication, the loopback guard, the JSON request log with
 * secret redaction, the body limit, the rate limit, error responses, JSON body reading, the
 * environment schema helpers and the one server bootstrap.
 */
export { bodyLimit } from './body-limit';
export type { CallerAuthOptions, NamedToken } from './caller-auth';
export {
  assertSafeListen,
  bearerToken,
  callerAuth,
  callerName,
  isLoopbackHost,
  parseToken,
  refusalToListen,
  tokenSecrets,
} from './caller-auth';
export { renderDocsPage } from './docs-page';
export {
  countSchema,
  DEFAULT_DATA_DIR,
  dataDirSchema,
  EnvironmentError,
  flagSchema,
  listSchema,
  parseEnvironment,
  portSchema,
  positiveSchema,
} from './env-schema';
export {
  errorHandler,
  errorResponse,
  methodNotAllowed,
  notFoundHandler,
  readJsonBody,
  readJsonObject,
} from './http-errors';
export type { JsonSchemaSource } from './openapi-kit';
export { collectSchema, queryParameters } from './openapi-kit';
export { queryLimit } from './query-limit';
export type { RateLimitOptions } from './rate-limit';
export { rateLimit } from './rate-limit';
export type { HttpLogger, RequestLogger, RequestLogOptions } from './request-log';
export { redact, requestLog, toLogger } from './request-log';
export type { ServerSentEvent } from './server-sent-events';
export { serverSentEvents } from './server-sent-events';
export type { RunningServer, StartServerOptions } from './start-server';
export { startServer } from './start-server';
