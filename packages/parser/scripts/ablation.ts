/**
 * Tuning aid: how much each parser and labeller feature is worth on EWT + GUM dev, measured by dropping it
 * from the trained model at prediction time (no retraining). Features are numbered by their position in the
 * output of parserFeatures / labelerFeatures; PARSER_MASK / LABEL_MASK (comma-separated positions) drop
 * several at once, ABLATE=parser|label|none limits the sweep.
 */

import { readFileSync } from 'node:fs';
import { evalDataDir } from '../../../scripts/eval-data-dir';
import { readConllu } from '../src/conllu';
import { bestLabel, bestLegal, onlyLegal } from '../src/dependency-parser';
import { LinearModel } from '../src/linear-model';
import { DEFAULT_MODEL_PATH } from '../src/load-parser';
import { deserializeModel } from '../src/model-format';
import {
  coarseTags,
  LABELER_FEATURE_COUNT,
  labelerFeatures,
  PARSER_FEATURE_COUNT,
  parserFeatures,
  parserInput,
} from '../src/parser-features';
import { Tagger } from '../src/tagger';
import { ParseState, SHIFT, TRANSITION_COUNT } from '../src/transition-system';

const bundle = deserializeModel(readFileSync(process.env.MODEL_PATH ?? DEFAULT_MODEL_PATH));
const tagger = new Tagger(bundle.tagger);
const transitions = new LinearModel(bundle.parser.transitions);
const labeler = new LinearModel(bundle.parser.labeler);
const labels = bundle.parser.labels;
const rootLabel = labels.indexOf('root');
const punctLabel = labels.indexOf('punct');
const punctuation = Uint8Array.from(bundle.parser.tagClasses, (n) => (n.startsWith('PUNCT ') ? 1 : 0));
const coarse = coarseTags(bundle.parser.tagClasses);
const dir = evalDataDir();
const sentences = [
  ...readConllu(`${dir}/ud-ewt/en_ewt-ud-dev.conllu`),
  ...readConllu(`${dir}/ud-gum/en_gum-ud-dev.conllu`),
];
const tags = sentences.map((s) => tagger.tagClasses(s.words));
const features = new Uint32Array(128);
const tScores = new Int32Array(TRANSITION_COUNT);
const lScores = new Int32Array(labels.length);

function run(maskParser: number, maskLabel: number): { uas: number; las: number } {
  let words = 0;
  let uas = 0;
  let las = 0;
  sentences.forEach((sentence, s) => {
    const input = parserInput(sentence.words, tags[s]!, coarse);
    const state = new ParseState(sentence.words.length);
    while (!state.isTerminal()) {
      let t = onlyLegal(state);
      if (t === undefined) {
        const count = parserFeatures(state, input, features);
        if (maskParser >= 0) features[maskParser] = 0;
        for (const k of parserMask) features[k] = 0;
        transitions.score(features, count, tScores);
        t = bestLegal(state, tScores);
      }
      let label = -1;
      if (t !== SHIFT) {
        const head = state.headFor(t);
        const dep = state.stackItem(0);
        if (head === 0) label = rootLabel;
        else if (punctuation[input.tags[dep]!] === 1) label = punctLabel;
        else {
          const count = labelerFeatures(state, input, head, dep, features);
          if (maskLabel >= 0) features[maskLabel] = 0;
          for (const k of labelMask) features[k] = 0;
          labeler.score(features, count, lScores);
          label = bestLabel(lScores, labels.length, rootLabel, head);
        }
      }
      state.apply(t, label);
    }
    sentence.words.forEach((_, i) => {
      words++;
      if (state.heads[i + 1] !== sentence.heads[i]) return;
      uas++;
      if (labels[state.labels[i + 1]!]!.split(':')[0] === sentence.deprels[i]!.split(':')[0]) las++;
    });
  });
  return { uas: (100 * uas) / words, las: (100 * las) / words };
}

const parserMask = (process.env.PARSER_MASK ?? '').split(',').filter(Boolean).map(Number);
const labelMask = (process.env.LABEL_MASK ?? '').split(',').filter(Boolean).map(Number);
const base = run(-1, -1);
console.log(`base UAS ${base.uas.toFixed(2)} LAS ${base.las.toFixed(2)}`);
const which = process.env.ABLATE ?? 'both';
if (which === 'none') process.exit(0);
if (which !== 'label')
  for (let k = 1; k < PARSER_FEATURE_COUNT; k++) {
    const r = run(k, -1);
    console.log(`parser ${k} dUAS ${(r.uas - base.uas).toFixed(2)} dLAS ${(r.las - base.las).toFixed(2)}`);
  }
if (which !== 'parser')
  for (let k = 1; k < LABELER_FEATURE_COUNT; k++) {
    const r = run(-1, k);
    console.log(`label ${k} dLAS ${(r.las - base.las).toFixed(2)}`);
  }
