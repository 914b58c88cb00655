/**
 * `pnpm reliability` (needs `pnpm build`): the long runs of issue 17, measured, into docs/RELIABILITY.md.
 *   1. crash cycles of the store (packages/store-drizzle/bench/reliability.ts): per store kind, a
 *      writer SIGKILLed at seeded points, reopened and checked;
 *   2. both apps as processes: fuzzing of every route, the secret scan of the main flows,
 *      concurrent conflicting decisions and reviews, and a bounded soak with faults injected.
 * Tunable: CAE_RELIABILITY_CYCLES (kill points per store kind, 20), CAE_FUZZ_RUNS (inputs per
 * route, 400), CAE_SOAK_SECONDS (180), CAE_SOAK_RATE (requests per second, 20).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auth, root, startApps } from '../test/harness/apps';
import { fuzzRoutes } from '../test/harness/fuzz';
import { scanForSecrets } from '../test/harness/secret-scan';
import { soak } from '../test/harness/soak';

const FUZZ_RUNS = Number(process.env.CAE_FUZZ_RUNS ?? 400);
const SOAK_SECONDS = Number(process.env.CAE_SOAK_SECONDS ?? 180);
const SOAK_RATE = Number(process.env.CAE_SOAK_RATE ?? 20);
const started = performance.now();

interface StoreRow {
  kind: string;
  cycles: string;
  committed: string;
  partial: string;
  lost: string;
  failed: string;
  seconds: string;
}

// 1. Crash cycles per store kind.
const scratch = await mkdtemp(join(tmpdir(), 'cae-reliability-run-'));
const storeJson = join(scratch, 'store.json');
const crash = spawnSync('pnpm', ['--filter', '@cae/store-drizzle', 'run', 'reliability'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CAE_RELIABILITY_JSON: storeJson },
});
if (crash.status !== 0) throw new Error('the store crash cycles failed');
const storeRows = JSON.parse(await readFile(storeJson, 'utf8')) as StoreRow[];
await rm(scratch, { recursive: true, force: true });

// 2. Both apps.
const apps = await startApps({ env: { CAE_RATE_LIMIT: '0' } });
let fuzz: Awaited<ReturnType<typeof fuzzRoutes>>;
let secrets: Awaited<ReturnType<typeof scanForSecrets>>;
let conflicts: {
  decisions: number;
  decisionWinners: number;
  decisionConflicts: number;
  reviews: number;
  reviewsRecorded: number;
};
let soaked: Awaited<ReturnType<typeof soak>>;
let fuzzSeconds = 0;
try {
  const fuzzStart = performance.now();
  fuzz = await fuzzRoutes(apps, { runsPerRoute: FUZZ_RUNS, seed: 20_251_125 });
  fuzzSeconds = (performance.now() - fuzzStart) / 1000;
  console.log(`fuzz: ${fuzz.total} inputs, ${fuzz.failures.length} failures`);
  for (const failure of fuzz.failures.slice(0, 20)) console.log(`  ${failure.slice(0, 400)}`);

  secrets = await scanForSecrets(apps);
  console.log(
    `secret scan: ${secrets.requests} requests, ${secrets.logLines} log lines, ${secrets.found.length} found`,
  );

  // Concurrent conflicts: 50 decisions on one queue item, 50 reviews of one clause.
  const post = (path: string, body: unknown) =>
    fetch(`${apps.engineUrl}${path}`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const item = (await (await post('/review-queue', { content: 'One winner only.' })).json()) as {
    id: string;
  };
  const decided = await Promise.all(
    Array.from({ length: 50 }, () => post(`/review-queue/${item.id}/decide`, { decision: 'approve' })),
  );
  const [clause] = (await (
    await post('/pipeline/compile', { text: 'Return the keys.', document_id: 'conflicts', store: true })
  ).json()) as { id: string }[];
  const reviews = await Promise.all(
    Array.from({ length: 50 }, (_, index) =>
      post(`/clauses/${clause!.id}/review`, { decision: index % 2 ? 'accepted' : 'rejected' }),
    ),
  );
  conflicts = {
    decisions: decided.length,
    decisionWinners: decided.filter((response) => response.status === 200).length,
    decisionConflicts: decided.filter((response) => response.status === 409).length,
    reviews: reviews.length,
    reviewsRecorded: reviews.filter((response) => response.status === 200).length,
  };
  console.log('conflicts:', conflicts);

  soaked = await soak(apps, { seconds: SOAK_SECONDS, ratePerSecond: SOAK_RATE });
  console.log('soak:', JSON.stringify(soaked));
} finally {
  await apps.close();
}

const mb = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
const storeLost = storeRows.reduce((sum, row) => sum + Number(row.lost) + Number(row.partial), 0);
const dataLost = storeLost + soaked.lost;
const secretsFound = secrets.found.length + fuzz.secretsFound;
const served = soaked.served;
const errorRate = served === 0 ? 0 : soaked.errors / served;
const minutes = ((performance.now() - started) / 60_000).toFixed(1);

const doc = `# Reliability

Produced by \`pnpm reliability\` (scripts/reliability.ts, after \`pnpm build\`) in ${minutes} minutes.
Every figure below is measured by that run; nothing is carried over from an earlier one.

## Summary

| measure | value |
|---|---:|
| inputs fuzzed (both apps, ${fuzz.total / Object.keys(fuzz.perRoute).length} per route, ${Object.keys(fuzz.perRoute).length} routes) | ${fuzz.total} |
| fuzzed inputs answered outside the documented statuses or error body, or not at all | ${fuzz.failures.length} |
| kill points (SIGKILL mid-write, then restart and check), per store kind | ${storeRows.map((row) => `${row.kind.split(',')[0]}: ${row.cycles}`).join('; ')} |
| faults injected in the soak | upstream 500: ${soaked.faults.upstreamErrors}; upstream never answering: ${soaked.faults.slowUpstream}; caller hanging up: ${soaked.faults.clientDisconnects}; upstream echoing the key and failing, in the secret scan: 3 flows |
| concurrent conflicts tried (decisions on one item + reviews of one clause) | ${conflicts.decisions + conflicts.reviews} |
| soak duration | ${soaked.seconds.toFixed(0)} s at ${soaked.ratePerSecond} requests/s |
| requests served in the soak | ${served} |
| soak error rate (5xx or no answer) | ${(errorRate * 100).toFixed(2)}% (${soaked.errors}) |
| RSS start / end, engine | ${mb(soaked.rss.start.engine)} / ${mb(soaked.rss.end.engine)} |
| RSS start / end, gateway | ${mb(soaked.rss.start.gateway)} / ${mb(soaked.rss.end.gateway)} |
| data lost (documents partial or committed saves lost after kills; accepted writes missing after the soak) | ${dataLost} |
| secrets found in output (response bodies, headers, log lines) | ${secretsFound} |

## Crash and restart, per store kind

A writer process saves documents of 20 to 200 clauses (PGlite: with embeddings and semantic edges)
one transaction each and is killed with SIGKILL at seeded points, most of them in the middle of a
write; after each kill the store is reopened and checked: every document has all its clauses or none,
every save the writer reported committed is there, and \`store.checkIntegrity()\` finds every clause
with its document, counts and BM25 statistics equal to a recount, and no posting, embedding or edge
without its clause.${storeRows.length < 2 ? ' No DATABASE_URL was set, so the PostgreSQL server was not measured in this run.' : ''}

| store | kill points | saves committed before the kills | documents partial after restart | committed saves lost | restarts failing an integrity check | seconds |
|---|---:|---:|---:|---:|---:|---:|
${storeRows.map((row) => `| ${row.kind} | ${row.cycles} | ${row.committed} | ${row.partial} | ${row.lost} | ${row.failed} | ${row.seconds} |`).join('\n')}

## Fuzzing (fast-check, over HTTP)

Both apps run as processes (their built entry points) with real-looking keys and tokens. Each route
gets generated requests: objects of its own field names (and their camelCase forms, \`__proto__\`,
\`constructor\`) set to wrong types, huge and negative numbers, control characters, lone surrogates,
100,000-character tokens, SQL and tsquery syntax, JSON nested up to 20,000 deep, bodies that are not
JSON, and random path parameters and query strings. The property: a documented status of the route
with the documented error body (\`{ error: { code, message } }\`, engine messages naming wire fields),
within 30 s, and both processes still up. Seed 20251125, ${fuzzSeconds.toFixed(0)} s.

| route | inputs | statuses seen |
|---|---:|---|
${Object.entries(fuzz.perRoute)
  .map(
    ([route, count]) =>
      `| ${route} | ${count} | ${Object.entries(fuzz.statuses[route] ?? {})
        .map(([status, n]) => `${status}: ${n}`)
        .join(', ')} |`,
  )
  .join('\n')}

Failures: ${fuzz.failures.length}.${
  fuzz.failures.length
    ? `\n\n${fuzz.failures
        .slice(0, 10)
        .map((failure) => `- ${failure.slice(0, 300).replace(/\|/g, '\\|')}`)
        .join('\n')}`
    : ''
}

## Concurrent conflicts

| what | tried | outcome |
|---|---:|---|
| decisions on one content review item, all at once | ${conflicts.decisions} | ${conflicts.decisionWinners} answered 200, ${conflicts.decisionConflicts} answered 409 |
| reviews of one clause, all at once | ${conflicts.reviews} | ${conflicts.reviewsRecorded} recorded |

The scale-out test (test/scale-out.test.ts, in \`pnpm test\` when DATABASE_URL is set) runs the same
races across two engine processes on one PostgreSQL server.

## Soak with faults injected

Open loop at ${soaked.ratePerSecond} requests/s for ${soaked.seconds.toFixed(0)} s over a mix of both apps'
routes (retrieve, compile with store, list, synthesize through the LLM, enqueue; providers, compute,
stream). Faults: the upstream answering 500 (${soaked.faults.upstreamErrors} times), the upstream never
answering so the upstream timeout (3 s here) cuts it (${soaked.faults.slowUpstream} times), and the caller
hanging up 5 to 45 ms into a request (${soaked.faults.clientDisconnects} times, ${soaked.disconnects} of them
before the answer came).

| measure | value |
|---|---:|
| requests answered | ${served} |
| statuses | ${Object.entries(soaked.statuses)
  .map(([status, n]) => `${status === '0' ? 'no answer' : status}: ${n}`)
  .join(', ')} |
| error rate (5xx or no answer) | ${(errorRate * 100).toFixed(2)}% |
| of which 502 upstream_failed (every step of the fallback chain met an injected fault) | ${soaked.upstreamFailures} |
| error rate without those 502s | ${served === 0 ? '0.00' : (((soaked.errors - soaked.upstreamFailures) / served) * 100).toFixed(2)}% |
| latency p50 / p99 | ${soaked.p50Ms.toFixed(0)} ms / ${soaked.p99Ms.toFixed(0)} ms |
| RSS engine, start / end | ${mb(soaked.rss.start.engine)} / ${mb(soaked.rss.end.engine)} |
| RSS gateway, start / end | ${mb(soaked.rss.start.gateway)} / ${mb(soaked.rss.end.gateway)} |
| open descriptors engine, start / end | ${soaked.openHandles.start.engine ?? 'n/a'} / ${soaked.openHandles.end.engine ?? 'n/a'} |
| open descriptors gateway, start / end | ${soaked.openHandles.start.gateway ?? 'n/a'} / ${soaked.openHandles.end.gateway ?? 'n/a'} |
| queue items accepted (201) / missing afterwards | ${soaked.accepted} / ${soaked.lost} |
| both processes up at the end | ${soaked.alive ? 'yes' : 'no'} |

The p99 includes the requests whose upstream was made to hang: they wait for the upstream timeout.

## Secrets

The main flows of both apps (see test/harness/secret-scan.ts: compile with LLM annotation, retrieve,
synthesize, reviews, the queue, the graph; key storage, generation with client and server keys,
streams, the architect; wrong tokens, an upstream that echoes the key it was sent, failed chains) ran
with real-looking provider keys, caller and admin tokens and master key: ${secrets.requests} requests and
${secrets.logLines} log lines searched for each secret, whole and in part; ${secrets.found.length} found. The fuzzed
answers above were searched too: ${fuzz.secretsFound} found.
`;
await writeFile(join(root, 'docs/RELIABILITY.md'), doc);
console.log(`wrote docs/RELIABILITY.md in ${minutes} minutes`);
if (fuzz.failures.length || secretsFound || dataLost || !soaked.alive) process.exitCode = 1;
