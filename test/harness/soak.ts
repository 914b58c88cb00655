import { readdirSync } from 'node:fs';
import { auth, type RunningApps } from './apps';

/**
 * A bounded soak: both apps served at a steady rate (open loop: requests start on a clock, whatever
 * the answers take) for a fixed time, with faults injected: the upstream failing (500), the upstream
 * too slow (it never answers, so the upstream timeout cuts it), and callers who hang up mid-request.
 */

/** What a soak measured. */
export interface SoakReport {
  seconds: number;
  ratePerSecond: number;
  /** Requests answered (any status), and requests the soak itself abandoned on purpose. */
  served: number;
  disconnects: number;
  /** Answers with a 5xx status, or no answer, among the requests not abandoned on purpose. */
  errors: number;
  /**
   * 502 answers (upstream_failed: every step of the fallback chain failed), counted in errors too.
   * Faults are queued on the shared fake upstream, so which request meets one is not known; with no
   * real provider behind it, every 502 is the documented answer to injected faults.
   */
  upstreamFailures: number;
  statuses: Record<number, number>;
  p50Ms: number;
  p99Ms: number;
  faults: { upstreamErrors: number; slowUpstream: number; clientDisconnects: number };
  rss: {
    start: { engine: number | null; gateway: number | null };
    end: { engine: number | null; gateway: number | null };
  };
  /** Open file descriptors (sockets, files) of each process before and after. */
  openHandles: {
    start: { engine: number | null; gateway: number | null };
    end: { engine: number | null; gateway: number | null };
  };
  /** Both processes still running at the end. */
  alive: boolean;
  /** Queue items answered 201 during the soak, and how many of them the engine no longer has. */
  accepted: number;
  lost: number;
}

function fdCount(pid: number | null | undefined): number | null {
  if (!pid) return null;
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return null;
  }
}

const percentile = (sorted: number[], share: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;

/** One kind of request of the mix: which app, what to send. */
interface Shape {
  app: 'engine' | 'gateway';
  method: 'GET' | 'POST';
  path: string;
  body?: () => unknown;
  /** Goes through the upstream (faults apply). */
  upstream?: boolean;
}

let counter = 0;
const MIX: Shape[] = [
  {
    app: 'engine',
    method: 'POST',
    path: '/retrieve',
    body: () => ({ query: 'When is the deposit returned?', limit: 5 }),
  },
  {
    app: 'engine',
    method: 'POST',
    path: '/pipeline/compile',
    body: () => ({
      text: `Tenant ${++counter} must pay the rent on the first day. The landlord may inspect the flat.`,
      document_id: `soak-${counter % 50}`,
      store: true,
    }),
  },
  { app: 'engine', method: 'GET', path: '/clauses?limit=20' },
  {
    app: 'engine',
    method: 'POST',
    path: '/synthesize',
    body: () => ({ query: 'Who pays the rent?' }),
    upstream: true,
  },
  {
    app: 'engine',
    method: 'POST',
    path: '/review-queue',
    body: () => ({ content: `Soak item ${++counter}.` }),
  },
  { app: 'gateway', method: 'GET', path: '/api/providers' },
  {
    app: 'gateway',
    method: 'POST',
    path: '/api/compute/v1',
    body: () => ({ providerId: 'openai', prompt: { user: 'ping' } }),
    upstream: true,
  },
  {
    app: 'gateway',
    method: 'POST',
    path: '/api/stream',
    body: () => ({ providerId: 'openai', prompt: { user: 'ping' } }),
    upstream: true,
  },
];

/**
 * Runs the soak; `pids` are the apps' process ids (for RSS and descriptors).
 * @example const report = await soak(apps, { seconds: 180, ratePerSecond: 20 });
 */
export async function soak(
  apps: RunningApps,
  options: { seconds: number; ratePerSecond: number; seed?: number },
): Promise<SoakReport> {
  let seed = options.seed ?? 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const statuses: Record<number, number> = {};
  const latencies: number[] = [];
  const faults = { upstreamErrors: 0, slowUpstream: 0, clientDisconnects: 0 };
  let served = 0;
  let errors = 0;
  let upstreamFailures = 0;
  let disconnects = 0;
  const created: string[] = [];

  // Warm-up, so the start figures are of a running server, not of one still loading.
  for (const shape of MIX) await send(shape, false);
  const pids = apps.pids();
  const rssStart = apps.rss();
  const fdStart = { engine: fdCount(pids.engine), gateway: fdCount(pids.gateway) };

  async function send(shape: Shape, hangUp: boolean): Promise<void> {
    const base = shape.app === 'engine' ? apps.engineUrl : apps.gatewayUrl;
    const controller = new AbortController();
    const started = performance.now();
    if (hangUp) setTimeout(() => controller.abort(), 5 + random() * 40);
    try {
      const response = await fetch(`${base}${shape.path}`, {
        method: shape.method,
        headers: { ...auth(), ...(shape.body ? { 'content-type': 'application/json' } : {}) },
        body: shape.body ? JSON.stringify(shape.body()) : undefined,
        signal: AbortSignal.any([controller.signal, AbortSignal.timeout(30_000)]),
      });
      const text = await response.text();
      if (response.status === 201) created.push((JSON.parse(text) as { id: string }).id);
      latencies.push(performance.now() - started);
      served += 1;
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status >= 500) errors += 1;
      if (response.status === 502) upstreamFailures += 1;
    } catch (error) {
      if (hangUp && controller.signal.aborted) {
        disconnects += 1;
        return;
      }
      served += 1;
      errors += 1;
      statuses[0] = (statuses[0] ?? 0) + 1;
      void error;
    }
  }

  const total = Math.round(options.seconds * options.ratePerSecond);
  const interval = 1000 / options.ratePerSecond;
  const inFlight: Promise<void>[] = [];
  const begin = performance.now();
  for (let index = 0; index < total; index++) {
    const due = begin + index * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    const shape = MIX[index % MIX.length]!;
    if (shape.upstream) {
      const roll = random();
      if (roll < 0.1) {
        apps.upstream.failNext('server_error', 1);
        faults.upstreamErrors += 1;
      } else if (roll < 0.15) {
        apps.upstream.failNext('hang', 1);
        faults.slowUpstream += 1;
      }
    }
    const hangUp = random() < 0.05;
    if (hangUp) faults.clientDisconnects += 1;
    const request = send(shape, hangUp);
    inFlight.push(request);
    if (inFlight.length > 500) await Promise.all(inFlight.splice(0, 250));
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - begin) / 1000;
  // Give keep-alive sockets and timers of the last requests time to close before counting.
  await new Promise((done) => setTimeout(done, 6_000));
  const sorted = latencies.sort((left, right) => left - right);
  // Every accepted write is still there: each queue item answered 201 is listed as pending.
  const listed = new Set<string>();
  for (let offset = 0; ; offset += 500) {
    const page = (await (
      await fetch(`${apps.engineUrl}/review-queue?limit=500&offset=${offset}`, { headers: auth() })
    ).json()) as { items: { id: string }[]; total: number };
    for (const item of page.items) listed.add(item.id);
    if (offset + 500 >= page.total) break;
  }
  const lost = created.filter((id) => !listed.has(id)).length;
  return {
    seconds,
    ratePerSecond: options.ratePerSecond,
    served,
    disconnects,
    errors,
    upstreamFailures,
    statuses,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    faults,
    rss: { start: rssStart, end: apps.rss() },
    openHandles: { start: fdStart, end: { engine: fdCount(pids.engine), gateway: fdCount(pids.gateway) } },
    alive: apps.alive(),
    accepted: created.length,
    lost,
  };
}
