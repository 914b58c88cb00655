/**
 * Gateway overhead benchmark: POST /api/compute/v1 through the gateway against the same request
 * straight to a fake upstream, at concurrency 1 and 50; Portkey's gateway against the same fake;
 * first streamed chunk delay; gateway RSS before and after load; and the ceiling of the provider call:
 * the gateway's openai client alone (bench/openai-ceiling.ts) pinned like the gateways, and the bare
 * keep-alive fetch under it. Run: pnpm --filter @cae/gateway-app bench
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const appDir = join(here, '..');
const portkeyDir = join(here, '.portkey');
const DURATION = Number(process.env.BENCH_DURATION_S ?? 5);
const children: ChildProcess[] = [];

function start(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  cwd = appDir,
): ChildProcess {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stderr?.on('data', () => {});
  return child;
}

function firstLine(child: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (data: Buffer) => {
      buffer += data.toString();
      const match = pattern.exec(buffer);
      if (match) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve(match);
      }
    };
    child.stdout?.on('data', onData);
    child.on('exit', (code) =>
      reject(new Error(`process exited with ${code} before it was ready:\n${buffer}`)),
    );
  });
}

async function waitForHttp(url: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${url} did not answer`);
}

function ensurePortkey(): string {
  const entry = join(portkeyDir, 'node_modules/@portkey-ai/gateway/build/start-server.js');
  if (existsSync(entry)) return entry;
  mkdirSync(portkeyDir, { recursive: true });
  // Isolated install: Portkey pins hono 4.9.7 and @hono/node-server 1.13.5, unlike this workspace.
  writeFileSync(
    join(portkeyDir, 'package.json'),
    JSON.stringify({
      name: 'cae-bench-portkey',
      private: true,
      dependencies: { '@portkey-ai/gateway': '1.15.2', hono: '4.9.7', '@hono/node-server': '1.13.5' },
    }),
  );
  execFileSync('npm', ['install', '--prefix', portkeyDir, '--no-audit', '--no-fund', '--loglevel=error'], {
    stdio: 'inherit',
  });
  return entry;
}

interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

const percentile = (sorted: Float64Array, fraction: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;

/**
 * Closed-loop HTTP/1.1 load over `connections` keep-alive sockets, timing every request with
 * hrtime (autocannon rounds latencies to whole milliseconds). Requests are pre-serialised and
 * responses parsed just enough to find their end, so the client costs the same for every target.
 */
function runLoad(
  url: string,
  body: string,
  headers: Record<string, string>,
  connections: number,
  durationS: number,
): Promise<LoadResult> {
  const target = new URL(url);
  const payload = Buffer.from(body);
  const head = [
    `POST ${target.pathname} HTTP/1.1`,
    `host: ${target.host}`,
    'content-type: application/json',
    `content-length: ${payload.length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  const wire = Buffer.concat([Buffer.from(head), payload]);
  let samples = new Float64Array(1 << 16);
  let count = 0;
  let errors = 0;
  const record = (ms: number) => {
    if (count === samples.length) {
      const grown = new Float64Array(samples.length * 2);
      grown.set(samples);
      samples = grown;
    }
    samples[count++] = ms;
  };
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(Math.round(durationS * 1e9));

  const one = () =>
    new Promise<void>((resolve, reject) => {
      const socket = connect(Number(target.port), target.hostname);
      socket.setNoDelay(true);
      let buffer: Buffer = Buffer.alloc(0);
      let sentAt = 0n;
      const send = () => {
        if (process.hrtime.bigint() >= deadline) {
          socket.end();
          resolve();
          return;
        }
        sentAt = process.hrtime.bigint();
        socket.write(wire);
      };
      socket.on('connect', send);
      socket.on('error', reject);
      socket.on('data', (data: Buffer) => {
        buffer = buffer.length === 0 ? data : Buffer.concat([buffer, data]);
        const headerEnd = buffer.indexOf('\r\n\r\n');
        if (headerEnd < 0) return;
        const headerText = buffer.subarray(0, headerEnd).toString('latin1');
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(headerText);
        let end: number;
        if (length) {
          end = headerEnd + 4 + Number(length[1]);
          if (buffer.length < end) return;
        } else {
          const last = buffer.indexOf('\r\n0\r\n\r\n', headerEnd);
          if (last < 0) return;
          end = last + 7;
        }
        record(Number(process.hrtime.bigint() - sentAt) / 1e6);
        if (!headerText.startsWith('HTTP/1.1 2')) errors += 1;
        buffer = buffer.subarray(end);
        send();
      });
    });

  return Promise.all(Array.from({ length: connections }, one)).then(() => {
    const elapsedS = Number(process.hrtime.bigint() - started) / 1e9;
    const sorted = samples.slice(0, count).sort();
    return {
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      rps: count / elapsedS,
      errors,
    };
  });
}

async function load(
  url: string,
  body: string,
  headers: Record<string, string>,
  connections: number,
): Promise<LoadResult> {
  await runLoad(url, body, headers, connections, 1); // warm-up: connections, JIT, client pools
  return runLoad(url, body, headers, connections, DURATION);
}

/** Milliseconds from sending a streaming request to the first body bytes holding generated text. */
function firstChunkMs(
  url: string,
  body: string,
  headers: Record<string, string>,
  marker: RegExp,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let seen = false;
        res.on('data', (data: Buffer) => {
          if (!seen && marker.test(data.toString())) {
            seen = true;
            resolve(Number(process.hrtime.bigint() - started) / 1e6);
          }
        });
        res.on('end', () => {
          if (!seen) reject(new Error(`no chunk from ${url}`));
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

type FirstChunkTarget = { url: string; body: string; headers: Record<string, string>; marker: RegExp };

/** Median first-chunk times of two targets, sampled alternately so both see the same machine load. */
async function medianFirstChunks(a: FirstChunkTarget, b: FirstChunkTarget): Promise<[number, number]> {
  const once = (target: FirstChunkTarget) =>
    firstChunkMs(target.url, target.body, target.headers, target.marker);
  for (let index = 0; index < 20; index += 1) await Promise.all([await once(a), await once(b)]);
  const samplesA: number[] = [];
  const samplesB: number[] = [];
  for (let index = 0; index < 200; index += 1) {
    samplesA.push(await once(a));
    samplesB.push(await once(b));
  }
  const median = (values: number[]) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  return [median(samplesA), median(samplesB)];
}

const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

/**
 * With BENCH_PIN=1 (and taskset present), each gateway under test gets CPU 0 to itself while the
 * fake upstream and this load client share CPU 1, so the gateways do not fight the load for a core.
 */
const PIN = process.env.BENCH_PIN === '1' && existsSync('/usr/bin/taskset');
const pinned = (cpu: string, command: string, args: string[]): [string, string[]] =>
  PIN ? ['taskset', ['-c', cpu, command, ...args]] : [command, args];

interface CeilingResult {
  mode: 'openai' | 'fetch';
  calls: number;
  errors: number;
  seconds: number;
  callsPerS: number;
  cpuUsPerCall: number;
  cpuShare: number;
}

/**
 * Ceiling of the provider call: bench/openai-ceiling.ts pinned like the gateways (CPU 0), keeping
 * 50 calls in flight against the fake upstream with the direct request's body, through the
 * gateway's own openai client (`openai`) or the bare keep-alive fetch (`fetch`). Whatever the
 * gateway does around the client, its throughput at 50 cannot exceed the `openai` figure.
 */
async function ceiling(mode: CeilingResult['mode'], baseURL: string, body: string): Promise<CeilingResult> {
  const child = start(
    ...pinned('0', process.execPath, ['--import', 'tsx', 'bench/openai-ceiling.ts', mode]),
    {
      CEILING_BASE_URL: baseURL,
      CEILING_BODY: body,
      CEILING_CONCURRENCY: '50',
      BENCH_DURATION_S: String(DURATION),
    },
  );
  const line = (await firstLine(child, /\{"mode":[^\n]*\}/))[0];
  return JSON.parse(line) as CeilingResult;
}

async function main() {
  if (PIN) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
  // The processes under test run built JavaScript (dist), as in production; `pnpm bench` builds first.
  const gatewayEntry = join(appDir, 'dist/main.js');
  if (!existsSync(gatewayEntry)) throw new Error('build first: pnpm --filter @cae/gateway-app... build');
  const upstreamProcess = start(
    ...pinned('1', process.execPath, ['--import', 'tsx', 'bench/fake-upstream-server.ts']),
    {},
  );
  const upstreamPort = Number((await firstLine(upstreamProcess, /\{"port":(\d+)\}/))[1]);
  const upstream = `http://127.0.0.1:${upstreamPort}/v1`;

  const dataDir = mkdtempSync(join(tmpdir(), 'cae-bench-'));
  const heapFile = join(dataDir, 'heap.json');
  const gatewayArgs = [
    // A forced full GC on SIGUSR2 (bench-only preload), so RSS is read with the garbage gone.
    '--expose-gc',
    '--import',
    join(here, 'gc-on-signal.mjs'),
    ...(process.env.BENCH_GATEWAY_NODE_OPTIONS?.split(' ').filter(Boolean) ?? []),
    gatewayEntry,
  ];
  const gatewayProcess = start(...pinned('0', process.execPath, gatewayArgs), {
    HOST: '127.0.0.1',
    PORT: '0',
    OPENAI_BASE_URL: upstream,
    OPENAI_API_KEY: 'bench-server-key',
    CAE_SECRET_KEY: 'bench-secret',
    CAE_DATA_DIR: dataDir,
    CAE_RATE_LIMIT: '1000000000',
    BENCH_HEAP_FILE: heapFile,
  });
  const gatewayUrl = (await firstLine(gatewayProcess, /listening on (http:\/\/[^\s]+)/))[1]!;

  const portkeyEntry = ensurePortkey();
  const portkeyPort = upstreamPort + 17;
  start(
    ...pinned('0', process.execPath, [
      '--import',
      join(here, 'loopback-only.mjs'),
      portkeyEntry,
      `--port=${portkeyPort}`,
      '--headless',
    ]),
    { NODE_ENV: 'production' },
  );
  const portkeyUrl = `http://127.0.0.1:${portkeyPort}`;
  await waitForHttp(`${portkeyUrl}/`);

  const messages = [{ role: 'user', content: 'Say hello to the benchmark.' }];
  const direct = {
    url: `${upstream}/chat/completions`,
    body: JSON.stringify({ model: 'gpt-4.1-mini', messages }),
    headers: { authorization: 'Bearer bench-server-key' },
  };
  const ours = {
    url: `${gatewayUrl}/api/compute/v1`,
    body: JSON.stringify({ prompt: { user: messages[0]!.content }, providerId: 'openai' }),
    headers: {},
  };
  const portkey = {
    url: `${portkeyUrl}/v1/chat/completions`,
    body: direct.body,
    headers: {
      authorization: 'Bearer bench-server-key',
      'x-portkey-provider': 'openai',
      'x-portkey-custom-host': upstream,
    },
  };

  // Sanity: all three answer.
  for (const target of [direct, ours, portkey]) {
    const response = await fetch(target.url, {
      method: 'POST',
      body: target.body,
      headers: { 'content-type': 'application/json', ...target.headers },
    });
    if (!response.ok) throw new Error(`${target.url} answered ${response.status}: ${await response.text()}`);
  }

  const rssBefore = rssMb(gatewayProcess.pid!);
  const results: Record<string, Record<number, LoadResult>> = { direct: {}, gateway: {}, portkey: {} };
  for (const connections of [1, 50]) {
    results.direct![connections] = await load(direct.url, direct.body, direct.headers, connections);
    results.gateway![connections] = await load(ours.url, ours.body, ours.headers, connections);
    results.portkey![connections] = await load(portkey.url, portkey.body, portkey.headers, connections);
  }
  // While the gateways idle: the openai client alone, then the bare keep-alive fetch, on CPU 0.
  const ceilings = {
    openai: await ceiling('openai', upstream, direct.body),
    fetch: await ceiling('fetch', upstream, direct.body),
  };
  // The thinnest gateway on the openai client (bare node:http around it), loaded like the gateways.
  const thinProcess = start(
    ...pinned('0', process.execPath, ['--import', 'tsx', 'bench/openai-ceiling.ts', 'server']),
    { CEILING_BASE_URL: upstream, CEILING_BODY: direct.body },
  );
  const thinPort = Number((await firstLine(thinProcess, /"port":(\d+)/))[1]);
  const thin = await load(`http://127.0.0.1:${thinPort}/`, ours.body, {}, 50);
  thinProcess.kill();

  const streamBody = JSON.stringify({ model: 'gpt-4.1-mini', messages, stream: true });
  const [upstreamFirst, gatewayFirst] = await medianFirstChunks(
    { url: direct.url, body: streamBody, headers: direct.headers, marker: /"content":"[^"]/ },
    {
      url: `${gatewayUrl}/api/stream`,
      body: JSON.stringify({ prompt: { user: messages[0]!.content }, providerId: 'openai' }),
      headers: {},
      marker: /"chunk":"/,
    },
  );
  const rssAfter = rssMb(gatewayProcess.pid!);
  // Flatness after warm-up: everything above already warmed the gateway (JIT, pools, heap sizing).
  // Each round is a load at 50 followed by a forced full GC; RSS read then. A leak grows every
  // round; a heap that has only sized itself does not.
  const heapRounds: number[] = [];
  const settledRss = async () => {
    gatewayProcess.kill('SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (existsSync(heapFile))
      heapRounds.push(JSON.parse(readFileSync(heapFile, 'utf8')).heapUsed / (1024 * 1024));
    return rssMb(gatewayProcess.pid!);
  };
  // The warm point follows one round at 50 like the measured ones, so the working set of that load
  // (young generation, socket buffers, allocator arenas) is in it; the light streaming samples above
  // leave the process smaller than any loaded round would.
  await runLoad(ours.url, ours.body, ours.headers, 50, DURATION);
  const rssWarm = await settledRss();
  const rssRounds: number[] = [];
  for (let round = 0; round < Number(process.env.BENCH_RSS_ROUNDS ?? 3); round += 1) {
    await runLoad(ours.url, ours.body, ours.headers, 50, DURATION);
    rssRounds.push(await settledRss());
  }
  const heapGrowth = heapRounds.length > 1 ? heapRounds.at(-1)! - heapRounds[0]! : Number.NaN;
  const rssGrowth = Math.max(...rssRounds) - rssWarm;
  const rssRoundGrowth = rssRounds.length > 1 ? rssRounds.at(-1)! - rssRounds[0]! : 0;

  const fmt = (value: number) => value.toFixed(2).padStart(8);
  const signed = (value: number) =>
    value >= 0.05
      ? `+${value.toFixed(1)}`
      : value <= -0.05
        ? value.toFixed(1)
        : `±${Math.abs(value).toFixed(1)}`;
  const lines = [
    '',
    'Gateway overhead (POST /api/compute/v1 vs the same request straight to the fake upstream)',
    '',
  ];
  lines.push('target      conc   p50 ms   p99 ms   req/s     errors   added p50  added p99');
  for (const name of ['direct', 'gateway', 'portkey'] as const) {
    for (const connections of [1, 50]) {
      const result = results[name]![connections]!;
      const base = results.direct![connections]!;
      lines.push(
        `${name.padEnd(10)} ${String(connections).padStart(5)} ${fmt(result.p50)} ${fmt(result.p99)} ${result.rps.toFixed(0).padStart(8)} ${String(result.errors).padStart(8)}   ${name === 'direct' ? '       -' : fmt(result.p50 - base.p50)}   ${name === 'direct' ? '      -' : fmt(result.p99 - base.p99)}`,
      );
    }
  }
  const added = (name: 'gateway' | 'portkey', connections: number) =>
    results[name]![connections]!.p50 - results.direct![connections]!.p50;
  const throughputRatio = results.gateway![50]!.rps / results.portkey![50]!.rps;
  const ceilingRatio = ceilings.openai.callsPerS / results.portkey![50]!.rps;
  const cpu0 = PIN ? 'CPU 0' : 'unpinned';
  const ceilingLine = (label: string, result: CeilingResult) =>
    `${label} (${cpu0}, c=50): ${result.callsPerS.toFixed(0)} calls/s, ${result.cpuUsPerCall.toFixed(0)} µs CPU per call, core ${(result.cpuShare * 100).toFixed(0)}% busy${result.errors ? `, ${result.errors} errors` : ''}`;
  lines.push('');
  lines.push(`${ceilingLine('openai client alone', ceilings.openai)} = ${ceilingRatio.toFixed(2)}x Portkey`);
  lines.push(ceilingLine('keep-alive fetch alone', ceilings.fetch));
  lines.push(
    `bare node:http server around the openai client (${cpu0}, c=50): ${thin.rps.toFixed(0)} req/s = ${(thin.rps / results.portkey![50]!.rps).toFixed(2)}x Portkey, p50 ${thin.p50.toFixed(2)} ms, ${thin.errors} errors`,
  );
  lines.push(
    `gateway at 50 vs openai client alone: ${((results.gateway![50]!.rps / ceilings.openai.callsPerS) * 100).toFixed(0)}% of the ceiling; vs the bare server: ${((results.gateway![50]!.rps / thin.rps) * 100).toFixed(0)}%`,
  );
  lines.push('');
  lines.push(
    `first streamed chunk: upstream ${upstreamFirst.toFixed(3)} ms, via gateway ${gatewayFirst.toFixed(3)} ms, delay ${(gatewayFirst - upstreamFirst).toFixed(3)} ms`,
  );
  lines.push(`gateway RSS: ${rssBefore.toFixed(1)} MB before load, ${rssAfter.toFixed(1)} MB after`);
  lines.push(
    `gateway RSS after a warm-up round at 50 + forced GC: ${rssWarm.toFixed(1)} MB; after each further ${DURATION} s round at 50 + forced GC: ${rssRounds.map((mb) => mb.toFixed(1)).join(', ')} MB`,
  );
  lines.push(
    `gateway heap used after each forced GC (warm, then rounds): ${heapRounds.map((mb) => mb.toFixed(1)).join(', ')} MB`,
  );
  lines.push(
    `run: ${PIN ? 'BENCH_PIN=1 (gateways on CPU 0, upstream and load client on CPU 1)' : 'unpinned'}, ${DURATION} s per load, own hrtime client`,
  );
  lines.push('');
  lines.push('targets:');
  lines.push(
    `  added p50 below Portkey's at 1:  ${added('gateway', 1).toFixed(2)} < ${added('portkey', 1).toFixed(2)} ms  ${added('gateway', 1) < added('portkey', 1) ? 'met' : 'MISSED'}`,
  );
  lines.push(
    `  added p50 below Portkey's at 50: ${added('gateway', 50).toFixed(2)} < ${added('portkey', 50).toFixed(2)} ms  ${added('gateway', 50) < added('portkey', 50) ? 'met' : 'MISSED'}`,
  );
  lines.push(
    `  throughput at 50 >= 4x Portkey's: ${throughputRatio.toFixed(2)}x  ${throughputRatio >= 4 ? 'met' : 'MISSED'}`,
  );
  // CPU one request may cost on the gateway's core at 4x Portkey's rate, against the client's own.
  const budgetUs = 1e6 / (4 * results.portkey![50]!.rps);
  const leftUs = budgetUs - ceilings.openai.cpuUsPerCall;
  lines.push(
    `    ceiling: a bare node:http server around the openai client reaches ${(thin.rps / results.portkey![50]!.rps).toFixed(2)}x Portkey; the openai client alone at 50: ${ceilingRatio.toFixed(2)}x; 4x Portkey allows ${budgetUs.toFixed(0)} µs CPU per request on one core, the openai client alone takes ${ceilings.openai.cpuUsPerCall.toFixed(0)} µs  (${ceilingRatio >= 4 ? `reachable only if the gateway's own work fits in ${leftUs.toFixed(0)} µs per request` : 'NOT reachable through the openai package on this machine'})`,
  );
  lines.push(
    `  first chunk within 1 ms of upstream: ${(gatewayFirst - upstreamFirst).toFixed(3)} ms  ${gatewayFirst - upstreamFirst <= 1 ? 'met' : 'MISSED'}`,
  );
  lines.push(
    `  RSS flat after warm-up (each round within 20 MB of warm; heap after GC within 5 MB): RSS max ${signed(rssGrowth)} MB (first to last round ${signed(rssRoundGrowth)} MB), heap ${signed(heapGrowth)} MB  ${rssGrowth < 20 && !(heapGrowth >= 5) ? 'met' : 'MISSED'}`,
  );
  lines.push(
    `  (cold start to loaded, for reference: ${rssBefore.toFixed(1)} -> ${rssAfter.toFixed(1)} MB, +${(rssAfter - rssBefore).toFixed(1)} MB)`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
  rmSync(dataDir, { recursive: true, force: true });
}

try {
  await main();
} finally {
  for (const child of children) child.kill('SIGTERM');
}
