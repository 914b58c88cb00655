export type { GatewayAppOptions } from './gateway-app';
export { createGatewayApp } from './gateway-app';
export type { GatewayAppConfig, GatewayConfig } from './gateway-env';
export { GatewayEnvSchema, gatewayConfigFromEnv, gatewayFromConfig } from './gateway-env';
export type { GatewayServer, StartGatewayServerOptions } from './server';
export { startGatewayServer } from './server';
