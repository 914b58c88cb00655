import { readConllu } from '../src/conllu';
import { DependencyParser } from '../src/dependency-parser';
import { isProjective } from '../src/oracle';
import { trainParser } from '../src/parser-training';
import { tagClassName } from '../src/tag-classes';
import { Tagger } from '../src/tagger';
import { trainTagger } from '../src/tagger-training';

const dir = '/work/shared/data/ud-ewt';
const train = readConllu(`${dir}/en_ewt-ud-train.conllu`);
const dev = readConllu(`${dir}/en_ewt-ud-dev.conllu`);
const iterations = Number(process.argv[2] ?? 5);
const tagger = new Tagger(trainTagger(train, { iterations: 8, seed: 1 }));
const classIds = new Map(tagger.classes.map((c, i) => [c, i]));
const goldTags = (s: (typeof train)[number]) =>
  s.words.map((_, i) => classIds.get(tagClassName(s.upos[i]!, s.xpos[i]!, s.feats[i]!)) ?? 0);
const examples = train
  .filter((s) => isProjective(s.heads))
  .map((s) => ({ words: s.words, tags: goldTags(s), heads: s.heads, deprels: s.deprels }));
console.log('projective', examples.length, 'of', train.length);
const t0 = performance.now();
const data = trainParser(examples, { iterations, seed: 1, log: console.log });
console.log(
  'train s',
  ((performance.now() - t0) / 1000).toFixed(1),
  'rows',
  data.transitions.keys.length,
  data.labeler.keys.length,
  'entries',
  data.transitions.classes.length,
  data.labeler.classes.length,
);
const parser = new DependencyParser(data);
for (const mode of ['gold', 'pred']) {
  let uas = 0,
    las = 0,
    n = 0;
  const t1 = performance.now();
  for (const s of dev) {
    const tags = mode === 'gold' ? goldTags(s) : tagger.tagClasses(s.words);
    const tree = parser.parse(s.words, tags);
    s.words.forEach((_, i) => {
      n++;
      if (tree.heads[i] === s.heads[i]) {
        uas++;
        if (data.labels[tree.labels[i]!]!.split(':')[0] === s.deprels[i]!.split(':')[0]) las++;
      }
    });
  }
  console.log(
    mode,
    'UAS',
    ((100 * uas) / n).toFixed(2),
    'LAS',
    ((100 * las) / n).toFixed(2),
    'w/s',
    Math.round(n / ((performance.now() - t1) / 1000)),
  );
}
