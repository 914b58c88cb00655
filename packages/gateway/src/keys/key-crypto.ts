import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const VERSION = 'v1';
const IV_BYTES = 12;

/** Encrypts a provider key with AES-256-GCM; the provider id is bound as additional data. */
export function encryptSecret(masterKey: Buffer, providerId: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
  cipher.setAAD(Buffer.from(providerId, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join(':');
}

/** Decrypts what encryptSecret produced; throws when the ciphertext or master key is wrong. */
export function decryptSecret(masterKey: Buffer, providerId: string, ciphertext: string): string {
  const [version, iv, tag, body] = ciphertext.split(':');
  if (version !== VERSION || !iv || !tag || body === undefined)
    throw new Error('unrecognised key ciphertext');
  const decipher = createDecipheriv('aes-256-gcm', masterKey, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(providerId, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * Turns `CAE_SECRET_KEY` into 32 bytes: 64 hex digits or base64 of 32 bytes are used as they are,
 * any other text is treated as a passphrase and stretched with scrypt.
 */
export function masterKeyFromSecret(secret: string): Buffer {
  const trimmed = secret.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const decoded = Buffer.from(trimmed, 'base64');
  if (decoded.length === 32 && /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return decoded;
  return scryptSync(trimmed, 'cae-gateway-master-key', 32);
}

/** Name of the generated master key file inside the data directory. */
export const MASTER_KEY_FILE = 'gateway-master.key';

/**
 * The master key: from `CAE_SECRET_KEY` when set, else read from (or generated on first start into)
 * `<dataDir>/gateway-master.key` with mode 0600.
 */
export async function loadMasterKey(secret: string | undefined, dataDir: string): Promise<Buffer> {
  if (secret?.trim()) return masterKeyFromSecret(secret);
  const path = join(dataDir, MASTER_KEY_FILE);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  try {
    // 'wx' fails when the file exists, so two processes starting together cannot overwrite each other's key.
    await writeFile(path, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = (await readFile(path, 'utf8')).trim();
  const key = Buffer.from(stored, 'base64');
  if (key.length !== 32) throw new Error(`${path} does not hold a 32-byte base64 master key`);
  return key;
}
