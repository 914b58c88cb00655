import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliIo } from '../src/cli';

/** The repository's root. */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The word-vector cache shared by test runs (built once, on first use). */
export const TEST_EMBEDDING_CACHE = join(REPO_ROOT, 'node_modules/.cache/cae-embeddings');

/** The built `cae` command. */
export const CAE_BIN = join(REPO_ROOT, 'packages/cli/dist/cae.js');

/** The test run's environment without a data directory or a server of its own. */
export function cleanEnv(): NodeJS.ProcessEnv {
  const { CAE_DATA_DIR: _dataDir, DATABASE_URL: _server, CAE_SERVER_URL: _url, ...env } = process.env;
  return { ...env, CAE_EMBEDDING_CACHE_DIR: TEST_EMBEDDING_CACHE };
}

/** A `CliIo` that records what the command writes, with the given environment and stdin. */
export function captureIo(env: NodeJS.ProcessEnv, stdin = ''): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    stdin: async () => stdin,
    isTty: false,
    env,
  };
}
