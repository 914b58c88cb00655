import { fileURLToPath } from 'node:url';

/** Absolute path of the built console (static files made by `vite build`), served by the engine app. */
export const consoleDistDir = fileURLToPath(new URL('./dist', import.meta.url));
