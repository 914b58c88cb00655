export type { EngineAppOptions } from './app';
export { createEngineApp } from './app';
export type { EngineConfig, EngineServerConfig } from './engine-env';
export { EngineEnvSchema, engineConfigFromEnv } from './engine-env';
export { buildOpenApiDocument } from './openapi';
export type { EngineServer, StartEngineServerOptions } from './server';
export { startEngineServer } from './server';
