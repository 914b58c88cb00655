/** Tuning aid: dev UPOS/UAS/LAS of the shipped model with rows pruned at several thresholds (no retraining). */
import { readFileSync } from 'node:fs';
import { evalDataDir } from '../../../scripts/eval-data-dir';
import { readConllu } from '../src/conllu';
import { EnglishParser } from '../src/english-parser';
import type { LinearModelData } from '../src/linear-model';
import { DEFAULT_MODEL_PATH } from '../src/load-parser';
import { deserializeModel } from '../src/model-format';

function prune(data: LinearModelData, min: number): LinearModelData {
  const keys: number[] = [];
  const rowStarts: number[] = [0];
  const classes: number[] = [];
  const weights: number[] = [];
  for (let row = 0; row < data.keys.length; row++) {
    let strongest = 0;
    for (let j = data.rowStarts[row]!; j < data.rowStarts[row + 1]!; j++)
      strongest = Math.max(strongest, Math.abs(data.weights[j]!));
    if (strongest < min) continue;
    keys.push(data.keys[row]!);
    for (let j = data.rowStarts[row]!; j < data.rowStarts[row + 1]!; j++) {
      classes.push(data.classes[j]!);
      weights.push(data.weights[j]!);
    }
    rowStarts.push(classes.length);
  }
  return {
    classCount: data.classCount,
    keys: Uint32Array.from(keys),
    rowStarts: Uint32Array.from(rowStarts),
    classes: Uint8Array.from(classes),
    weights: Int16Array.from(weights),
  };
}

const dir = evalDataDir();
const sentences = [
  ...readConllu(`${dir}/ud-ewt/en_ewt-ud-dev.conllu`),
  ...readConllu(`${dir}/ud-gum/en_gum-ud-dev.conllu`),
];
const which = (process.env.PRUNE ?? 'transitions') as 'transitions' | 'labeler' | 'tagger';
const thresholds = (process.env.THRESHOLDS ?? '0,400,800,1200,1600,2400').split(',').map(Number);
for (const min of thresholds) {
  const bundle = deserializeModel(readFileSync(process.env.MODEL_PATH ?? DEFAULT_MODEL_PATH));
  if (which === 'tagger') bundle.tagger.weights = prune(bundle.tagger.weights, min);
  else bundle.parser[which] = prune(bundle.parser[which], min);
  const rows = which === 'tagger' ? bundle.tagger.weights.keys.length : bundle.parser[which].keys.length;
  const parser = new EnglishParser(bundle);
  let words = 0;
  let upos = 0;
  let uas = 0;
  let las = 0;
  for (const sentence of sentences) {
    const parsed = parser.parse(sentence.words);
    parsed.forEach((word, i) => {
      words++;
      if (word.upos === sentence.upos[i]) upos++;
      if (word.head !== sentence.heads[i]) return;
      uas++;
      if (word.deprel.split(':')[0] === sentence.deprels[i]!.split(':')[0]) las++;
    });
  }
  const pct = (n: number) => ((100 * n) / words).toFixed(2);
  console.log(`${which} min ${min}: rows ${rows} UPOS ${pct(upos)} UAS ${pct(uas)} LAS ${pct(las)}`);
}
