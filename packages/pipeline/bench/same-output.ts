/**
 * Identical-output check for speed work: compiles a fixed real corpus with two builds of the pipeline and
 * diffs the JSON of every clause (all fields, reasoning traces included).
 *
 * The corpus: the sentences of UD EWT dev and GUM dev joined into their documents (`# newdoc`), and 20
 * CUAD contracts (every 25th of cuad-0001 .. cuad-0500), each compiled as one plain-text document with a
 * fixed clock; one EWT document also as Markdown, so the heading path runs too.
 *
 *   # before changing anything: keep the build of the reference commit
 *   pnpm --filter @cae/pipeline build
 *   mkdir -p packages/pipeline/node_modules/.same-output
 *   cp packages/pipeline/dist/index.js packages/pipeline/node_modules/.same-output/baseline.js
 *   # after the change
 *   pnpm --filter @cae/pipeline build && pnpm --filter @cae/pipeline exec tsx bench/same-output.ts
 *
 * Arguments: `--baseline <file>` (default node_modules/.same-output/baseline.js, which node_modules keeps
 * out of git and lets resolve the package's dependencies), `--candidate <file>` (default dist/index.js).
 * Exits 1 on the first document whose clauses differ, printing the first differing clause of each build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { evalDataDir } from '../../../scripts/eval-data-dir';

interface Doc {
  readonly id: string;
  readonly text: string;
  readonly format?: 'text' | 'markdown';
}

type Compile = (text: string, options: { documentId: string; format?: 'text' | 'markdown' }) => unknown[];

function argument(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1]! : fallback;
}

/** The sentences of a CoNLL-U file grouped by `# newdoc`, each document's sentences joined by a space. */
function conlluDocuments(path: string, prefix: string): Doc[] {
  const docs: Doc[] = [];
  let sentences: string[] = [];
  let id = `${prefix}-0`;
  const flush = () => {
    if (sentences.length > 0) docs.push({ id, text: sentences.join(' ') });
    sentences = [];
  };
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('# newdoc')) {
      flush();
      id = `${prefix}-${line.replace(/^# newdoc( id)? ?=? ?/, '')}`;
    } else if (line.startsWith('# text = ')) sentences.push(line.slice(9));
  }
  flush();
  return docs;
}

export function sameOutputCorpus(dataDir: string): Doc[] {
  const docs = [
    ...conlluDocuments(`${dataDir}/ud-ewt/en_ewt-ud-dev.conllu`, 'ewt'),
    ...conlluDocuments(`${dataDir}/ud-gum/en_gum-ud-dev.conllu`, 'gum'),
  ];
  const cuad = readdirSync(`${dataDir}/contracts/cuad`)
    .filter((name) => /^cuad-\d{4}\.txt$/.test(name))
    .sort()
    .filter((_, index) => index % 25 === 0)
    .slice(0, 20);
  for (const name of cuad)
    docs.push({ id: name, text: readFileSync(`${dataDir}/contracts/cuad/${name}`, 'utf8') });
  // A Markdown document built from the first GUM document's sentences, with headings.
  const gum = docs.find((doc) => doc.id.startsWith('gum-'));
  if (gum) {
    const parts = gum.text.split(/(?<=[.!?]) /);
    const markdown = parts
      .map((sentence, index) =>
        index % 12 === 0 ? `\n\n## Part ${index / 12 + 1}\n\n${sentence}` : sentence,
      )
      .join(' ');
    docs.push({ id: `${gum.id}-markdown`, text: markdown, format: 'markdown' });
  }
  return docs;
}

async function load(file: string): Promise<Compile> {
  const module = (await import(pathToFileURL(file).href)) as {
    createPipeline: (options: object) => { compile: Compile };
  };
  const fixed = new Date('2026-01-01T00:00:00.000Z');
  const pipeline = module.createPipeline({ maxLength: 20_000_000, clock: () => fixed });
  return (text, options) => pipeline.compile(text, options);
}

async function main(): Promise<void> {
  const here = fileURLToPath(new URL('..', import.meta.url));
  const baselineFile = argument('--baseline', `${here}node_modules/.same-output/baseline.js`);
  const candidateFile = argument('--candidate', `${here}dist/index.js`);
  const baseline = await load(baselineFile);
  const candidate = await load(candidateFile);
  const docs = sameOutputCorpus(process.env.CAE_DATA ?? evalDataDir());
  let clauses = 0;
  let words = 0;
  let bytes = 0;
  for (const doc of docs) {
    const options = { documentId: doc.id, ...(doc.format ? { format: doc.format } : {}) };
    const a = baseline(doc.text, options).map((clause) => JSON.stringify(clause));
    const b = candidate(doc.text, options).map((clause) => JSON.stringify(clause));
    words += doc.text.split(/\s+/).filter(Boolean).length;
    bytes += doc.text.length;
    const count = Math.max(a.length, b.length);
    for (let index = 0; index < count; index += 1) {
      if (a[index] !== b[index]) {
        console.log(
          `DIFFERENT: ${doc.id}, clause ${index} of ${a.length} (baseline) / ${b.length} (candidate)`,
        );
        console.log(`baseline:  ${a[index]}`);
        console.log(`candidate: ${b[index]}`);
        process.exit(1);
      }
    }
    clauses += count;
  }
  console.log(
    `identical: ${docs.length} documents, ${(bytes / 1e6).toFixed(2)} MB, ${words} words, ${clauses} clauses (JSON of every clause, all fields)`,
  );
}

await main();
