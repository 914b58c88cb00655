import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { type AnnotatedClause, toCaeError, wire } from '@cae/core';
import { createEngine, type Engine } from '@cae/engine';
import { glob } from 'tinyglobby';
import { engineConfigFromEnv } from './engine-env';
import { startEngineServer } from './server';

const USAGE = `cae: the clause annotation engine without a server

  cae compile <file|->            compile text; prints a table (--json for wire JSON)
  cae ingest <files or globs...>  compile, store and embed files (--no-embed to skip vectors)
  cae search "<query>"            hybrid retrieval  [--limit N] [filters]
  cae ask "<question>"            answer with cited clauses  [--limit N] [--fallback] [filters]
  cae doctor                      check the store's integrity (counts, statistics, references)
  cae serve                       start the HTTP engine (HOST, PORT)

filters: --mood M --process-type P --source-type S --min-modality X --max-modality X
         --min-tenor X --max-tenor X --document-id D
data:    CAE_DATA_DIR (default ./.cae) or DATABASE_URL, as the server uses`;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  stdin: () => Promise<string>;
  isTty: boolean;
  env: NodeJS.ProcessEnv;
}

/** Files stored per transaction by `cae ingest`. */
const INGEST_BATCH = 50;

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
  limit: { type: 'string' },
  mood: { type: 'string' },
  'process-type': { type: 'string' },
  'source-type': { type: 'string' },
  'min-modality': { type: 'string' },
  'max-modality': { type: 'string' },
  'min-tenor': { type: 'string' },
  'max-tenor': { type: 'string' },
  'document-id': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

function filtersFrom(values: Values): Record<string, unknown> {
  const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  const filters: Record<string, unknown> = {
    mood: values.mood,
    process_type: values['process-type'],
    source_type: values['source-type'],
    min_modality: number(values['min-modality']),
    max_modality: number(values['max-modality']),
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
    clause.text.length > 70 ? `${clause.text.slice(0, 67)}...` : clause.text,
  ]);
  return table(['sent', 'mood', 'process', 'modal', 'tenor', 'clause'], rows);
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

async function withEngine<T>(
  env: NodeJS.ProcessEnv,
  command: string,
  run: (engine: Engine) => Promise<T>,
): Promise<T> {
  // The CLI shares the server's composition root: the same variables mean the same store and engine.
  const engine = await createEngine(engineConfigFromEnv(env, `cae ${command}`).engine);
  try {
    return await run(engine);
  } finally {
    await engine.close();
  }
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
        const text = source === '-' ? await io.stdin() : await readFile(source, 'utf8');
        const documentId = source === '-' ? undefined : basename(source);
        const clauses = await withEngine(io.env, command, (engine) => engine.compile({ text, documentId }));
        io.stdout(
          values.json
            ? `${JSON.stringify(wire.annotatedClauses.toWire(clauses), null, 2)}\n`
            : clauseTable(clauses),
        );
        return 0;
      }
      case 'ingest': {
        if (rest.length === 0) throw new Error('ingest needs files or globs');
        const files = (await glob(rest, { onlyFiles: true, expandDirectories: false })).sort();
        if (files.length === 0) throw new Error(`no files match ${rest.join(' ')}`);
        const embed = !values['no-embed'];
        const started = performance.now();
        let clauses = 0;
        const failures: string[] = [];
        let done = 0;
        const progress = () => {
          const width = 30;
          const filled = Math.round((done / files.length) * width);
          const bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${files.length} files, ${clauses} clauses`;
          io.stderr(io.isTty ? `\r${bar}` : done === files.length || done % 50 === 0 ? `${bar}\n` : '');
        };
        await withEngine(io.env, command, (engine) =>
          engine.bulkLoad(async () => {
            // Batches of files share one transaction (Engine.compileMany); a batch that fails is
            // retried file by file, so one bad file costs only itself.
            for (let start = 0; start < files.length; start += INGEST_BATCH) {
              const batch = files.slice(start, start + INGEST_BATCH);
              const texts: { file: string; text: string }[] = [];
              for (const file of batch) {
                try {
                  texts.push({ file, text: await readFile(file, 'utf8') });
                } catch (error) {
                  failures.push(`${file}: ${toCaeError(error).message}`);
                }
              }
              const requests = texts.map(({ file, text }) => ({
                text,
                documentId: file,
                store: true,
                embed,
              }));
              try {
                const compiled = await engine.compileMany(requests);
                clauses += compiled.reduce((sum, document) => sum + document.length, 0);
              } catch {
                for (const request of requests) {
                  try {
                    clauses += (await engine.compile(request)).length;
                  } catch (error) {
                    failures.push(`${request.documentId}: ${toCaeError(error).message}`);
                  }
                }
              }
              done += batch.length;
              progress();
            }
          }),
        );
        if (io.isTty) io.stderr('\n');
        const seconds = (performance.now() - started) / 1000;
        io.stdout(
          `ingested ${files.length - failures.length} of ${files.length} files: ${clauses} clauses${embed ? ' with embeddings' : ''} in ${seconds.toFixed(1)} s\n`,
        );
        for (const failure of failures) io.stderr(`failed: ${failure}\n`);
        return failures.length > 0 ? 1 : 0;
      }
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
          const response = await withEngine(io.env, command, (engine) =>
            engine.retrieve(wire.retrieveRequest.fromWire(body)),
          );
          if (values.json) io.stdout(`${JSON.stringify(wire.retrieveResponse.toWire(response), null, 2)}\n`);
          else {
            const rows = response.results.map((result, index) => [
              String(index + 1),
              result.rrfScore.toFixed(4),
              result.mood,
              result.processType,
              result.documentId,
              result.text.length > 60 ? `${result.text.slice(0, 57)}...` : result.text,
            ]);
            io.stdout(table(['#', 'score', 'mood', 'process', 'document', 'clause'], rows));
          }
          return 0;
        }
        const answer = await withEngine(io.env, command, (engine) =>
          engine.synthesize(wire.synthesizeRequest.fromWire(body)),
        );
        if (values.json) io.stdout(`${JSON.stringify(wire.synthesizeResponse.toWire(answer), null, 2)}\n`);
        else {
          io.stdout(`${answer.answer}\n\nconfidence ${answer.confidence.toFixed(2)}\n`);
          // The answer's [n] is the n-th clause of its context: the list uses the same numbers.
          for (const id of answer.citedClauseIds) {
            const position = answer.clauses.findIndex((candidate) => candidate.clauseId === id);
            const clause = answer.clauses[position];
            io.stdout(`[${position + 1}] ${clause?.documentId ?? ''}: ${clause?.text ?? id}\n`);
          }
        }
        return 0;
      }
      case 'doctor': {
        const report = await withEngine(io.env, command, (engine) => engine.checkIntegrity());
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
