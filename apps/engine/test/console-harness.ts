import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { TEST_EMBEDDING_CACHE } from './start-test-server';

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the console tests leave their screenshots (git-ignored). */
export const SCREENSHOT_DIR = join(appDir, '.test-output', 'console');

/** A real engine process (dist/main.js) on a free loopback port with an embedded store in a temp folder. */
export interface EngineProcess {
  url: string;
  output: string[];
  stop(): Promise<void>;
}

/**
 * Starts the built engine as a child process, as `pnpm start:engine` would, on the embedded store: the
 * child gets no DATABASE_URL even when the test run has one.
 */
export async function startEngineProcess(env: Record<string, string> = {}): Promise<EngineProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cae-console-e2e-'));
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, [join(appDir, 'dist/main.js')], {
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PORT: '0',
      CAE_DATA_DIR: dataDir,
      CAE_EMBEDDING_CACHE_DIR: TEST_EMBEDDING_CACHE,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`engine did not start:\n${output.join('')}`)), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /engine listening on (http:\/\/\S+)/.exec(output.join(''));
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace(/\s*\($/, ''));
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`engine exited with ${code}:\n${output.join('')}`));
    });
  });
  let stopped = false;
  return {
    url,
    output,
    async stop() {
      if (!stopped) {
        stopped = true;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's chromium (installed by .ci/run), found on the PATH. */
export function chromiumPath(): string {
  return execFileSync('bash', ['-c', 'command -v chromium || command -v chromium-browser'], {
    encoding: 'utf8',
  }).trim();
}

/** Headless Chromium driven by playwright-core, with an empty profile and no background traffic. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Saves what a 1366x768 screen shows, under SCREENSHOT_DIR. */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage });
  return path;
}

/** JSON from the engine's API, with a token when one is given. */
export async function api<T = any>(base: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json as T;
}
