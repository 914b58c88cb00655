import { endianness } from 'node:os';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { ParserModelData } from './dependency-parser';
import type { LemmatizerData } from './lemmatizer';
import type { LinearModelData } from './linear-model';
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

const MAGIC = 'CAEPARS1';

interface LinearModelHeader {
  classCount: number;
  rows: number;
  entries: number;
}

/**
 * Layout (gzipped): the 8-byte magic, a u32 length and a JSON header with every table that is not a
 * weight matrix, then per linear model its keys (u32), row lengths (u8), classes (u8) and weights (i16),
 * little-endian.
 */
export function serializeModel(bundle: ModelBundle): Buffer {
  const linear = [bundle.tagger.weights, bundle.parser.transitions, bundle.parser.labeler];
  const header = {
    tagger: { ...bundle.tagger, weights: undefined },
    parser: { ...bundle.parser, transitions: undefined, labeler: undefined },
    morphology: bundle.morphology,
    lemmatizer: bundle.lemmatizer,
    about: bundle.about,
    linear: linear.map(
      (model): LinearModelHeader => ({
        classCount: model.classCount,
        rows: model.keys.length,
        entries: model.classes.length,
      }),
    ),
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  const parts: Buffer[] = [Buffer.from(MAGIC, 'latin1'), length, json];
  for (const model of linear) {
    const rowLengths = new Uint8Array(model.keys.length);
    for (let row = 0; row < rowLengths.length; row++) {
      rowLengths[row] = model.rowStarts[row + 1]! - model.rowStarts[row]!;
    }
    parts.push(
      littleEndian(model.keys),
      Buffer.from(rowLengths),
      Buffer.from(model.classes),
      littleEndian(model.weights),
    );
  }
  return gzipSync(Buffer.concat(parts), { level: 9 });
}

export function deserializeModel(compressed: Uint8Array): ModelBundle {
  const bytes = gunzipSync(compressed, { chunkSize: inflatedSize(compressed) });
  if (bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error('not a @cae/parser model file');
  const jsonLength = bytes.readUInt32LE(MAGIC.length);
  let offset = MAGIC.length + 4;
  const header = JSON.parse(bytes.toString('utf8', offset, offset + jsonLength));
  offset += jsonLength;
  const [taggerWeights, transitions, labeler] = (header.linear as LinearModelHeader[]).map((shape) => {
    const take = (byteLength: number) => {
      const slice = bytes.subarray(offset, offset + byteLength);
      offset += byteLength;
      return slice;
    };
    const keys = new Uint32Array(shape.rows);
    readLittleEndian(take(shape.rows * 4), keys);
    const rowLengths = take(shape.rows);
    const rowStarts = new Uint32Array(shape.rows + 1);
    for (let row = 0; row < shape.rows; row++) rowStarts[row + 1] = rowStarts[row]! + rowLengths[row]!;
    const classes = new Uint8Array(take(shape.entries));
    const weights = new Int16Array(shape.entries);
    readLittleEndian(take(shape.entries * 2), weights);
    return { classCount: shape.classCount, keys, rowStarts, classes, weights } satisfies LinearModelData;
  });
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

function readLittleEndian(bytes: Buffer, into: Uint32Array | Int16Array): void {
  if (NATIVE_LITTLE_ENDIAN) {
    new Uint8Array(into.buffer, into.byteOffset, into.byteLength).set(bytes);
    return;
  }
  if (into instanceof Uint32Array) for (let i = 0; i < into.length; i++) into[i] = bytes.readUInt32LE(i * 4);
  else for (let i = 0; i < into.length; i++) into[i] = bytes.readInt16LE(i * 2);
}
