#!/usr/bin/env node
// Starts the engine (3001) and the gateway (3002) on the embedded default, or one of them:
//   node scripts/start.mjs [engine|gateway]
// Started alone, an app listens on PORT (and HOST) as its own server would; started together, each
// gets its own port: ENGINE_PORT (default 3001) and GATEWAY_PORT (default 3002). Each prints its URL.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wanted = process.argv[2] ? [process.argv[2]] : ['engine', 'gateway'];
const alone = wanted.length === 1 ? process.env.PORT : undefined;
const apps = {
  engine: { main: 'apps/engine/dist/main.js', port: process.env.ENGINE_PORT ?? alone ?? '3001' },
  gateway: { main: 'apps/gateway/dist/main.js', port: process.env.GATEWAY_PORT ?? alone ?? '3002' },
};
for (const name of wanted) {
  if (!apps[name]) {
    console.error(`unknown app ${name}; choose engine or gateway`);
    process.exit(2);
  }
  if (!existsSync(join(root, apps[name].main))) {
    console.error(`${apps[name].main} is missing: run pnpm build first`);
    process.exit(1);
  }
}

const children = wanted.map((name) =>
  spawn(process.execPath, [join(root, apps[name].main)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apps[name].port },
  }),
);
let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
let remaining = children.length;
for (const child of children) {
  child.on('exit', (code) => {
    remaining -= 1;
    if (!stopping && code !== 0) {
      process.exitCode = code ?? 1;
      stop('SIGTERM');
    }
    if (remaining === 0) process.exit(process.exitCode ?? 0);
  });
}
