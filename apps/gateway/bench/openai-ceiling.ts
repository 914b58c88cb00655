/**
 * Ceiling of the provider call, for the gateway benchmark: the gateway's own openai client (same
 * pool, same keep-alive fetch, same provider config) alone in this process, keeping CEILING_CONCURRENCY
 * `client.chat.completions.create` calls in flight against the fake upstream, with no gateway work
 * around them. Mode `fetch` runs the same loop over the bare keep-alive fetch + JSON.parse instead.
 * After a 1 s warm-up it measures for BENCH_DURATION_S seconds and prints one JSON line:
 * {"mode","calls","errors","seconds","callsPerS","cpuUsPerCall","cpuShare"}.
 * Run (the bench does): node --import tsx bench/openai-ceiling.ts openai|fetch
 * with CEILING_BASE_URL (the upstream's /v1 address) and CEILING_BODY (the request body).
 */
import { createClientPool, createKeepAliveFetch, createProviderRegistry } from '@cae/gateway';

const mode = process.argv[2];
if (mode !== 'openai' && mode !== 'fetch') throw new Error('usage: openai-ceiling.ts openai|fetch');
const baseURL = process.env.CEILING_BASE_URL;
if (!baseURL) throw new Error('CEILING_BASE_URL is required');
const apiKey = 'bench-server-key';
const bodyText =
  process.env.CEILING_BODY ??
  JSON.stringify({
    model: 'gpt-4.1-mini',
    messages: [{ role: 'user', content: 'Say hello to the benchmark.' }],
  });
const body = JSON.parse(bodyText) as { model: string; messages: { role: 'user'; content: string }[] };
const concurrency = Number(process.env.CEILING_CONCURRENCY ?? 50);
const durationS = Number(process.env.BENCH_DURATION_S ?? 5);

let call: () => Promise<unknown>;
if (mode === 'openai') {
  // As the gateway builds it: provider from the registry (OPENAI_BASE_URL), the gateway's default
  // pool settings (createGateway: 60 s timeout, 2 retries) and the process-wide keep-alive fetch.
  const provider = createProviderRegistry({ OPENAI_BASE_URL: baseURL, OPENAI_API_KEY: apiKey }).get('openai');
  const client = createClientPool({ timeoutMs: 60_000, maxRetries: 2 }).get(provider, apiKey);
  call = () => client.chat.completions.create({ model: body.model, messages: body.messages });
} else {
  const fetch = createKeepAliveFetch();
  const url = `${baseURL}/chat/completions`;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` };
  call = async () => {
    // The request body is serialised per call, as the openai client does.
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
    const parsed: unknown = JSON.parse(await response.text());
    if (!response.ok) throw new Error(`upstream answered ${response.status}`);
    return parsed;
  };
}

async function run(seconds: number) {
  let calls = 0;
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      try {
        await call();
        calls += 1;
      } catch {
        errors += 1;
      }
    }
  };
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsedS = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuUs = cpu.user + cpu.system;
  return {
    mode,
    calls,
    errors,
    seconds: elapsedS,
    callsPerS: calls / elapsedS,
    cpuUsPerCall: calls === 0 ? Number.NaN : cpuUs / calls,
    // Share of one core used while measuring: near 1 means the loop is CPU-bound.
    cpuShare: cpuUs / 1e6 / elapsedS,
  };
}

await run(1); // warm-up: connections, JIT
const result = await run(durationS);
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
