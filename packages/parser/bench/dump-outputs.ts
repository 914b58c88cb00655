/**
 * Writes everything the parser says about a set of sentences, so that two versions of the runtime can be
 * compared byte for byte (a speed change must not change a tag, feature, lemma, head or label):
 *
 *   git archive <base> packages/parser/src | tar -x -C /tmp/base
 *   tsx --conditions=@cae/source bench/dump-outputs.ts /tmp/base/packages/parser/src > /tmp/base.txt
 *   tsx --conditions=@cae/source bench/dump-outputs.ts src > /tmp/new.txt
 *   cmp /tmp/base.txt /tmp/new.txt
 *
 * The first argument is the `src` folder whose code is run (default: this package's); both runs use this
 * package's model (or MODEL_PATH). The sets are EWT dev, GUM dev and EWT train (or DUMP_SETS, comma-separated
 * paths under the evaluation data folder). Each set goes through `parse` sentence by sentence, `parseMany` in
 * batches of 64 (as pass 1 calls it) and `tag`; every seventh sentence of the `parse` pass also gets a
 * constraining tag set per word (as the pipeline passes wink-nlp's), so that path is compared too.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { evalDataDir } from '../../../scripts/eval-data-dir';
import { readConllu } from '../src/conllu';

interface Word {
  word: string;
  upos: string;
  xpos: string;
  feats: Record<string, string>;
  lemma: string;
  head?: number;
  deprel?: string;
}
interface Runtime {
  loadModel(path?: string): {
    tag(words: readonly string[], options?: object): Word[];
    parse(words: readonly string[], options?: object): Word[];
    parseMany(sentences: readonly (readonly string[])[], options?: readonly (object | undefined)[]): Word[][];
  };
  DEFAULT_MODEL_PATH: string;
}

const srcDir = resolve(process.argv[2] ?? new URL('../src', import.meta.url).pathname);
const runtime = (await import(pathToFileURL(`${srcDir}/load-parser.ts`).href)) as Runtime;
const ownRuntime = (await import('../src/load-parser')) as unknown as Runtime;
const parser = runtime.loadModel(process.env.MODEL_PATH ?? ownRuntime.DEFAULT_MODEL_PATH);
const sets = (
  process.env.DUMP_SETS ??
  'ud-ewt/en_ewt-ud-dev.conllu,ud-gum/en_gum-ud-dev.conllu,ud-ewt/en_ewt-ud-train.conllu'
).split(',');

const ALLOWED = [new Set(['NOUN', 'VERB']), new Set(['ADJ']), undefined, new Set(['PROPN', 'X'])];

const line = (word: Word): string =>
  [
    word.word,
    word.upos,
    word.xpos,
    Object.entries(word.feats)
      .map(([name, value]) => `${name}=${value}`)
      .join('|'),
    word.lemma,
    word.head ?? '',
    word.deprel ?? '',
  ].join('\t');

const out: string[] = [];
const flush = () => {
  process.stdout.write(`${out.join('\n')}\n`);
  out.length = 0;
};
for (const set of sets) {
  const sentences = readConllu(`${evalDataDir()}/${set}`).map((sentence) => sentence.words);
  out.push(`# ${set} parse`);
  sentences.forEach((words, s) => {
    const allowed = s % 7 === 3 ? words.map((_, i) => ALLOWED[i % ALLOWED.length]) : undefined;
    for (const word of parser.parse(words, allowed ? { allowed } : {})) out.push(line(word));
    out.push('');
    if (out.length > 10000) flush();
  });
  out.push(`# ${set} parseMany`);
  for (let start = 0; start < sentences.length; start += 64) {
    for (const parsed of parser.parseMany(sentences.slice(start, start + 64))) {
      for (const word of parsed) out.push(line(word));
      out.push('');
    }
    if (out.length > 10000) flush();
  }
  out.push(`# ${set} tag`);
  for (const words of sentences) {
    for (const word of parser.tag(words)) out.push(line(word));
    out.push('');
    if (out.length > 10000) flush();
  }
  flush();
}
