import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The scale-out shape of ARCHITECTURE.md: two engine processes and two gateway processes on one
 * PostgreSQL server, sharing nothing but the database. Needs DATABASE_URL (CI's server) and `pnpm build`.
 */
const root = resolve(import.meta.dirname, '..');
const baseUrl = process.env.DATABASE_URL;
// postgres.js is a dependency of the store package, not of the workspace root.
const postgres = createRequire(join(root, 'packages/store-drizzle/package.json'))('postgres') as (
  url: string,
  options?: object,
) => { unsafe(query: string): Promise<Record<string, unknown>[]>; end(): Promise<void> };

type Json = any;
const ADMIN = 'admin-tok-scale-9f8e7d';
const SECRET = 'scale-out-master-secret';
const STORED_KEY = 'sk-scale-stored-4a5b6c7d8e9f';

/** A fake OpenAI-compatible upstream that records the key each call carried. */
function fakeUpstream(): Promise<{ server: Server; url: string; keys: string[] }> {
  const keys: string[] = [];
  const server = createServer((request, response) => {
    keys.push(request.headers.authorization ?? '');
    request.resume();
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion',
          created: 0,
          model: 'fake',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'pong' } }],
        }),
      );
    });
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () =>
      done({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, keys }),
    ),
  );
}

/** Spawns an app's built entry point and resolves with the URL it prints. */
async function startApp(
  main: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const { DATABASE_URL: _drop, ...inherited } = process.env;
  const child = spawn(process.execPath, [join(root, main)], {
    env: { ...inherited, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test runner that dies must not leave the servers running.
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  child.once('exit', () => process.off('exit', reap));
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = await new Promise<string>((done, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (found) done(found[1]!);
    });
    child.once('exit', (code) => fail(new Error(`${main} exited (${code}) before listening:\n${output}`)));
  });
  return { child, url, output: () => output };
}

describe.runIf(baseUrl)('two engines and two gateways on one PostgreSQL server', () => {
  const children: ChildProcess[] = [];
  let engines: string[] = [];
  let gateways: string[] = [];
  let upstream: Awaited<ReturnType<typeof fakeUpstream>>;
  let databaseUrl: string;
  let databaseName: string;
  let dataDir: string;

  beforeAll(async () => {
    for (const main of ['apps/engine/dist/main.js', 'apps/gateway/dist/main.js'])
      expect(existsSync(join(root, main)), `${main} is missing: pnpm build`).toBe(true);
    databaseName = `cae_scale_${process.pid}_${Date.now()}`;
    const admin = postgres(baseUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE "${databaseName}"`);
    await admin.end();
    const url = new URL(baseUrl!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    dataDir = await mkdtemp(join(tmpdir(), 'cae-scale-'));
    upstream = await fakeUpstream();
    const shared = { DATABASE_URL: databaseUrl, CAE_DATA_DIR: dataDir };
    const engineEnv = {
      ...shared,
      CAE_EMBEDDING_CACHE_DIR: join(root, 'node_modules/.cache/cae-embeddings'),
    };
    const gatewayEnv = {
      ...shared,
      CAE_SECRET_KEY: SECRET,
      CAE_ADMIN_TOKENS: `ops:${ADMIN}`,
      OPENAI_BASE_URL: upstream.url,
      GOOGLE_BASE_URL: upstream.url,
    };
    // All four start at once: the migrations of the first wait for none, the others under the advisory lock.
    const started = await Promise.all([
      startApp('apps/engine/dist/main.js', engineEnv),
      startApp('apps/engine/dist/main.js', engineEnv),
      startApp('apps/gateway/dist/main.js', gatewayEnv),
      startApp('apps/gateway/dist/main.js', gatewayEnv),
    ]);
    for (const app of started) children.push(app.child);
    engines = started.slice(0, 2).map((app) => app.url);
    gateways = started.slice(2).map((app) => app.url);
  }, 180_000);

  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    }
    upstream?.server.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (databaseName) {
      const admin = postgres(baseUrl!, { max: 1, onnotice: () => {} });
      await admin.unsafe(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);

  const call = async (base: string, path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Json };
  };

  it('serves concurrent compiles through both engines, and each sees every document', async () => {
    const text = (index: number) =>
      `Tenant ${index} must pay the rent on the first day. The landlord may inspect the flat ${index} times a year.`;
    const compiles = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        call(engines[index % 2]!, '/pipeline/compile', {
          text: text(index),
          document_id: `scale-${index}`,
          store: true,
        }),
      ),
    );
    expect(compiles.map((result) => result.status)).toEqual(Array(16).fill(200));
    // The same document compiled through both at once ends in one whole version.
    const same = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        call(engines[index % 2]!, '/pipeline/compile', {
          text: `Version ${index}: the tenant must give notice. The agent should confirm it.`,
          document_id: 'scale-same',
          store: true,
        }),
      ),
    );
    expect(same.every((result) => result.status === 200)).toBe(true);
    for (const engine of engines) {
      const all = await call(engine, '/clauses?limit=500');
      expect(all.json.total).toBe(16 * 2 + 2);
      const versions = await call(engine, '/clauses?document_id=scale-same');
      expect(versions.json.total).toBe(2);
      const heads = versions.json.clauses.filter((clause: Json) => /^Version \d+/.test(clause.text));
      expect(heads).toHaveLength(1);
    }
  }, 120_000);

  it('records concurrent reviews of one clause through both engines, all visible to each', async () => {
    const [clause] = (
      await call(engines[0]!, '/pipeline/compile', {
        text: 'Return the keys.',
        document_id: 'scale-review',
        store: true,
      })
    ).json;
    const decisions = ['accepted', 'rejected'] as const;
    const reviews = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(engines[index % 2]!, `/clauses/${clause.id}/review`, {
          decision: decisions[index % 2],
          reviewer: `reviewer-${index}`,
        }),
      ),
    );
    expect(reviews.every((result) => result.status === 200)).toBe(true);
    for (const engine of engines) {
      const log = await call(engine, '/clauses/review-queue?limit=500');
      expect(log.json.total).toBe(20);
    }
  }, 60_000);

  it('sees a content decision made through one engine from the other, and lets only one of two racing win', async () => {
    const item = (await call(engines[0]!, '/review-queue', { content: 'The lift was fixed on Monday.' }))
      .json;
    const decided = await call(engines[1]!, `/review-queue/${item.id}/decide`, { decision: 'approve' });
    expect(decided.status).toBe(200);
    const again = await call(engines[0]!, `/review-queue/${item.id}/decide`, { decision: 'reject' });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toMatch(/approved/);
    // The approved text, stored through the second engine, is a generated document the first one serves.
    const generated = await call(engines[0]!, '/clauses?source_type=generated&limit=500');
    expect(generated.json.clauses.map((clause: Json) => clause.text)).toContain(
      'The lift was fixed on Monday.',
    );
    const pending = await call(engines[0]!, '/review-queue?limit=500');
    expect(pending.json.items.map((row: Json) => row.id)).not.toContain(item.id);

    const raced = (await call(engines[1]!, '/review-queue', { content: 'Two reviewers at once.' })).json;
    const racing = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        call(engines[index % 2]!, `/review-queue/${raced.id}/decide`, { decision: 'approve' }),
      ),
    );
    expect(racing.filter((result) => result.status === 200)).toHaveLength(1);
    expect(racing.filter((result) => result.status === 409)).toHaveLength(9);
  }, 60_000);

  it('uses a server key stored through one gateway from the other, kept as ciphertext only', async () => {
    const stored = await call(gateways[0]!, '/api/keys', { providerId: 'openai', key: STORED_KEY }, ADMIN);
    expect(stored.status).toBe(200);
    const status = await call(gateways[1]!, '/api/providers');
    expect(status.json.openai).toEqual({ hasKey: true, isEnv: false });
    const computed = await call(gateways[1]!, '/api/compute/v1', {
      providerId: 'openai',
      prompt: { user: 'ping' },
    });
    expect(computed.status).toBe(200);
    expect(computed.json.text).toBe('pong');
    expect(upstream.keys).toContain(`Bearer ${STORED_KEY}`);
    const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const rows = await db.unsafe('SELECT * FROM provider_keys');
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(STORED_KEY);
    } finally {
      await db.end();
    }
  }, 60_000);
});
