export type { GatewayAppOptions } from './gateway-app';
export { createGatewayApp } from './gateway-app';
export type { GatewayAppConfig } from './gateway-config';
export { readGatewayConfig, refusalToListen } from './gateway-config';
