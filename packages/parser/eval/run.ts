import { writeFileSync } from 'node:fs';
import { evalDataDir } from '../../../scripts/eval-data-dir';
import { type ConlluSentence, readConllu } from '../src/conllu';
import { DependencyParser } from '../src/dependency-parser';
import { DEFAULT_MODEL_PATH, loadModel } from '../src/load-parser';
import { formatFeats } from '../src/morphology';
import { tagClassName } from '../src/tag-classes';
import { GUM_CC_BY_GENRES, gumGenre } from '../src/training-data';
import { type PredictedWord, type Scores, score } from './metrics';

const EWT_DIR = process.env.UD_EWT_DIR ?? `${evalDataDir()}/ud-ewt`;
const GUM_DIR = process.env.UD_GUM_DIR ?? `${evalDataDir()}/ud-gum`;
const MODEL_PATH = process.env.MODEL_PATH ?? DEFAULT_MODEL_PATH;
const OUTPUT = new URL('../EVALUATION.md', import.meta.url);

/** `EVAL_DEV_ONLY=1` scores the dev sets only and leaves EVALUATION.md alone (for tuning). */
const DEV_ONLY = process.env.EVAL_DEV_ONLY === '1';
const sets = [
  { name: 'EWT dev', path: `${EWT_DIR}/en_ewt-ud-dev.conllu` },
  { name: 'EWT test', path: `${EWT_DIR}/en_ewt-ud-test.conllu` },
  { name: 'GUM dev', path: `${GUM_DIR}/en_gum-ud-dev.conllu` },
  { name: 'GUM test', path: `${GUM_DIR}/en_gum-ud-test.conllu` },
].filter((set) => !DEV_ONLY || set.name.endsWith('dev'));

const parser = loadModel(MODEL_PATH);
const bundle = parser.bundle;
const goldTagParser = new DependencyParser(bundle.parser);
const classIds = new Map(bundle.tagger.classes.map((name, i) => [name, i]));

function predict(sentences: readonly ConlluSentence[]): PredictedWord[][] {
  return sentences.map((sentence) =>
    parser.parse(sentence.words).map((word) => ({ ...word, feats: formatFeats(word.feats) })),
  );
}

/** UAS/LAS with gold tags (the classes of the gold UPOS/XPOS/FEATS), to separate tagging from parsing errors. */
function goldTagAttachment(sentences: readonly ConlluSentence[]): { uas: number; las: number } {
  let words = 0;
  let uas = 0;
  let las = 0;
  for (const sentence of sentences) {
    const tags = sentence.words.map(
      (_, i) => classIds.get(tagClassName(sentence.upos[i]!, sentence.xpos[i]!, sentence.feats[i]!)) ?? 0,
    );
    const tree = goldTagParser.parse(sentence.words, tags);
    sentence.words.forEach((_, i) => {
      words++;
      if (tree.heads[i] !== sentence.heads[i]) return;
      uas++;
      const label = goldTagParser.labels[tree.labels[i]!]!;
      if (label.split(':')[0] === sentence.deprels[i]!.split(':')[0]) las++;
    });
  }
  return { uas: (100 * uas) / words, las: (100 * las) / words };
}

const rows: { name: string; scores: Scores; gold: { uas: number; las: number } }[] = [];
/** GUM scores per genre: whether the model's training data had that genre decides how in-domain it is. */
const genreRows: { name: string; genre: string; sentences: number; scores: Scores }[] = [];
for (const set of sets) {
  const sentences = readConllu(set.path);
  const predicted = predict(sentences);
  const scores = score(sentences, predicted);
  if (set.name.startsWith('GUM')) {
    const genres = [...new Set(sentences.map((sentence) => gumGenre(sentence.documentId)))].sort();
    for (const genre of genres) {
      const picked = sentences.flatMap((sentence, i) => (gumGenre(sentence.documentId) === genre ? [i] : []));
      genreRows.push({
        name: set.name,
        genre,
        sentences: picked.length,
        scores: score(
          picked.map((i) => sentences[i]!),
          picked.map((i) => predicted[i]!),
        ),
      });
    }
  }
  rows.push({ name: set.name, scores, gold: goldTagAttachment(sentences) });
  console.log(
    `${set.name}: UPOS ${scores.upos.toFixed(2)} UAS ${scores.uas.toFixed(2)} LAS ${scores.las.toFixed(2)}`,
  );
}

const f = (value: number) => value.toFixed(2);
const table = [
  '| set | words | UPOS | XPOS | UFeats | Lemma | UAS | LAS | LAS (subtypes) | UAS / LAS, gold tags |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    ({ name, scores: s, gold }) =>
      `| ${name} | ${s.words} | ${f(s.upos)} | ${f(s.xpos)} | ${f(s.ufeats)} | ${f(s.lemma)} | **${f(s.uas)}** | **${f(s.las)}** | ${f(s.lasFull)} | ${f(gold.uas)} / ${f(gold.las)} |`,
  ),
];
const verbTable = [
  '| set | VERB/AUX words | VerbForm | Mood | Tense | Person |',
  '|---|---:|---:|---:|---:|---:|',
  ...rows.map(
    ({ name, scores: s }) =>
      `| ${name} | ${s.verbs} | ${f(s.verbFeatures.VerbForm)} | ${f(s.verbFeatures.Mood)} | ${f(s.verbFeatures.Tense)} | ${f(s.verbFeatures.Person)} |`,
  ),
];
const trainedGenres = new Set(String(bundle.about.data ?? '').includes('GUM') ? GUM_CC_BY_GENRES : []);
const genreTable = [
  '| set | genre | in training data | sentences | words | UPOS | UAS | LAS |',
  '|---|---|---|---:|---:|---:|---:|---:|',
  ...genreRows.map(
    ({ name, genre, sentences, scores: s }) =>
      `| ${name} | ${genre} | ${trainedGenres.has(genre) ? 'yes (train part)' : 'no'} | ${sentences} | ${s.words} | ${f(s.upos)} | ${f(s.uas)} | ${f(s.las)} |`,
  ),
];
console.log(['', ...table, '', ...verbTable, '', ...genreTable].join('\n'));

if (DEV_ONLY) process.exit(0);

const about = Object.entries(bundle.about)
  .map(([key, value]) => `${key}: ${value}`)
  .join(', ');
writeFileSync(
  OUTPUT,
  `<!-- generated by \`pnpm --filter @cae/parser run eval\`; do not edit -->
# @cae/parser evaluation

Model: \`model/en-ewt.bin\` (${about}).

Gold tokenisation, predicted tags, greedy parsing. CoNLL 2018 conventions: scores over syntactic words
(multiword-token lines and empty nodes skipped), punctuation included, LAS compares the universal part of
the relation ("nsubj" for "nsubj:pass"); "LAS (subtypes)" compares full relations. UFeats is the exact
FEATS string. The last column parses with the gold UPOS/XPOS/VerbForm/Mood class instead of the tagger's.
${trainedGenres.size > 0 ? `The model is trained on EWT train and on the GUM train documents of GUM's CC BY genres (${GUM_CC_BY_GENRES.join(', ')}).` : 'The model is trained on EWT train only.'}
Dev and test parts of both treebanks are never trained on; the model was tuned on the dev parts only. GUM's
other genres (academic, court, essay, fiction, letter, podcast, whow) are out of domain: see the table by genre.

${table.join('\n')}

Verb features the clause analysis uses, scored over gold VERB/AUX words (value or its absence must match):

${verbTable.join('\n')}

GUM by genre ("in training data": the model saw that genre's train documents, never these dev/test ones):

${genreTable.join('\n')}
`,
);
console.log(`wrote ${OUTPUT.pathname}`);
