import { createHash, randomUUID } from 'node:crypto';

/** Namespace of the engine's name-based UUIDs (a fixed random UUID). */
export const CAE_UUID_NAMESPACE = '6f1c3c8e-4f5a-4b8e-9a51-2f0d7c9e8b14';

function uuidBytes(uuid: string): Buffer {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new TypeError(`not a UUID: ${uuid}`);
  return Buffer.from(hex, 'hex');
}

/**
 * RFC 9562 version 5 (SHA-1, name-based) UUID: the same name in the same namespace always gives the same id.
 * @example nameUuid(`${documentId}#${clauseIndex}`)
 */
export function nameUuid(name: string, namespace: string = CAE_UUID_NAMESPACE): string {
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
