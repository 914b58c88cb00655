/**
 * Ablation of the POS corrections on the dev parts (`pnpm eval:ablation`): for each rule of
 * POS_FIRST_RULES and POS_RULES, the figures with the rule switched off (`createPipeline({ disabledRules
 * })`) against all rules on. A rule can only change the sentences where its `when` held, so the
 * baseline records those (by wrapping each rule's `when` here, in the script only) and each ablation
 * recompiles just them. The rules of the tagger itself (POS.VERBLESS_SENTENCE, POS.INITIAL_VERB_UNLISTED,
 * POS.EXPLETIVE_THERE; the tree repairs TREE.ADJACENT_SUBJECTS, TREE.FRONTED_PARTICIPLE) recompile
 * everything (`--merge-rules`, slower). Prints a Markdown table: the change in each figure when the rule is switched off (negative: the rule helps).
 */
import { readFileSync } from 'node:fs';
import { evalDataDir } from '../../../scripts/eval-data-dir';
import { createPipeline, type Pipeline } from '../src/pipeline';
import { POS_FIRST_RULES, POS_RULES, type PosContext } from '../src/pos-corrector';
import { type PosSource, tagText } from '../src/syntax-tagger';
import { type Coarse, coarse, fourWay, goldFourWay, sentenceMood } from './moods';
import { goldClauseCount, readConllu, type UdSentence } from './ud-conllu';

const DATA = process.env.CAE_DATA ?? evalDataDir();
const ewt = readConllu(`${DATA}/ud-ewt/en_ewt-ud-dev.conllu`);
const gumTrees = readConllu(`${DATA}/ud-gum/en_gum-ud-dev.conllu`);
const gumTypes = readFileSync(`${DATA}/mood/gum-sentence-types.jsonl`, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as { text: string; s_type: string; split: string })
  .filter((item) => item.split === 'dev');

/** What one item contributes to the figures. */
interface Outcome {
  /** Aligned gold words and how many of them carry the gold UPOS. */
  aligned: number;
  upos: number;
  mood: string;
  clauses: number;
}
type Item =
  | { kind: 'ewt'; sentence: UdSentence }
  | { kind: 'gum-tree'; sentence: UdSentence }
  | { kind: 'gum-type'; text: string; type: string };
const items: Item[] = [
  ...ewt.map((sentence) => ({ kind: 'ewt' as const, sentence })),
  ...gumTrees.map((sentence) => ({ kind: 'gum-tree' as const, sentence })),
  ...gumTypes.map((item) => ({ kind: 'gum-type' as const, text: item.text, type: item.s_type })),
];

function uposOf(sentence: UdSentence, disabled: ReadonlySet<string>): { aligned: number; upos: number } {
  const tagged = tagText(sentence.text, { disabledRules: disabled, ...sourceOptions });
  const bySpan = new Map<string, number>();
  for (let index = 0; index < tagged.values.length; index += 1)
    bySpan.set(`${tagged.starts[index]}:${tagged.ends[index]}`, index);
  let aligned = 0;
  let upos = 0;
  for (const token of sentence.tokens) {
    const ours = bySpan.get(`${token.start}:${token.end}`);
    if (ours === undefined) continue;
    aligned += 1;
    if (tagged.pos[ours] === token.upos) upos += 1;
  }
  return { aligned, upos };
}

function run(item: Item, pipeline: Pipeline, disabled: ReadonlySet<string>): Outcome {
  if (item.kind === 'gum-tree') return { ...uposOf(item.sentence, disabled), mood: '', clauses: 0 };
  const text = item.kind === 'ewt' ? item.sentence.text : item.text;
  const clauses = pipeline.compile(text, { documentId: 'ablation' });
  const base = item.kind === 'ewt' ? uposOf(item.sentence, disabled) : { aligned: 0, upos: 0 };
  return { ...base, mood: sentenceMood(clauses), clauses: clauses.length };
}

interface Figures {
  ewtUpos: number;
  gumUpos: number;
  ewtMood: number;
  ewtFourWay: number;
  ewtClauses: number;
  gumDeclKept: number;
  gumNonClausalF1: number;
  gumMood: number;
}
const GUM_COARSE: Record<string, Coarse> = {
  decl: 'declarative',
  q: 'interrogative',
  wh: 'interrogative',
  imp: 'imperative',
};

function figures(outcomes: readonly Outcome[]): Figures {
  let ewtAligned = 0;
  let ewtUpos = 0;
  let gumAligned = 0;
  let gumUpos = 0;
  let ewtN = 0;
  let ewtMood = 0;
  let ewtFour = 0;
  let ewtExact = 0;
  let decl = 0;
  let kept = 0;
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let gumN = 0;
  let gumMood = 0;
  items.forEach((item, index) => {
    const outcome = outcomes[index] as Outcome;
    if (item.kind === 'gum-tree') {
      gumAligned += outcome.aligned;
      gumUpos += outcome.upos;
      return;
    }
    if (item.kind === 'ewt') {
      const { sentence } = item;
      ewtAligned += outcome.aligned;
      ewtUpos += outcome.upos;
      ewtN += 1;
      const root = sentence.tokens.find((token) => token.head === 0);
      const gold: Coarse = root?.feats.includes('Mood=Imp')
        ? 'imperative'
        : sentence.text.trim().endsWith('?')
          ? 'interrogative'
          : 'declarative';
      if (coarse(outcome.mood) === gold) ewtMood += 1;
      if (fourWay(outcome.mood) === goldFourWay(sentence)) ewtFour += 1;
      if (outcome.clauses === goldClauseCount(sentence)) ewtExact += 1;
      return;
    }
    if (item.type === 'decl') {
      decl += 1;
      if (outcome.mood === 'declarative') kept += 1;
    }
    const goldNc = item.type === 'frag' || item.type === 'intj';
    const oursNc = outcome.mood === 'fragment' || outcome.mood === 'minor';
    if (goldNc && oursNc) tp += 1;
    else if (oursNc) fp += 1;
    else if (goldNc) fn += 1;
    const label = GUM_COARSE[item.type];
    if (label !== undefined) {
      gumN += 1;
      if (coarse(outcome.mood) === label) gumMood += 1;
    }
  });
  return {
    ewtUpos: ewtUpos / ewtAligned,
    gumUpos: gumUpos / gumAligned,
    ewtMood: ewtMood / ewtN,
    ewtFourWay: ewtFour / ewtN,
    ewtClauses: ewtExact / ewtN,
    gumDeclKept: kept / decl,
    gumNonClausalF1: tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn),
    gumMood: gumMood / gumN,
  };
}

// Baseline with every rule on, recording which items each rule's `when` held in.
const claims = new Map<string, Set<number>>();
const tokensClaimed = new Map<string, number>();
let current = -1;
for (const rule of [...POS_FIRST_RULES, ...POS_RULES]) {
  const when = rule.when;
  claims.set(rule.id, new Set());
  tokensClaimed.set(rule.id, 0);
  (rule as { when: (c: PosContext) => boolean }).when = (c) => {
    if (!when(c)) return false;
    if (current < 0) return true;
    claims.get(rule.id)?.add(current);
    tokensClaimed.set(rule.id, (tokensClaimed.get(rule.id) ?? 0) + 1);
    return true;
  };
}
/** `--show` prints up to three dev items per rule whose figures change (for tuning, on stderr). */
const show = process.argv.includes('--show');
/** `--pos-source wink|parser`: the pass 1 to ablate (default: the pipeline's default). */
const sourceArg = process.argv.includes('--pos-source')
  ? process.argv[process.argv.indexOf('--pos-source') + 1]
  : undefined;
const posSource: PosSource | undefined =
  sourceArg === 'wink' || sourceArg === 'parser' ? sourceArg : undefined;
const sourceOptions = posSource === undefined ? {} : { posSource };
const none: ReadonlySet<string> = new Set();
const all = createPipeline({ clock: () => new Date(0), ...sourceOptions });
const started = Date.now();
const baseline = items.map((item, index) => {
  current = index;
  return run(item, all, none);
});
current = -1;
const base = figures(baseline);
console.error(`baseline: ${items.length} items in ${((Date.now() - started) / 1000).toFixed(0)} s`);

const columns: ReadonlyArray<readonly [keyof Figures, string]> = [
  ['ewtUpos', 'UPOS EWT'],
  ['gumUpos', 'UPOS GUM'],
  ['ewtMood', 'mood EWT'],
  ['ewtFourWay', 'four-way EWT'],
  ['ewtClauses', 'clauses exact EWT'],
  ['gumDeclKept', 'decl kept GUM'],
  ['gumNonClausalF1', 'non-clausal F1 GUM'],
  ['gumMood', 'mood GUM'],
];
const points = (value: number) => (value * 100).toFixed(2);
const signed = (value: number) => `${value > 0 ? '+' : ''}${(value * 100).toFixed(2)}`;
console.log(`| rule | tokens taken (dev) | items | ${columns.map(([, name]) => `Δ ${name}`).join(' | ')} |`);
console.log(`|---|---|---|${columns.map(() => '---').join('|')}|`);
console.log(
  `| (all rules on) | - | ${items.length} | ${columns.map(([key]) => points(base[key])).join(' | ')} |`,
);
function report(id: string, outcomes: readonly Outcome[], taken: string, changed: number): void {
  const off = figures(outcomes);
  console.log(
    `| ${id} off | ${taken} | ${changed} | ${columns.map(([key]) => signed(off[key] - base[key])).join(' | ')} |`,
  );
}
for (const rule of [...POS_FIRST_RULES, ...POS_RULES]) {
  const disabled = new Set([rule.id]);
  const pipeline = createPipeline({ clock: () => new Date(0), disabledRules: [rule.id], ...sourceOptions });
  const outcomes = baseline.slice();
  const touched = [...(claims.get(rule.id) ?? [])];
  const shown: string[] = [];
  for (const index of touched) {
    const item = items[index] as Item;
    outcomes[index] = run(item, pipeline, disabled);
    const before = baseline[index] as Outcome;
    const after = outcomes[index] as Outcome;
    if (show && shown.length < 3 && (before.upos !== after.upos || before.mood !== after.mood))
      shown.push(
        `${item.kind === 'gum-type' ? item.text : item.sentence.text} (UPOS ${before.upos} -> ${after.upos}, mood ${before.mood} -> ${after.mood})`,
      );
  }
  for (const line of shown) console.error(`${rule.id} off: ${line}`);
  report(rule.id, outcomes, String(tokensClaimed.get(rule.id) ?? 0), touched.length);
}
if (process.argv.includes('--merge-rules')) {
  for (const id of [
    'POS.VERBLESS_SENTENCE',
    'POS.INITIAL_VERB_UNLISTED',
    'POS.EXPLETIVE_THERE',
    'TREE.ADJACENT_SUBJECTS',
    'TREE.FRONTED_PARTICIPLE',
  ]) {
    const disabled = new Set([id]);
    const pipeline = createPipeline({ clock: () => new Date(0), disabledRules: [id], ...sourceOptions });
    report(
      id,
      items.map((item) => run(item, pipeline, disabled)),
      'n/a',
      items.length,
    );
  }
}
