import { auth, type RunningApps, SECRETS } from './apps';

/**
 * The main flows of both apps' HTTP suites, run against real processes configured with
 * real-looking keys and tokens (SECRETS), including the flows that go wrong on purpose (bad tokens,
 * an upstream that echoes the key it was sent, failed upstream calls). Every response body and
 * header, and every line both processes logged, is searched for each secret, whole and for a
 * 12-character piece of its middle. (What a caller stores as content is theirs and comes back as
 * stored; the flows store none of the secrets.)
 */

/** What one scan found. */
export interface SecretScan {
  requests: number;
  /** Log lines searched. */
  logLines: number;
  /** Where a secret was found: request or log line, and which secret. */
  found: string[];
}

type Json = any;

const needles = () =>
  Object.entries(SECRETS).flatMap(([name, secret]) => [
    { name, text: secret },
    { name: `${name} (piece)`, text: secret.slice(8, 20) },
  ]);

/**
 * Runs the flows and searches everything they produced.
 * @example const scan = await scanForSecrets(await startApps()); expect(scan.found).toEqual([]);
 */
export async function scanForSecrets(apps: RunningApps): Promise<SecretScan> {
  const outputs: { where: string; text: string }[] = [];
  let requests = 0;
  const call = async (
    base: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = auth(),
  ): Promise<{ status: number; json: Json; text: string }> => {
    requests += 1;
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const head = [...response.headers.entries()].map(([key, value]) => `${key}: ${value}`).join('\n');
    outputs.push({ where: `${method} ${path} -> ${response.status}`, text: `${head}\n${text}` });
    let json: Json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text };
  };
  const engine = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    call(apps.engineUrl, method, path, body, headers);
  const gateway = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    call(apps.gatewayUrl, method, path, body, headers);
  const admin = auth(SECRETS.adminToken);

  // Engine: the walkthrough of its suite, with the LLM (the fake upstream) annotating and answering.
  await engine('GET', '/health');
  await engine('GET', '/openapi.json');
  await engine('GET', '/docs');
  const text =
    'Tenants must pay a deposit of one month of rent. The landlord should return the deposit within thirty days. ' +
    'Can the landlord keep the deposit? The landlord may keep it if the flat is damaged.';
  const compiled = await engine('POST', '/pipeline/compile', {
    text,
    document_id: 'lease',
    store: true,
    embed: true,
    annotator: 'llm',
  });
  await engine('POST', '/retrieve', { query: 'When is the deposit returned?', limit: 3 });
  await engine('POST', '/synthesize', { query: 'Can the landlord keep the deposit?' });
  await engine('POST', '/synthesize', { query: 'What is the capital of Peru?', include_fallback: true });
  apps.upstream.failNext('unauthorized', 6);
  await engine('POST', '/synthesize', { query: 'Can the landlord keep the deposit?' });
  apps.upstream.failNext('server_error', 6);
  await engine('POST', '/pipeline/compile', { text: 'The tenant must pay.', annotator: 'llm' });
  const clauseId = compiled.json?.[0]?.id ?? '00000000-0000-4000-8000-000000000000';
  await engine('POST', `/clauses/${clauseId}/review`, { decision: 'rejected', reviewer: 'e2e' });
  await engine('GET', '/clauses/review-queue');
  await engine('GET', '/clauses?limit=5');
  const queued = await engine('POST', '/review-queue', {
    content: 'Deposits are capped at two months of rent.',
    metadata: { ticket: 7 },
  });
  await engine('GET', '/review-queue');
  await engine('POST', `/review-queue/${queued.json?.id}/decide`, { decision: 'approve' });
  await engine('GET', '/graph/nodes?document_id=lease');
  await engine('GET', '/graph/edges?document_id=lease');
  // Errors: no token, a wrong token that looks like the right one, bad input, unknown routes.
  await engine('GET', '/clauses', undefined, {});
  await engine('GET', '/clauses', undefined, { authorization: `Bearer ${SECRETS.apiToken}x` });
  await engine('GET', '/clauses', undefined, { authorization: `Bearer ${SECRETS.adminToken}` });
  await engine('POST', '/retrieve', { query: 7 });
  await engine('GET', '/nowhere');
  await engine('DELETE', '/clauses');

  // Gateway: keys, generation with client and server keys, streams, the architect, and failures.
  await gateway('GET', '/api/health');
  await gateway('GET', '/api/providers');
  await gateway('GET', '/api/models/openai');
  await gateway('POST', '/api/test-key', { providerId: 'openai', apiKey: SECRETS.clientKey });
  apps.upstream.failNext('unauthorized', 1);
  await gateway('POST', '/api/test-key', { providerId: 'openai', apiKey: SECRETS.clientKey });
  await gateway('POST', '/api/keys', { providerId: 'anthropic', key: SECRETS.storedKey }, admin);
  await gateway('POST', '/api/keys', { providerId: 'anthropic', key: SECRETS.storedKey });
  await gateway('POST', '/api/compute/v1', { providerId: 'openai', prompt: { user: 'hello' } });
  await gateway('POST', '/api/compute/v1', {
    providerId: 'openai',
    prompt: { user: 'hello' },
    apiKey: SECRETS.clientKey,
  });
  // Every step fails with the key echoed back: the chain's error lists the attempts, keys redacted.
  apps.upstream.failNext('unauthorized', 12);
  await gateway('POST', '/api/compute/v1', {
    providerId: 'openai',
    prompt: { user: 'hello' },
    apiKey: SECRETS.clientKey,
  });
  apps.upstream.failNext('server_error', 12);
  await gateway('POST', '/api/compute/v1', { providerId: 'groq', prompt: { user: 'hello' } });
  await gateway('POST', '/api/stream', { providerId: 'openai', prompt: { user: 'hello' } });
  apps.upstream.failNext('cut_stream', 1);
  await gateway('POST', '/api/stream', {
    providerId: 'openai',
    prompt: { user: 'hello' },
    apiKey: SECRETS.clientKey,
  });
  await gateway('POST', '/api/agent/compile-stream', { prompt: { user: 'An agent that books rooms' } });
  await gateway('POST', '/api/compute/v1', { providerId: 'openai', prompt: { user: 'x' } }, {});
  await gateway(
    'POST',
    '/api/compute/v1',
    { providerId: 'openai', prompt: { user: 'x' } },
    {
      authorization: `Bearer ${SECRETS.apiToken.slice(0, -1)}`,
    },
  );
  await gateway('POST', '/api/compute/v1', { providerId: 'openai', prompt: 'not an object', apiKey: 42 });

  // Let the last log lines arrive.
  await new Promise((done) => setTimeout(done, 300));
  const logs = apps.logs();
  const found: string[] = [];
  for (const { name, text: needle } of needles()) {
    for (const output of outputs) if (output.text.includes(needle)) found.push(`${name} in ${output.where}`);
    for (const line of logs)
      if (line.includes(needle)) found.push(`${name} in log line ${line.slice(0, 200)}`);
  }
  return { requests, logLines: logs.length, found };
}
