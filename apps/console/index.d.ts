/** Absolute path of the built console (static files made by `vite build`), served by the engine app. */
export declare const consoleDistDir: string;
