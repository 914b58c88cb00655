import {
  type AnnotatedClause,
  CaeError,
  type CompileRequestInput,
  ERROR_CODES,
  type ErrorCode,
  type IngestResult,
  type RetrieveResponse,
  type SynthesizeResponse,
  wire,
} from '@cae/core';

/** What the CLI asks of an engine, in process or over HTTP. */
export interface CliBackend {
  /** Where the work goes, for messages. */
  readonly where: string;
  compile(request: CompileRequestInput): Promise<AnnotatedClause[]>;
  /**
   * Several documents saved in one transaction, `onCompiled` as each is compiled (the in-process
   * engine only; over HTTP each file is its own request).
   */
  compileMany?(
    requests: CompileRequestInput[],
    onCompiled: (index: number, clauses: AnnotatedClause[]) => void,
  ): Promise<AnnotatedClause[][]>;
  /**
   * Several documents with a result per document: one request to the server's POST
   * /pipeline/ingest over HTTP, `engine.ingestMany` in-process (within `bulkLoad`).
   */
  ingestMany?(
    requests: CompileRequestInput[],
    /** Each document's result as soon as it is known (in-process; over HTTP the answer brings them). */
    onResult?: (result: IngestResult) => void,
  ): Promise<IngestResult[]>;
  /** Wire bodies in, wire bodies out: what `cae search` and `cae ask` send. */
  retrieve(body: Record<string, unknown>): Promise<RetrieveResponse>;
  synthesize(body: Record<string, unknown>): Promise<SynthesizeResponse>;
  /** Runs a batch ingest in the store's bulk mode where there is one. */
  bulkLoad<T>(load: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The wire body of a compile request (snake_case, as engine-api.md has it). */
function compileBody(request: CompileRequestInput): Record<string, unknown> {
  const body: Record<string, unknown> = {
    text: request.text,
    document_id: request.documentId,
    store: request.store,
    embed: request.embed,
    source_type: request.sourceType,
    annotator: request.annotator,
    format: request.format,
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
}

/** The server's URL without a trailing slash; refuses anything but http(s). */
export function serverUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CaeError(
      'invalid_request',
      `--server (or CAE_SERVER_URL) must be a URL such as http://127.0.0.1:3001, not "${raw}"`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CaeError('invalid_request', `--server must be an http:// or https:// URL, not ${url.protocol}`);
  return url.href.replace(/\/+$/, '');
}

/**
 * The engine over HTTP (engine-api.md): compile, ingest, search and ask sent to a running server,
 * with `CAE_API_TOKEN` as the bearer token when it needs one. Its errors come back as CaeErrors with
 * the server's code and message.
 */
export function createRemoteBackend(
  base: string,
  options: { token?: string; fetch?: typeof fetch; timeoutMs?: number } = {},
): CliBackend {
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 600_000;
  const call = async (
    path: string,
    body: unknown,
    raw?: { body: string; contentType: string },
  ): Promise<unknown> => {
    let response: Response;
    try {
      response = await send(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': raw?.contentType ?? 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: raw?.body ?? JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      throw new CaeError(
        'upstream_failed',
        `could not reach the engine at ${base} (${cause}): is it running?`,
      );
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new CaeError(
        'upstream_failed',
        `the engine at ${base} answered ${response.status} with something that is not JSON`,
      );
    }
    if (!response.ok) {
      const error = (json as { error?: { code?: string; message?: string } }).error;
      throw new CaeError(
        ERROR_CODES.includes(error?.code as ErrorCode) ? (error?.code as ErrorCode) : 'upstream_failed',
        `the engine at ${base} answered ${response.status}: ${error?.message ?? text.slice(0, 200)}`,
      );
    }
    return json;
  };
  const compile = async (request: CompileRequestInput) =>
    wire.annotatedClauses.fromWire(await call('/pipeline/compile', compileBody(request)));
  return {
    where: base,
    compile,
    ingestMany: async (requests) => {
      // NDJSON: one compile request per line, each stored in its own right by the server.
      const body = requests.map((request) => JSON.stringify(compileBody(request))).join('\n');
      const response = await call('/pipeline/ingest', null, {
        body: `${body}\n`,
        contentType: 'application/x-ndjson',
      });
      return wire.ingestResponse.fromWire(response).results;
    },
    retrieve: async (body) => wire.retrieveResponse.fromWire(await call('/retrieve', body)),
    synthesize: async (body) => wire.synthesizeResponse.fromWire(await call('/synthesize', body)),
    bulkLoad: (load) => load(),
    close: async () => {},
  };
}

/**
 * Whether an engine server answers at `base` (GET /health within a second): the CLI asks before it
 * suggests `--server`.
 */
export async function engineAnswers(base: string, send: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await send(`${base}/health`, { signal: AbortSignal.timeout(1000) });
    const body = (await response.json()) as { status?: unknown };
    return typeof body.status === 'string';
  } catch {
    return false;
  }
}
