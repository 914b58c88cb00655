#!/usr/bin/env node
// `pnpm cae ...` at the repository root: pnpm runs package scripts in the root, so the command moves
// back to the directory it was typed in (INIT_CWD), where its paths and ./.cae belong, then runs the CLI.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = join(dirname(fileURLToPath(import.meta.url)), '../packages/cli/dist/cae.js');
if (!existsSync(cli)) {
  console.error('packages/cli/dist/cae.js is missing: run pnpm build first');
  process.exit(1);
}
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
await import(pathToFileURL(cli).href);
