import type { Transaction } from '@electric-sql/pglite';
import type { StoreExecutor } from '../store-connection';

/** What COPY needs of PGlite: a query that can read a blob from `/dev/blob`. */
export type PgliteQueryable = Pick<Transaction, 'query'>;

/**
 * The PGlite client or transaction behind a drizzle executor, or null on postgres.js (or if drizzle
 * ever stops exposing it: callers then take the portable path).
 */
export function pgliteClientOf(executor: StoreExecutor): PgliteQueryable | null {
  const client = (executor as unknown as { session?: { client?: unknown } }).session?.client;
  if (typeof client !== 'object' || client === null) return null;
  // postgres.js clients are functions; PGlite's are objects with query and exec.
  const candidate = client as Partial<Transaction>;
  return typeof candidate.query === 'function' && typeof candidate.exec === 'function'
    ? (candidate as PgliteQueryable)
    : null;
}

/** Microseconds between the Unix epoch and Postgres's (2000-01-01). */
const POSTGRES_EPOCH_MS = 946_684_800_000;
const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00];
const HEX = /^[0-9a-f]{32}$/i;

/**
 * Writes rows in Postgres's binary COPY format. Values are sent as the server stores them, so it
 * parses no text: no JSON recordset, no float literals (most of the cost of a bulk insert on PGlite).
 */
export class BinaryCopyWriter {
  private buffer: Buffer;
  private offset = 0;

  constructor(initialBytes = 1 << 16) {
    this.buffer = Buffer.allocUnsafe(Math.max(initialBytes, 64));
    for (const byte of SIGNATURE) this.buffer[this.offset++] = byte;
    this.offset = this.buffer.writeInt32BE(0, this.offset); // flags
    this.offset = this.buffer.writeInt32BE(0, this.offset); // header extension length
  }

  private reserve(bytes: number): void {
    if (this.offset + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.offset + bytes));
    this.buffer.copy(grown, 0, 0, this.offset);
    this.buffer = grown;
  }

  /** Starts a row of `fields` values. */
  row(fields: number): this {
    this.reserve(2);
    this.offset = this.buffer.writeInt16BE(fields, this.offset);
    return this;
  }

  null(): this {
    this.reserve(4);
    this.offset = this.buffer.writeInt32BE(-1, this.offset);
    return this;
  }

  int4(value: number): this {
    this.reserve(8);
    this.offset = this.buffer.writeInt32BE(4, this.offset);
    this.offset = this.buffer.writeInt32BE(value, this.offset);
    return this;
  }

  float8(value: number): this {
    this.reserve(12);
    this.offset = this.buffer.writeInt32BE(8, this.offset);
    this.offset = this.buffer.writeDoubleBE(value, this.offset);
    return this;
  }

  bool(value: boolean): this {
    this.reserve(5);
    this.offset = this.buffer.writeInt32BE(1, this.offset);
    this.buffer[this.offset++] = value ? 1 : 0;
    return this;
  }

  /** A uuid in its text form (validated by the caller). */
  uuid(value: string): this {
    const hex = value.replace(/-/g, '');
    if (!HEX.test(hex)) throw new TypeError(`not a uuid: ${value}`);
    this.reserve(20);
    this.offset = this.buffer.writeInt32BE(16, this.offset);
    this.offset += this.buffer.write(hex, this.offset, 'hex');
    return this;
  }

  /** text, json (its text, which the server validates) and other text-like types. */
  text(value: string): this {
    // One pass: room for the worst case (3 bytes per UTF-16 unit), the length written after.
    this.reserve(4 + 3 * value.length);
    const start = this.offset;
    const bytes = this.buffer.write(value, start + 4, 'utf8');
    this.buffer.writeInt32BE(bytes, start);
    this.offset = start + 4 + bytes;
    return this;
  }

  timestamptz(value: Date): this {
    const time = value.getTime();
    if (!Number.isFinite(time)) throw new RangeError('invalid date');
    this.reserve(12);
    this.offset = this.buffer.writeInt32BE(8, this.offset);
    this.offset = this.buffer.writeBigInt64BE(
      BigInt(Math.round((time - POSTGRES_EPOCH_MS) * 1000)),
      this.offset,
    );
    return this;
  }

  /** A pgvector `vector`: dimension, an unused word, then float4 values. */
  vector(values: ArrayLike<number>): this {
    this.reserve(8 + 4 * values.length);
    this.offset = this.buffer.writeInt32BE(4 + 4 * values.length, this.offset);
    this.offset = this.buffer.writeInt16BE(values.length, this.offset);
    this.offset = this.buffer.writeInt16BE(0, this.offset);
    for (let index = 0; index < values.length; index++) {
      this.offset = this.buffer.writeFloatBE(values[index]!, this.offset);
    }
    return this;
  }

  /** The COPY data, trailer included. */
  finish(): Blob {
    this.reserve(2);
    this.offset = this.buffer.writeInt16BE(-1, this.offset);
    return new Blob([this.buffer.subarray(0, this.offset)]);
  }
}

/** Runs `COPY table (columns) FROM` the writer's rows on PGlite, in binary format. */
async function copyInto(
  client: PgliteQueryable,
  table: string,
  columns: readonly string[],
  writer: BinaryCopyWriter,
): Promise<void> {
  const list = columns.map((column) => `"${column}"`).join(', ');
  await client.query(`COPY "${table}" (${list}) FROM '/dev/blob' WITH (FORMAT binary)`, [], {
    blob: writer.finish(),
  });
}

/**
 * COPYs rows into a table in chunks of `perCopy` rows, so a huge batch never builds one huge blob.
 * `bytesPerRow` sizes each chunk's buffer up front (it still grows if the guess is short).
 */
export async function copyRows<Row>(
  client: PgliteQueryable,
  table: string,
  columns: readonly string[],
  rows: readonly Row[],
  options: { perCopy: number; bytesPerRow: number; write: (writer: BinaryCopyWriter, row: Row) => void },
): Promise<void> {
  for (let start = 0; start < rows.length; start += options.perCopy) {
    const chunk = rows.slice(start, start + options.perCopy);
    const writer = new BinaryCopyWriter(chunk.length * options.bytesPerRow);
    for (const row of chunk) options.write(writer, row);
    await copyInto(client, table, columns, writer);
  }
}
