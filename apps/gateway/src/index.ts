export type { GatewayAppOptions } from './gateway-app';
export { createGatewayApp } from './gateway-app';
export type { GatewayAppConfig } from './gateway-config';
export { isLoopbackHost, readGatewayConfig, refusalToListen } from './gateway-config';
export type { CallerAuthOptions } from './middleware/caller-auth';
export { bearerToken, callerAuth } from './middleware/caller-auth';
export { requestLog } from './middleware/request-log';
