export type { HttpLogger, RequestLogger } from '@cae/gateway/http';
// The HTTP kit lives in @cae/gateway/http; re-exported here for existing importers.
export {
  assertSafeListen,
  callerAuth,
  createJsonLogger,
  parseTokens,
  redact,
  requestLog,
} from '@cae/gateway/http';
export type { EngineAppOptions } from './app';
export { createEngineApp } from './app';
export type { CliIo } from './cli';
export { runCli } from './cli';
export { renderDocsPage } from './docs-page';
export { buildOpenApiDocument } from './openapi';
export type { EngineServer, StartEngineServerOptions } from './server';
export { startEngineServer } from './server';
