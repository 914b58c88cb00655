/**
 * Ceiling of the provider call, for the gateway benchmark: the gateway's own openai client (same
 * pool, same keep-alive fetch, same provider config) alone in this process, keeping CEILING_CONCURRENCY
 * `client.chat.completions.create` calls in flight against the fake upstream, with no gateway work
 * around them. Mode `fetch` runs the same loop over the bare keep-alive fetch + JSON.parse instead.
 * After a 1 s warm-up it measures for BENCH_DURATION_S seconds and prints one JSON line:
 * {"mode","calls","errors","seconds","callsPerS","cpuUsPerCall","cpuShare"}.
 * Mode `server` instead serves that client behind a bare node:http server (prints {"mode","port"}),
 * for the bench to load like a gateway.
 * Run (the bench does): node --import tsx bench/openai-ceiling.ts openai|fetch|server
 * with CEILING_BASE_URL (the upstream's /v1 address) and CEILING_BODY (the request body).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClientPool, createKeepAliveFetch, createProviderRegistry } from '@cae/gateway';

const mode = process.argv[2];
if (mode !== 'openai' && mode !== 'fetch' && mode !== 'server') {
  throw new Error('usage: openai-ceiling.ts openai|fetch|server');
}
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
if (mode === 'openai' || mode === 'server') {
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

if (mode === 'server') {
  // The thinnest gateway one can build on the openai client: node:http, no routing, validation,
  // keys, logging or fallbacks; each POST is drained, the client called, and its text answered.
  // The bench loads it like the gateways; its req/s bounds any gateway that calls the client.
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      (call() as Promise<{ choices: { message: { content: string | null } }[] }>).then(
        (completion) => {
          const text = JSON.stringify({ text: completion.choices[0]?.message.content ?? '' });
          response.writeHead(200, {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(text),
          });
          response.end(text);
        },
        () => {
          response.writeHead(502).end();
        },
      );
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address() as AddressInfo;
    process.stdout.write(`${JSON.stringify({ mode, port: address.port })}\n`);
  });
} else {
  await run(1); // warm-up: connections, JIT
  const result = await run(durationS);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}
