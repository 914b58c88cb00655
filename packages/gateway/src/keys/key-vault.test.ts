import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { redactRecord, redactSecrets } from '@cae/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProviderRegistry } from '../providers/provider-registry';
import {
  decryptSecret,
  encryptSecret,
  loadMasterKey,
  MASTER_KEY_FILE,
  masterKeyFromSecret,
} from './key-crypto';
import { createFileKeyStore, createMemoryKeyStore } from './key-store-file';
import { createKeyVault } from './key-vault';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cae-keys-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('key crypto', () => {
  it('round-trips with AES-256-GCM and binds the provider id', () => {
    const master = masterKeyFromSecret('a passphrase');
    const ciphertext = encryptSecret(master, 'openai', 'sk-secret-123456');
    expect(ciphertext).not.toContain('sk-secret');
    expect(decryptSecret(master, 'openai', ciphertext)).toBe('sk-secret-123456');
    expect(() => decryptSecret(master, 'google', ciphertext)).toThrow();
    expect(() => decryptSecret(masterKeyFromSecret('other'), 'openai', ciphertext)).toThrow();
  });

  it('accepts a 64-hex master key as it is', () => {
    expect(masterKeyFromSecret('ab'.repeat(32))).toEqual(Buffer.from('ab'.repeat(32), 'hex'));
  });

  it('generates a master key on first start with mode 0600 and reuses it', async () => {
    const first = await loadMasterKey(undefined, dir);
    const second = await loadMasterKey(undefined, dir);
    expect(first).toEqual(second);
    expect(first).toHaveLength(32);
    expect((await stat(join(dir, MASTER_KEY_FILE))).mode & 0o777).toBe(0o600);
  });
});

describe('file key store and vault', () => {
  const registry = createProviderRegistry({});

  it('stores only ciphertext, in a 0600 file, atomically', async () => {
    const path = join(dir, 'provider-keys.json');
    const keyStore = createFileKeyStore({ path });
    const vault = createKeyVault({
      registry,
      env: {},
      keyStore,
      masterKey: () => loadMasterKey(undefined, dir),
    });
    await Promise.all([
      vault.setKey('openai', 'sk-plain-openai-key'),
      vault.setKey('mistral', 'mistral-plain-key'),
    ]);
    const file = await readFile(path, 'utf8');
    expect(file).not.toContain('sk-plain-openai-key');
    expect(file).not.toContain('mistral-plain-key');
    expect(Object.keys(JSON.parse(file).keys).sort()).toEqual(['mistral', 'openai']);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await vault.serverKey('openai')).toEqual({ key: 'sk-plain-openai-key', source: 'stored' });

    // A second vault over the same file (another process) reads the same keys.
    const again = createKeyVault({
      registry,
      env: {},
      keyStore: createFileKeyStore({ path }),
      masterKey: () => loadMasterKey(undefined, dir),
    });
    expect((await again.serverKey('mistral'))?.key).toBe('mistral-plain-key');

    await vault.setKey('openai', '');
    expect(await vault.serverKey('openai')).toBeNull();
    await vault.setKey('mistral', null);
    expect(await keyStore.list()).toEqual([]);
  });

  it('prefers the stored key over the environment and reports status', async () => {
    const env = {
      GEMINI_API_KEY: 'env-gemini-key',
      GROQ_API_KEY: 'env-groq',
      OLLAMA_BASE_URL: 'http://127.0.0.1:11434/v1',
    };
    const vault = createKeyVault({
      registry: createProviderRegistry(env),
      env,
      keyStore: createMemoryKeyStore(),
      masterKey: async () => masterKeyFromSecret('x'),
    });
    expect(await vault.serverKey('google')).toEqual({ key: 'env-gemini-key', source: 'env' });
    await vault.setKey('groq', 'stored-groq');
    expect(await vault.serverKey('groq')).toEqual({ key: 'stored-groq', source: 'stored' });
    const status = await vault.status();
    expect(status).toMatchObject({
      google: { hasKey: true, isEnv: true },
      groq: { hasKey: true, isEnv: false },
      openai: { hasKey: false, isEnv: false },
      ollama: { hasKey: true, isEnv: true },
    });
    await expect(vault.setKey('nope', 'x')).rejects.toThrow(/unknown provider/);
  });
});

describe('redaction', () => {
  it('removes known keys and key-shaped strings', () => {
    expect(
      redactSecrets('bad key my-own-key-1 and sk-abcdefgh1234 and AIzaSyA1234567890abcdef', ['my-own-key-1']),
    ).toBe('bad key [redacted] and [redacted] and [redacted]');
    expect(redactSecrets('Incorrect API key provided: sk-****abcd.')).not.toContain('abcd');
    expect(redactRecord({ apiKey: 'x', headers: { authorization: 'Bearer t' }, note: 'ok' })).toEqual({
      apiKey: '[redacted]',
      headers: { authorization: '[redacted]' },
      note: 'ok',
    });
  });
});
