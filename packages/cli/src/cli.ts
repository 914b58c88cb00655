import { readFile, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type AnnotatedClause,
  type CompileRequestInput,
  type IngestResult,
  TEXT_FORMATS,
  type TextFormat,
  toCaeError,
  wire,
} from '@cae/core';
import { createEngine, type Engine } from '@cae/engine';
import { engineConfigFromEnv, startEngineServer } from '@cae/engine-app';
import { extractPdfText } from '@cae/pipeline';
import { glob } from 'tinyglobby';
import { IngestProgress } from './progress';
import { type CliBackend, createRemoteBackend, engineAnswers, serverUrl } from './remote';

const USAGE = `cae: the clause annotation engine from the shell

  cae compile <file|->            compile a file; prints a table (--json for wire JSON)
  cae ingest <files or globs...>  compile, store and embed files (--no-embed to skip vectors)
  cae search "<query>"            hybrid retrieval  [--limit N] [filters]
  cae ask "<question>"            answer with cited clauses  [--limit N] [--fallback] [filters]
  cae doctor                      check the store's integrity (counts, statistics, references)
  cae serve                       start the HTTP engine (HOST, PORT)

formats: by file extension: .md .markdown (Markdown), .html .htm (HTML), .pdf (PDF), anything else
         plain text; --format text|markdown|html|pdf overrides it
filters: --mood M --process-type P --source-type S --min-modality X --max-modality X
         --modality-type T (probability, usuality, obligation, inclination)
         --min-tenor X --max-tenor X --document-id D
server:  --server URL (or CAE_SERVER_URL) sends compile, ingest, search and ask to a running engine
         over HTTP instead of opening the store; CAE_API_TOKEN is its bearer token when it needs one
data:    CAE_DATA_DIR (default ./.cae) or DATABASE_URL, as the server uses`;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  stdin: () => Promise<string>;
  /** Whether standard error is a terminal (progress redraws one line) or not (a line every few seconds). */
  isTty: boolean;
  env: NodeJS.ProcessEnv;
  /** Milliseconds between progress lines when not on a terminal (default 5000). */
  progressIntervalMs?: number;
}

/** Files stored per transaction by `cae ingest` on an in-process engine. */
const INGEST_BATCH = 50;
/**
 * Over HTTP a bulk request holds at most this many bytes of files (and INGEST_BATCH files), so each
 * one is answered in well under the HTTP client's wait for an answer (fetch gives up on response
 * headers after 300 s) even on a loaded server: 50 contracts (3 MB) took 350 s on a shared machine.
 */
const REMOTE_BATCH_BYTES = 512 * 1024;

/** Files in batches of INGEST_BATCH, and of at most maxBytes on disk (a larger file goes alone). */
async function batchesOf(files: string[], maxBytes: number): Promise<string[][]> {
  const batches: string[][] = [];
  let batch: string[] = [];
  let bytes = 0;
  for (const file of files) {
    const size = await stat(file).then(
      (info) => info.size,
      () => 0,
    );
    if (batch.length > 0 && (batch.length >= INGEST_BATCH || bytes + size > maxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(file);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

const defaultIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
  isTty: Boolean(process.stderr.isTTY),
  env: process.env,
};

const OPTIONS = {
  json: { type: 'boolean' },
  'no-embed': { type: 'boolean' },
  fallback: { type: 'boolean' },
  server: { type: 'string' },
  format: { type: 'string' },
  limit: { type: 'string' },
  mood: { type: 'string' },
  'process-type': { type: 'string' },
  'source-type': { type: 'string' },
  'min-modality': { type: 'string' },
  'max-modality': { type: 'string' },
  'modality-type': { type: 'string' },
  'min-tenor': { type: 'string' },
  'max-tenor': { type: 'string' },
  'document-id': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

/** A file's format: `--format` when given, else by its extension. */
export type FileFormat = TextFormat | 'pdf';

const EXTENSIONS: Record<string, FileFormat> = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.mdx': 'markdown',
  '.html': 'html',
  '.htm': 'html',
  '.xhtml': 'html',
  '.pdf': 'pdf',
};

/** The format of a file by its extension (plain text for anything unknown). */
export function formatOfFile(file: string): FileFormat {
  return EXTENSIONS[extname(file).toLowerCase()] ?? 'text';
}

function chosenFormat(values: Values): FileFormat | undefined {
  const format = values.format;
  if (format === undefined) return undefined;
  if (format === 'pdf' || (TEXT_FORMATS as readonly string[]).includes(format)) return format as FileFormat;
  throw new Error(`--format must be one of ${[...TEXT_FORMATS, 'pdf'].join(', ')}, not "${format}"`);
}

/** Reads a file as a compile request's text and format (a PDF's text is extracted here). */
async function readDocument(file: string, format: FileFormat): Promise<{ text: string; format: TextFormat }> {
  if (format === 'pdf') return { text: (await extractPdfText(await readFile(file))).text, format: 'text' };
  return { text: await readFile(file, 'utf8'), format };
}

function filtersFrom(values: Values): Record<string, unknown> {
  const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  const filters: Record<string, unknown> = {
    mood: values.mood,
    process_type: values['process-type'],
    source_type: values['source-type'],
    min_modality: number(values['min-modality']),
    max_modality: number(values['max-modality']),
    modality_type: values['modality-type'],
    min_tenor: number(values['min-tenor']),
    max_tenor: number(values['max-tenor']),
    document_id: values['document-id'],
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

function clauseTable(clauses: AnnotatedClause[]): string {
  const rows = clauses.map((clause) => [
    String(clause.syntactic.sentenceIndex),
    clause.interpersonal.mood,
    clause.ideational.processType,
    clause.interpersonal.modalityWeight.toFixed(2),
    clause.interpersonal.tenor.toFixed(2),
    oneLine(clause.text, 70),
  ]);
  return table(['sent', 'mood', 'process', 'modal', 'tenor', 'clause'], rows);
}

/** A cell of a table: one line, cut at `width` characters. */
function oneLine(text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > width ? `${flat.slice(0, width - 3)}...` : flat;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return `${[line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')}\n`;
}

/** The in-process engine as the CLI's backend. */
function localBackend(engine: Engine, where: string): CliBackend {
  return {
    where,
    compile: (request) => engine.compile(request),
    compileMany: (requests, onCompiled) => engine.compileMany(requests, { onCompiled }),
    // Inside `cae ingest`'s own bulk load: documents compiled in worker threads while the ones
    // before are written, a result per document.
    ingestMany: (requests, onResult) =>
      engine.ingestMany(requests, { bulk: false, ...(onResult ? { onResult } : {}) }),
    retrieve: (body) => engine.retrieve(wire.retrieveRequest.fromWire(body)),
    synthesize: (body) => engine.synthesize(wire.synthesizeRequest.fromWire(body)),
    bulkLoad: (load) => engine.bulkLoad(load),
    close: () => engine.close(),
  };
}

/**
 * Opens the store for `command`, or explains why it cannot: a data directory held by a running
 * engine server gets the server's address and how to send the work there with --server.
 */
async function openEngine(env: NodeJS.ProcessEnv, command: string): Promise<Engine> {
  // The CLI shares the server's composition root: the same variables mean the same store and engine.
  const config = engineConfigFromEnv(env, `cae ${command}`);
  try {
    return await createEngine(config.engine);
  } catch (error) {
    const caeError = toCaeError(error);
    const details = caeError.details as
      | { directory?: string; holder?: { owner?: string; pid?: number } }
      | undefined;
    if (caeError.code !== 'conflict' || !details?.directory) throw error;
    const url = await runningServerUrl(details.directory, env);
    if (!url) throw error;
    const holder = details.holder
      ? `the ${details.holder.owner}, pid ${details.holder.pid}`
      : 'an engine server';
    throw new Error(
      `the data directory ${details.directory} is in use by ${holder}, which answers at ${url}.\n` +
        `Send the work to it instead: cae --server ${url} ${command} ... (or set CAE_SERVER_URL=${url}),\n` +
        'or stop the server first.',
    );
  }
}

/** The URL of an engine server holding `directory` that answers /health, if any. */
async function runningServerUrl(directory: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  const candidates: string[] = [];
  try {
    const record = JSON.parse(await readFile(join(directory, 'server.json'), 'utf8')) as { url?: unknown };
    if (typeof record.url === 'string') candidates.push(record.url);
  } catch {
    // No record: the server may predate it; try where a default server listens.
  }
  candidates.push(`http://127.0.0.1:${env.PORT?.trim() || '3001'}`);
  for (const candidate of candidates) if (await engineAnswers(candidate)) return candidate;
  return null;
}

async function withBackend<T>(
  values: Values,
  io: CliIo,
  command: string,
  run: (backend: CliBackend) => Promise<T>,
): Promise<T> {
  const server = values.server ?? io.env.CAE_SERVER_URL?.trim();
  const backend = server
    ? createRemoteBackend(serverUrl(server), { token: io.env.CAE_API_TOKEN?.trim() || undefined })
    : localBackend(await openEngine(io.env, command), 'the embedded store');
  try {
    return await run(backend);
  } finally {
    await backend.close();
  }
}

/** What went wrong, in the words of the error (an unexpected error's own message). */
function reasonOf(error: unknown): string {
  const caeError = toCaeError(error);
  return caeError.code === 'internal' ? (error as Error).message : caeError.message;
}

interface IngestFailure {
  file: string;
  reason: string;
}

async function ingest(values: Values, patterns: string[], io: CliIo): Promise<number> {
  if (patterns.length === 0) throw new Error('ingest needs files or globs');
  const files = (await glob(patterns, { onlyFiles: true, expandDirectories: false })).sort();
  if (files.length === 0) throw new Error(`no files match ${patterns.join(' ')}`);
  const forced = chosenFormat(values);
  const embed = !values['no-embed'];
  const failures: IngestFailure[] = [];
  let clauses = 0;
  const progress = new IngestProgress({
    total: files.length,
    write: io.stderr,
    isTty: io.isTty,
    ...(io.progressIntervalMs === undefined ? {} : { intervalMs: io.progressIntervalMs }),
  });
  const fail = (file: string, error: unknown) => {
    failures.push({ file, reason: reasonOf(error) });
    progress.file(null);
  };
  const remote = Boolean(values.server ?? io.env.CAE_SERVER_URL?.trim());
  const batches = await batchesOf(files, remote ? REMOTE_BATCH_BYTES : Number.POSITIVE_INFINITY);
  await withBackend(values, io, 'ingest', (backend) =>
    backend.bulkLoad(async () => {
      // Batches of files: over HTTP one request each, in-process one ingestMany each (groups of
      // files share a transaction; a group that fails is retried file by file, so one bad file
      // costs only itself).
      for (const batch of batches) {
        let requests: (CompileRequestInput & { documentId: string })[] = [];
        for (const file of batch) {
          try {
            const document = await readDocument(file, forced ?? formatOfFile(file));
            requests.push({
              text: document.text,
              format: document.format,
              documentId: file,
              store: true,
              embed,
            });
          } catch (error) {
            fail(file, error);
          }
        }
        if (backend.ingestMany && requests.length > 0) {
          // The batch in one call, a result per file; a call refused as a whole (over HTTP: too large,
          // or a server without the route) falls back to compileMany or one request per file below.
          // In-process, each file's result is reported as it is known (progress per file).
          const reported = new Set<number>();
          const report = (result: IngestResult) => {
            if (reported.has(result.index)) return;
            reported.add(result.index);
            if (result.status === 'failed') {
              fail(requests[result.index]!.documentId, new Error(result.error?.message ?? 'failed'));
            } else {
              clauses += result.clauseCount;
              progress.file(result.clauseCount);
            }
          };
          let results: IngestResult[] | null = null;
          try {
            results = await backend.ingestMany(requests, report);
          } catch (error) {
            // No answer (the engine unreachable, or no answer in time): the engine may still store
            // the batch, so sending its files again one by one would compile them twice. Each file
            // not yet reported fails with the reason; the next batch is tried as usual.
            if (remote && toCaeError(error).code === 'upstream_failed') {
              requests.forEach((request, index) => {
                if (!reported.has(index)) fail(request.documentId, error);
              });
              continue;
            }
            results = null;
          }
          if (results && results.length === requests.length) {
            for (const result of results) report(result);
            continue;
          }
          // Refused as a whole: the files not yet reported go again below.
          requests = requests.filter((_, index) => !reported.has(index));
          if (requests.length === 0) continue;
        }
        if (!backend.compileMany) {
          // Over HTTP: one request per file, each stored in its own transaction by the server.
          for (const request of requests) {
            try {
              const stored = (await backend.compile(request)).length;
              clauses += stored;
              progress.file(stored);
            } catch (error) {
              fail(request.documentId, error);
            }
          }
          continue;
        }
        const reported = new Map<number, number>();
        try {
          const compiled = await backend.compileMany(requests, (index, documentClauses) => {
            reported.set(index, documentClauses.length);
            progress.file(documentClauses.length);
          });
          clauses += compiled.reduce((sum, document) => sum + document.length, 0);
        } catch {
          for (const [index, request] of requests.entries()) {
            const counted = reported.get(index);
            try {
              const stored = (await backend.compile(request)).length;
              clauses += stored;
              if (counted === undefined) progress.file(stored);
              else progress.adjust(stored - counted, 0);
            } catch (error) {
              if (counted === undefined) fail(request.documentId, error);
              else {
                failures.push({ file: request.documentId, reason: reasonOf(error) });
                progress.adjust(-counted, 1);
              }
            }
          }
        }
      }
    }),
  );
  progress.finish();
  const seconds = progress.elapsedSeconds();
  io.stdout(
    `ingested ${files.length - failures.length} of ${files.length} files: ${clauses} clauses${embed ? ' with embeddings' : ''} in ${seconds.toFixed(1)} s (${(files.length / Math.max(seconds, 1e-3)).toFixed(1)} files/s)\n`,
  );
  if (failures.length > 0) {
    io.stderr(`${failures.length} ${failures.length === 1 ? 'file' : 'files'} failed:\n`);
    for (const failure of failures) io.stderr(`failed: ${failure.file}: ${failure.reason}\n`);
  }
  return failures.length > 0 ? 1 : 0;
}

/** Runs one `cae` command; returns the exit code. */
export async function runCli(argv: string[], io: CliIo = defaultIo): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    io.stdout(`${USAGE}\n`);
    return command || values.help ? 0 : 2;
  }
  try {
    switch (command) {
      case 'compile': {
        const source = rest[0];
        if (!source) throw new Error('compile needs a file, or - for standard input');
        const format = chosenFormat(values) ?? (source === '-' ? 'text' : formatOfFile(source));
        const document =
          source === '-'
            ? format === 'pdf'
              ? (() => {
                  throw new Error('a PDF is read from a file, not from standard input');
                })()
              : { text: await io.stdin(), format }
            : await readDocument(source, format);
        const documentId = source === '-' ? undefined : basename(source);
        const clauses = await withBackend(values, io, command, (backend) =>
          backend.compile({ text: document.text, format: document.format, documentId }),
        );
        io.stdout(
          values.json
            ? `${JSON.stringify(wire.annotatedClauses.toWire(clauses), null, 2)}\n`
            : clauseTable(clauses),
        );
        return 0;
      }
      case 'ingest':
        return await ingest(values, rest, io);
      case 'search':
      case 'ask': {
        const query = rest.join(' ');
        const body = {
          query,
          filters: filtersFrom(values),
          ...(values.limit ? { limit: Number(values.limit) } : {}),
          ...(command === 'ask' && values.fallback ? { include_fallback: true } : {}),
        };
        if (command === 'search') {
          const response = await withBackend(values, io, command, (backend) => backend.retrieve(body));
          if (values.json) io.stdout(`${JSON.stringify(wire.retrieveResponse.toWire(response), null, 2)}\n`);
          else {
            const rows = response.results.map((result, index) => [
              String(index + 1),
              result.rrfScore.toFixed(4),
              result.mood,
              result.processType,
              result.documentId,
              oneLine(result.text, 60),
            ]);
            io.stdout(table(['#', 'score', 'mood', 'process', 'document', 'clause'], rows));
          }
          return 0;
        }
        const answer = await withBackend(values, io, command, (backend) => backend.synthesize(body));
        if (values.json) io.stdout(`${JSON.stringify(wire.synthesizeResponse.toWire(answer), null, 2)}\n`);
        else {
          io.stdout(`${answer.answer}\n\nconfidence ${answer.confidence.toFixed(2)}\n`);
          // The answer's [n] is the n-th cited clause (and the n-th of its context): the list uses the same numbers.
          answer.citedClauseIds.forEach((id, index) => {
            const clause = answer.clauses.find((candidate) => candidate.clauseId === id);
            io.stdout(`[${index + 1}] ${clause?.documentId ?? ''}: ${clause?.text ?? id}\n`);
          });
        }
        return 0;
      }
      case 'doctor': {
        if (values.server ?? io.env.CAE_SERVER_URL?.trim())
          throw new Error('doctor checks the store directly: run it where the store is, without --server');
        const engine = await openEngine(io.env, command);
        let report: Awaited<ReturnType<Engine['checkIntegrity']>>;
        try {
          report = await engine.checkIntegrity();
        } finally {
          await engine.close();
        }
        for (const [check, count] of Object.entries(report.checks))
          io.stdout(
            `${count === 0 ? 'ok  ' : 'FAIL'} ${check.replaceAll('_', ' ')}${count === 0 ? '' : `: ${count}`}\n`,
          );
        if (report.pendingDocuments > 0)
          io.stdout(
            `note ${report.pendingDocuments} documents wait for keyword indexing (the next bulk load indexes them)\n`,
          );
        io.stdout(
          report.ok
            ? 'the store is sound\n'
            : 'the store is damaged: restore it from a backup, or re-ingest the documents named above\n',
        );
        return report.ok ? 0 : 1;
      }
      case 'serve': {
        if (values.server) throw new Error('serve starts a server; --server is for the other commands');
        const server = await startEngineServer({ env: io.env });
        io.stdout(`engine listening on ${server.url}\n`);
        await new Promise<void>((resolve) => {
          for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
        });
        await server.close();
        return 0;
      }
      default:
        io.stderr(`unknown command ${command}\n\n${USAGE}\n`);
        return 2;
    }
  } catch (error) {
    const caeError = toCaeError(error);
    io.stderr(
      `cae ${command}: ${caeError.code === 'internal' ? (error as Error).message : caeError.message}\n`,
    );
    return 1;
  }
}
