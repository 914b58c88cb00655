import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  createFakeUpstream,
  type FakeUpstream,
  type FakeUpstreamOptions,
} from '../../packages/gateway/src/testing/fake-upstream';

/**
 * Both apps as real processes (their built entry points) on loopback, an embedded store in a temp
 * directory, the gateway's providers pointed at a local fake OpenAI-compatible upstream, and
 * real-looking keys and tokens everywhere, so what they print and answer can be searched for them.
 */
export const root = resolve(import.meta.dirname, '../..');

/** Real-looking secrets the apps are configured with; none may ever appear in their output. */
export const SECRETS = {
  openaiKey: 'sk-proj-Q3vX9aTb7LmN2pR5sW8yZ1cE4fH6jK0d',
  geminiKey: 'AIzaSyD4f8Gh2Jk6Lm0Np3Qr7St1Uv5Wx9Yz2Ab',
  groqKey: 'gsk_7Hj2Kl9Mn4Pq8Rs1Tu6Vw3Xy0Za5Bc2De',
  storedKey: 'sk-ant-api03-Zx8Cv6Bn4Ma2Sd0Fg7Hj5Kl3Qw1Er9Ty',
  clientKey: 'sk-proj-Cl1entK3yAb8Cd7Ef6Gh5Ij4Kl3Mn2Op',
  apiToken: 'cae_tok_7f3a9c1e5b2d8f4a6c0e9b7d5f3a1c8e',
  adminToken: 'cae_adm_2b4d6f8a0c1e3a5c7e9b1d3f5a7c9e0b',
  secretKey: 'c2VjcmV0LW1hc3Rlci1rZXktZm9yLXRlc3Rpbmctb25seS0x',
} as const;

/** What a started pair of apps offers a test. */
export interface RunningApps {
  engineUrl: string;
  gatewayUrl: string;
  upstream: FakeUpstream;
  /** Every line both processes wrote to stdout and stderr. */
  logs(): string[];
  /** RSS in bytes of each process (from /proc), or null where unavailable. */
  rss(): { engine: number | null; gateway: number | null };
  alive(): boolean;
  /** Process ids of the two apps. */
  pids(): { engine: number | undefined; gateway: number | undefined };
  close(): Promise<void>;
}

function rssOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

async function spawnApp(main: string, env: Record<string, string>, lines: string[]) {
  const { DATABASE_URL: _server, ...inherited } = process.env;
  const child = spawn(process.execPath, [join(root, main)], {
    env: { ...inherited, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test runner that dies must not leave the servers running.
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  child.once('exit', () => process.off('exit', reap));
  let output = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    for (const line of text.split('\n')) if (line.trim()) lines.push(line);
  };
  child.stderr!.on('data', collect);
  const url = await new Promise<string>((done, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      collect(chunk);
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (found) done(found[1]!);
    });
    child.once('exit', (code) => fail(new Error(`${main} exited (${code}) before listening:\n${output}`)));
  });
  return { child, url };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** Options of startApps. */
export interface StartAppsOptions {
  upstream?: FakeUpstreamOptions;
  /** Extra environment of both apps (limits, rate limits). */
  env?: Record<string, string>;
}

/**
 * Starts the engine and the gateway from `apps/<app>/dist/main.js` (run `pnpm build` first).
 * @example const apps = await startApps(); await fetch(`${apps.engineUrl}/health`); await apps.close();
 */
export async function startApps(options: StartAppsOptions = {}): Promise<RunningApps> {
  for (const main of ['apps/engine/dist/main.js', 'apps/gateway/dist/main.js']) {
    if (!existsSync(join(root, main))) throw new Error(`${main} is missing: run pnpm build`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'cae-harness-'));
  const upstream = await createFakeUpstream(options.upstream);
  const lines: string[] = [];
  const common = {
    CAE_API_TOKENS: `ana:${SECRETS.apiToken}`,
    CAE_SECRET_KEY: SECRETS.secretKey,
    OPENAI_API_KEY: SECRETS.openaiKey,
    OPENAI_BASE_URL: upstream.url,
    GEMINI_API_KEY: SECRETS.geminiKey,
    GOOGLE_BASE_URL: upstream.url,
    GROQ_API_KEY: SECRETS.groqKey,
    GROQ_BASE_URL: upstream.url,
    CAE_UPSTREAM_TIMEOUT_MS: '3000',
    ...options.env,
  };
  const started: { child: ChildProcess; url: string }[] = [];
  try {
    started.push(
      await spawnApp(
        'apps/engine/dist/main.js',
        {
          ...common,
          CAE_DATA_DIR: join(dataDir, 'engine'),
          CAE_EMBEDDING_CACHE_DIR: join(root, 'node_modules/.cache/cae-embeddings'),
          CAE_LLM_PROVIDER: 'openai',
        },
        lines,
      ),
    );
    started.push(
      await spawnApp(
        'apps/gateway/dist/main.js',
        { ...common, CAE_DATA_DIR: join(dataDir, 'gateway'), CAE_ADMIN_TOKENS: `ops:${SECRETS.adminToken}` },
        lines,
      ),
    );
  } catch (error) {
    for (const app of started) await stop(app.child);
    await upstream.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const [engine, gateway] = started as [
    { child: ChildProcess; url: string },
    { child: ChildProcess; url: string },
  ];
  return {
    engineUrl: engine.url,
    gatewayUrl: gateway.url,
    upstream,
    logs: () => lines,
    rss: () => ({ engine: rssOf(engine.child.pid), gateway: rssOf(gateway.child.pid) }),
    alive: () => engine.child.exitCode === null && gateway.child.exitCode === null,
    pids: () => ({ engine: engine.child.pid, gateway: gateway.child.pid }),
    async close() {
      await stop(engine.child);
      await stop(gateway.child);
      await upstream.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Authorization header of the API token (`ana`) or the admin token (`ops`). */
export const auth = (token: string = SECRETS.apiToken) => ({ authorization: `Bearer ${token}` });
