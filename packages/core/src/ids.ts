import * as crypto from 'node:crypto';
import { createHash, randomUUID } from 'node:crypto';

// One-shot hashing (Node >= 20.12): no Hash object per id.
const oneShot = (
  crypto as unknown as { hash?: (algorithm: string, data: Uint8Array, encoding: 'hex') => string }
).hash;
const HEX = '0123456789abcdef';
let scratch = Buffer.allocUnsafe(256);

/** Namespace of the engine's name-based UUIDs (a fixed random UUID). */
export const CAE_UUID_NAMESPACE = '6f1c3c8e-4f5a-4b8e-9a51-2f0d7c9e8b14';

let lastNamespace = '';
let lastNamespaceBytes: Buffer | null = null;

function uuidBytes(uuid: string): Buffer {
  // The namespace is nearly always the same one: parse it once.
  if (uuid === lastNamespace && lastNamespaceBytes !== null) return lastNamespaceBytes;
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new TypeError(`not a UUID: ${uuid}`);
  const bytes = Buffer.from(hex, 'hex');
  lastNamespace = uuid;
  lastNamespaceBytes = bytes;
  return bytes;
}

/**
 * RFC 9562 version 5 (SHA-1, name-based) UUID: the same name in the same namespace always gives the same id.
 * @example nameUuid(`${documentId}#${clauseIndex}`)
 */
export function nameUuid(name: string, namespace: string = CAE_UUID_NAMESPACE): string {
  if (oneShot !== undefined) {
    // One-shot SHA-1 over namespace bytes + UTF-8 name in a reused buffer, version and variant set in the hex.
    const namespaceBytes = uuidBytes(namespace);
    const needed = 16 + name.length * 3;
    if (scratch.length < needed) scratch = Buffer.allocUnsafe(Math.max(needed, scratch.length * 2));
    namespaceBytes.copy(scratch, 0);
    const length = 16 + scratch.write(name, 16, 'utf8');
    const hex = oneShot('sha1', scratch.subarray(0, length), 'hex');
    const variant = HEX[(Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8];
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
  const digest = createHash('sha1').update(uuidBytes(namespace)).update(name, 'utf8').digest();
  const bytes = digest.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Id of the clause at `clauseIndex` in a document: stable across re-compiles, so reviews stay attached. */
export function clauseId(documentId: string, clauseIndex: number): string {
  return nameUuid(`clause:${documentId}#${clauseIndex}`);
}

/** A random (version 4) UUID. */
export function randomId(): string {
  return randomUUID();
}

/** The current time. Every factory that stamps times takes one as `clock`, so tests are deterministic. */
export type Clock = () => Date;

/** A new unique id. Every factory that mints ids takes one as `generateId`, so tests are deterministic. */
export type IdGenerator = () => string;

/** The wall clock, the default `clock` everywhere. */
export const systemClock: Clock = () => new Date();
