#!/usr/bin/env node
// Starts the engine (3001) and the gateway (3002) on the embedded default, or one of them:
//   node scripts/start.mjs [engine|gateway]
// Each child gets its own PORT (ENGINE_PORT / GATEWAY_PORT override) and prints its URL.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apps = {
  engine: { main: 'apps/engine/dist/main.js', port: process.env.ENGINE_PORT ?? '3001' },
  gateway: { main: 'apps/gateway/dist/main.js', port: process.env.GATEWAY_PORT ?? '3002' },
};
const wanted = process.argv[2] ? [process.argv[2]] : Object.keys(apps);
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
