import { endianness } from 'node:os';
import { gunzipSync } from 'node:zlib';
import type { ParserModelData } from './dependency-parser';
import type { LemmatizerData } from './lemmatizer';
import {
  type DenseModelData,
  denseRows,
  isDenseData,
  type LinearModelData,
  largestMagnitude,
  sparseRows,
} from './linear-model';
import type { MorphologyData } from './morphology';
import type { TaggerModelData } from './tagger';

/** Everything `loadParser` needs, as the training script produces it. */
export interface ModelBundle {
  tagger: TaggerModelData;
  parser: ParserModelData;
  morphology: MorphologyData;
  lemmatizer: LemmatizerData;
  /** Free-form provenance: data, iterations, seed. */
  about: Record<string, string | number>;
}

/** The first, gzipped layout (still read). */
const MAGIC_V1 = 'CAEPARS1';
/** The layout written now: not compressed, every table aligned so that it is read without a copy. */
const MAGIC = 'CAEPARS2';

interface LinearModelHeader {
  classCount: number;
  rows: number;
  entries: number;
  /** Version 2: `dense` keeps `classCount` weights per row, `sparse` (class, weight) entries. */
  layout?: 'dense' | 'sparse';
  /** Version 2, dense: the largest weight magnitude. */
  largest?: number;
}

/** Models of up to this many classes are written dense (as `LinearModel` keeps them in 8-byte slots). */
const DENSE_FILE_CLASSES = 3;

/**
 * Layout (version 2, not compressed: inflating took half the load time, and the tables are mostly weights that
 * deflate only to two thirds): the 8-byte magic, a u32 length and a JSON header with every table that is not a
 * weight matrix, zeros up to a multiple of 4, then per linear model its keys (u32) and either `classCount`
 * weights (i16) per row (models of up to three classes) or row lengths (u8), classes (u8) and weights (i16),
 * little-endian, each table starting at a multiple of its element size.
 */
export function serializeModel(bundle: ModelBundle): Buffer {
  // Each model in the form it is written in, converted once.
  const linear = [bundle.tagger.weights, bundle.parser.transitions, bundle.parser.labeler].map((model) =>
    model.classCount <= DENSE_FILE_CLASSES ? denseForm(model) : sparseRows(model),
  );
  const header = {
    tagger: { ...bundle.tagger, weights: undefined },
    parser: { ...bundle.parser, transitions: undefined, labeler: undefined },
    morphology: bundle.morphology,
    lemmatizer: bundle.lemmatizer,
    about: bundle.about,
    linear: linear.map(
      (model): LinearModelHeader =>
        isDenseData(model)
          ? {
              classCount: model.classCount,
              rows: model.keys.length,
              entries: model.dense.length,
              layout: 'dense',
              largest: model.largest ?? largestMagnitude(model.dense),
            }
          : {
              classCount: model.classCount,
              rows: model.keys.length,
              entries: model.classes.length,
              layout: 'sparse',
            },
    ),
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  const parts: Buffer[] = [Buffer.from(MAGIC, 'latin1'), length, json];
  let size = MAGIC.length + 4 + json.length;
  const push = (part: Buffer, align: number) => {
    const padding = (align - (size % align)) % align;
    if (padding > 0) parts.push(Buffer.alloc(padding));
    parts.push(part);
    size += padding + part.length;
  };
  for (const model of linear) {
    push(littleEndian(model.keys), 4);
    if (isDenseData(model)) {
      push(littleEndian(model.dense), 2);
      continue;
    }
    const rowLengths = new Uint8Array(model.keys.length);
    for (let row = 0; row < rowLengths.length; row++) {
      rowLengths[row] = model.rowStarts[row + 1]! - model.rowStarts[row]!;
    }
    push(Buffer.from(rowLengths), 1);
    push(Buffer.from(model.classes), 1);
    push(littleEndian(model.weights), 2);
  }
  return Buffer.concat(parts);
}

/**
 * Reads a model file of either layout (a gzipped file is inflated first). The weight tables of a version-2 file
 * are views into `bytes` (on a little-endian machine), so the bytes must not be changed afterwards.
 */
export function deserializeModel(file: Uint8Array): ModelBundle {
  let bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes, { chunkSize: inflatedSize(bytes) });
  const magic = bytes.toString('latin1', 0, MAGIC.length);
  if (magic !== MAGIC && magic !== MAGIC_V1) throw new Error('not a @cae/parser model file');
  // Views need the tables at their alignment in memory, as they are in the file.
  if (bytes.byteOffset % 4 !== 0) {
    const aligned = Buffer.alloc(bytes.length);
    bytes.copy(aligned);
    bytes = aligned;
  }
  const jsonLength = bytes.readUInt32LE(MAGIC.length);
  let offset = MAGIC.length + 4;
  if (offset + jsonLength > bytes.length) throw new Error('model file truncated');
  const header = JSON.parse(bytes.toString('utf8', offset, offset + jsonLength));
  offset += jsonLength;
  const take = (byteLength: number, align: number) => {
    if (magic !== MAGIC_V1) offset += (align - (offset % align)) % align;
    if (offset + byteLength > bytes.length) throw new Error('model file truncated');
    const slice = bytes.subarray(offset, offset + byteLength);
    offset += byteLength;
    return slice;
  };
  const [taggerWeights, transitions, labeler] = (header.linear as LinearModelHeader[]).map(
    (shape): LinearModelData => {
      const keys = readUint32(take(shape.rows * 4, 4), shape.rows, magic === MAGIC);
      if (shape.layout === 'dense') {
        const dense = readInt16(take(shape.entries * 2, 2), shape.entries, true);
        return {
          classCount: shape.classCount,
          keys,
          dense,
          ...(shape.largest !== undefined ? { largest: shape.largest } : {}),
        };
      }
      const rowLengths = take(shape.rows, 1);
      const rowStarts = new Uint32Array(shape.rows + 1);
      for (let row = 0; row < shape.rows; row++) rowStarts[row + 1] = rowStarts[row]! + rowLengths[row]!;
      const classes = new Uint8Array(take(shape.entries, 1));
      const weights = readInt16(take(shape.entries * 2, 2), shape.entries, magic === MAGIC);
      return { classCount: shape.classCount, keys, rowStarts, classes, weights };
    },
  );
  return {
    tagger: { ...header.tagger, weights: taggerWeights! },
    parser: { ...header.parser, transitions: transitions!, labeler: labeler! },
    morphology: header.morphology,
    lemmatizer: header.lemmatizer,
    about: header.about,
  };
}

/**
 * The inflated size a gzip member records in its last four bytes (modulo 2^32), as the chunk size of one
 * inflation: the output then comes in one piece instead of 16 kB chunks copied together at the end.
 */
function inflatedSize(compressed: Uint8Array): number {
  const n = compressed.length;
  if (n < 18) return 16 * 1024;
  const size =
    (compressed[n - 4]! |
      (compressed[n - 3]! << 8) |
      (compressed[n - 2]! << 16) |
      (compressed[n - 1]! << 24)) >>>
    0;
  // zlib wants at least 64 bytes; a wrong or wrapped size only costs more chunks.
  return Math.min(Math.max(size + 64, 16 * 1024), 2 ** 30);
}

const NATIVE_LITTLE_ENDIAN = endianness() === 'LE';

function littleEndian(array: Uint32Array | Int16Array): Buffer {
  if (NATIVE_LITTLE_ENDIAN) return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
  const buffer = Buffer.alloc(array.byteLength);
  for (let i = 0; i < array.length; i++) {
    if (array instanceof Uint32Array) buffer.writeUInt32LE(array[i]!, i * 4);
    else buffer.writeInt16LE(array[i]!, i * 2);
  }
  return buffer;
}

function denseForm(model: LinearModelData): DenseModelData {
  return isDenseData(model) ? model : denseRows(model);
}

/** The u32 table in `bytes`: a view when it can be (aligned, little-endian machine), otherwise a copy. */
function readUint32(bytes: Buffer, length: number, view: boolean): Uint32Array {
  return readTable(bytes, length, view, Uint32Array, (at) => bytes.readUInt32LE(at * 4));
}

/** The i16 table in `bytes`, as `readUint32`. */
function readInt16(bytes: Buffer, length: number, view: boolean): Int16Array {
  return readTable(bytes, length, view, Int16Array, (at) => bytes.readInt16LE(at * 2));
}

function readTable<T extends Uint32Array | Int16Array>(
  bytes: Buffer,
  length: number,
  view: boolean,
  Table: {
    new (buffer: ArrayBufferLike, offset: number, length: number): T;
    new (length: number): T;
    BYTES_PER_ELEMENT: number;
  },
  readLittleEndian: (at: number) => number,
): T {
  if (NATIVE_LITTLE_ENDIAN && view && bytes.byteOffset % Table.BYTES_PER_ELEMENT === 0)
    return new Table(bytes.buffer, bytes.byteOffset, length);
  const into = new Table(length);
  if (NATIVE_LITTLE_ENDIAN) new Uint8Array(into.buffer).set(bytes);
  else for (let i = 0; i < length; i++) into[i] = readLittleEndian(i);
  return into;
}
