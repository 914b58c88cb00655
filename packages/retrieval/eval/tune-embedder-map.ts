/**
 * Learns a linear map W (100 x 100, started at the identity) on the local embedder's output with a
 * contrastive loss on *train* queries (query vs the sentences of its relevant documents, hard
 * negatives from the unmapped vector search, random sentences), and measures it with a brute-force
 * in-memory vector search (no store), by K-fold cross-validation over the train queries only.
 * Units are sentences (and titles) mixed with 0.5 x their document's vector, as the store's clauses are.
 * --write FILE trains on all train queries of the sets instead and writes the map module (the shipped
 * one: --set scifact,negconstraint --write src/embedder-local-map.ts).
 * Run: pnpm --filter @cae/retrieval exec tsx --conditions=@cae/source eval/tune-embedder-map.ts --set scifact [--folds 5] [--epochs 8] [--lambda 0.01]
 */
import { writeFile } from 'node:fs/promises';
import { D, evaluate, examplesOf, foldsOf, mapSettings, prepare, train } from './embedder-map-training';
import { mean, mulberry32 } from './eval-metrics';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1]! : fallback;
};
const sets = option('set', 'scifact').split(',') as ('scifact' | 'negconstraint')[];
const folds = Number(option('folds', '5'));
mapSettings.epochs = Number(option('epochs', String(mapSettings.epochs)));
mapSettings.lambda = Number(option('lambda', String(mapSettings.lambda)));
mapSettings.learningRate = Number(option('lr', String(mapSettings.learningRate)));
mapSettings.scale = Number(option('scale', String(mapSettings.scale)));
mapSettings.hardCount = Number(option('hard', String(mapSettings.hardCount)));
mapSettings.randomCount = Number(option('random', String(mapSettings.randomCount)));
mapSettings.contextWeight = Number(option('context', String(mapSettings.contextWeight)));
mapSettings.seed = Number(option('seed', String(mapSettings.seed)));
const { seed } = mapSettings;

const prepared = await Promise.all(sets.map((name) => prepare(name)));
const writePath = option('write', '');
if (writePath) {
  // The shipped map: trained on all train queries of the sets given, no held-out fold.
  const W = train(
    prepared.flatMap((p) =>
      examplesOf(
        p,
        p.set.queries.map((_, i) => i),
      ),
    ),
    mulberry32(seed),
  );
  const bytes = Buffer.from(W.buffer, W.byteOffset, W.byteLength).toString('base64');
  const lines = bytes.match(/.{1,100}/g)!.map((line) => `  '${line}',`);
  await writeFile(
    writePath,
    `/**\n * The local embedder's learned linear map (${D} x ${D} float32, row-major, little-endian, base64),\n * written by eval/tune-embedder-map.ts --set ${sets.join(',')} --write (${JSON.stringify(mapSettings)}).\n * Trained on the train queries only; do not edit by hand.\n */\nexport const LEARNED_MAP_BASE64 = [\n${lines.join('\n')}\n].join('');\n`,
  );
  console.log(`wrote ${writePath}`);
  process.exit(0);
}
const foldOf = foldsOf(prepared, folds, seed);
const baseValues = prepared.map(() => [] as number[]);
const mappedValues = prepared.map(() => [] as number[]);
const baseRecall = prepared.map(() => [] as number[]);
const mappedRecall = prepared.map(() => [] as number[]);
for (let fold = 0; fold < folds; fold++) {
  const trainExamples = prepared.flatMap((p, s) =>
    examplesOf(
      p,
      p.set.queries.map((_, i) => i).filter((i) => foldOf[s]![i] !== fold),
    ),
  );
  const W = train(trainExamples, mulberry32(seed + fold + 1));
  prepared.forEach((p, s) => {
    const held = p.set.queries.map((_, i) => i).filter((i) => foldOf[s]![i] === fold);
    const base = evaluate(p, undefined, held);
    const mapped = evaluate(p, W, held);
    baseValues[s]!.push(...base.values);
    mappedValues[s]!.push(...mapped.values);
    baseRecall[s]!.push(base.recall * held.length);
    mappedRecall[s]!.push(mapped.recall * held.length);
    console.log(
      `fold ${fold} ${p.set.name}: nDCG@10 ${base.ndcg.toFixed(4)} -> ${mapped.ndcg.toFixed(4)}, recall@100 ${base.recall.toFixed(4)} -> ${mapped.recall.toFixed(4)}`,
    );
  });
}
prepared.forEach((p, s) => {
  const n = p.set.queries.length;
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  console.log(
    `CV ${p.set.name} train (${n} queries, ${folds} folds, ${JSON.stringify(mapSettings)}): nDCG@10 ${mean(baseValues[s]!).toFixed(4)} -> ${mean(mappedValues[s]!).toFixed(4)}, recall@100 ${(sum(baseRecall[s]!) / n).toFixed(4)} -> ${(sum(mappedRecall[s]!) / n).toFixed(4)}`,
  );
});
