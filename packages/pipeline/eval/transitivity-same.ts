/**
 * Dumps the whole `ideational` analysis (process type, voice, participants, circumstances, raw
 * transitivity) and the reasoning trace of every clause of a fixed corpus, one JSON line per clause,
 * so that a refactoring of the transitivity rules can be checked to give identical outputs: run it on
 * the code before and after and diff the two files.
 *
 *   pnpm --filter @cae/pipeline exec tsx --conditions=@cae/source eval/transitivity-same.ts --out FILE
 *     [--every N] [--contracts N]
 *
 * The corpus: UD EWT and GUM train+dev sentences (never the test parts), the first N CUAD contracts
 * (default 20), and the held-out/tuning sets kept in eval/ (SFL gold and held-out, contract tuning and
 * held-out sets). `--every N` keeps every Nth UD sentence (a quick check while working).
 */

import { createHash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { evalDataDir } from '../../../scripts/eval-data-dir';
import { createPipeline } from '../src/pipeline';
import { readConllu } from './ud-conllu';

const DATA = process.env.CAE_DATA ?? evalDataDir();
const arg = (name: string): string | undefined =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const outPath = arg('--out');
if (outPath === undefined) throw new Error('transitivity-same: --out FILE is required');
const every = Number(arg('--every') ?? '1');
const contractCount = Number(arg('--contracts') ?? '20');
const pipeline = createPipeline({ clock: () => new Date(0) });
const out = openSync(outPath, 'w');
const digest = createHash('sha256');
let clauses = 0;
let documents = 0;

function dump(source: string, text: string): void {
  documents += 1;
  const compiled = pipeline.compile(text, { documentId: 'transitivity-same' });
  for (const clause of compiled) {
    const trace = clause.interpersonal.reasoningTrace;
    const line = JSON.stringify({
      source,
      start: clause.syntactic.start,
      text: clause.syntactic.text,
      ideational: clause.ideational,
      rules: trace.rules,
      premises: trace.premises,
      inferenceRule: trace.inferenceRule,
    });
    writeSync(out, `${line}\n`);
    digest.update(line);
    clauses += 1;
  }
}

const here = new URL('.', import.meta.url);
for (const [set, file] of [
  ['ud-ewt', 'en_ewt-ud-train.conllu'],
  ['ud-ewt', 'en_ewt-ud-dev.conllu'],
  ['ud-gum', 'en_gum-ud-train.conllu'],
  ['ud-gum', 'en_gum-ud-dev.conllu'],
] as const) {
  const sentences = readConllu(`${DATA}/${set}/${file}`);
  sentences.forEach((sentence, index) => {
    if (index % every === 0) dump(`${set}/${sentence.id}`, sentence.text);
  });
}
const contracts = readdirSync(`${DATA}/contracts/cuad`)
  .filter((name) => /^cuad-00\d\d\.txt$/.test(name))
  .sort()
  .slice(0, contractCount);
for (const name of contracts) dump(`cuad/${name}`, readFileSync(`${DATA}/contracts/cuad/${name}`, 'utf8'));
for (const name of [
  'sfl-gold.jsonl',
  'sfl-heldout.jsonl',
  'contracts-tuning.jsonl',
  'contracts-heldout.jsonl',
]) {
  for (const line of readFileSync(new URL(name, here), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const item = JSON.parse(line) as { id?: string; text?: string };
    if (typeof item.text === 'string') dump(`${name}/${item.id ?? ''}`, item.text);
  }
}
closeSync(out);
console.log(
  `transitivity-same: ${documents} documents, ${clauses} clauses, sha256 ${digest.digest('hex').slice(0, 16)} -> ${outPath}`,
);
