/**
 * Mood of every clause, with the rule that decided it and its premises, one JSON line per clause: a
 * dump to compare two versions of the mood rules (a refactoring must leave it byte-identical).
 *
 *   pnpm --filter @cae/pipeline exec tsx --conditions=@cae/source eval/mood-same.ts --out /tmp/x.jsonl \
 *     [--disable RULE,RULE]
 *
 * Texts: UD EWT and GUM train+dev (never a test part), GUM's sentence-type list (train/dev), the
 * hand-annotated SFL sets (sfl-gold, sfl-heldout), the contract samples, and every quoted sentence in
 * the package's tests (so rare rules, which the treebanks seldom reach, are compared too). Prints the
 * number of texts and clauses.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { evalDataDir } from '../../../scripts/eval-data-dir';
import { createPipeline } from '../src/pipeline';
import { readConllu } from './ud-conllu';

const DATA = process.env.CAE_DATA ?? evalDataDir();
const here = dirname(fileURLToPath(import.meta.url));
const arg = (name: string): string | undefined =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const out = arg('--out');
if (out === undefined) throw new Error('mood-same: --out FILE is required');
const disabledRules = (arg('--disable') ?? '').split(',').filter((id) => id !== '');
const pipeline = createPipeline({ clock: () => new Date(0), disabledRules });

const texts: Array<{ id: string; text: string }> = [];
for (const bank of ['ewt', 'gum'])
  for (const split of ['train', 'dev'])
    for (const sentence of readConllu(`${DATA}/ud-${bank}/en_${bank}-ud-${split}.conllu`))
      texts.push({ id: `${bank}/${sentence.id}`, text: sentence.text });
for (const line of readFileSync(`${DATA}/mood/gum-sentence-types.jsonl`, 'utf8').split('\n')) {
  if (line.trim() === '') continue;
  const item = JSON.parse(line) as { text: string; split: string; sent_id: string };
  if (item.split === 'train' || item.split === 'dev')
    texts.push({ id: `gum-types/${item.sent_id}`, text: item.text });
}
for (const file of [
  'sfl-gold.jsonl',
  'sfl-heldout.jsonl',
  'contracts-tuning.jsonl',
  'contracts-heldout.jsonl',
])
  for (const line of readFileSync(resolve(here, file), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const item = JSON.parse(line) as { id: string; text?: string };
    if (typeof item.text === 'string') texts.push({ id: `${file}/${item.id}`, text: item.text });
  }
// Quoted sentences of the tests: a capital or lower-case letter, a space, more than one word.
const QUOTED = /'((?:[^'\\\n]|\\.){6,200})'|"((?:[^"\\\n]|\\.){6,200})"/g;
const src = resolve(here, '../src');
for (const file of readdirSync(src).sort()) {
  if (!file.endsWith('.test.ts')) continue;
  const body = readFileSync(resolve(src, file), 'utf8');
  let count = 0;
  for (const match of body.matchAll(QUOTED)) {
    const raw = (match[1] ?? match[2] ?? '').replace(/\\(.)/g, '$1');
    if (!/^[\p{L}"“'‘(]/u.test(raw) || !raw.includes(' ')) continue;
    count += 1;
    texts.push({ id: `test/${file}#${count}`, text: raw });
  }
}

const lines: string[] = [];
let clauses = 0;
for (const { id, text } of texts) {
  const compiled = pipeline.compile(text, { documentId: 'mood-same' });
  for (let index = 0; index < compiled.length; index += 1) {
    const clause = compiled[index];
    if (clause === undefined) continue;
    const trace = clause.interpersonal.reasoningTrace;
    clauses += 1;
    lines.push(
      JSON.stringify({
        id,
        clause: index,
        text: clause.text,
        mood: clause.interpersonal.mood,
        rule: trace.inferenceRule,
        premises: trace.premises.map((premise) => `${premise.label}=${premise.value}`),
      }),
    );
  }
}
writeFileSync(out, `${lines.join('\n')}\n`);
console.log(`mood-same: ${texts.length} texts, ${clauses} clauses -> ${out}`);
