import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFakeUpstream } from '@cae/gateway/testing';
import { EnvironmentError } from '@cae/http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gatewayConfigFromEnv } from '../src/gateway-env';
import { startGatewayServer } from '../src/server';

const silent = { log() {} };
let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cae-gw-server-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the gateway server and its master key', () => {
  it('stores ciphertext only, and refuses to start with a wrong CAE_SECRET_KEY, saying what to do', async () => {
    const env = { HOST: '127.0.0.1', PORT: '0', CAE_DATA_DIR: dataDir, CAE_ADMIN_TOKENS: 'root:admin-tok-1' };
    const first = await startGatewayServer({
      env: { ...env, CAE_SECRET_KEY: 'right-secret' },
      logger: silent,
    });
    const stored = await fetch(`${first.url}/api/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer admin-tok-1' },
      body: JSON.stringify({ providerId: 'openai', key: 'sk-live-plaintext-000111' }),
    });
    expect(stored.status).toBe(200);
    await first.close();
    const file = await readFile(join(dataDir, 'provider-keys.json'), 'utf8');
    expect(file).toContain('openai');
    expect(file).not.toContain('sk-live-plaintext-000111');

    const wrong = startGatewayServer({ env: { ...env, CAE_SECRET_KEY: 'wrong-secret' }, logger: silent });
    await expect(wrong).rejects.toThrow(/"openai" cannot be decrypted: CAE_SECRET_KEY is not the master key/);
    await expect(wrong).rejects.not.toThrow(/sk-live|right-secret|wrong-secret/);

    const again = await startGatewayServer({
      env: { ...env, CAE_SECRET_KEY: 'right-secret' },
      logger: silent,
    });
    const providers = (await (await fetch(`${again.url}/api/providers`)).json()) as Record<string, unknown>;
    expect(providers.openai).toEqual({
      hasKey: true,
      isEnv: false,
    });
    await again.close();
  });

  it('needs CAE_SECRET_KEY with DATABASE_URL (replicas share one master key)', () => {
    expect(() => gatewayConfigFromEnv({ DATABASE_URL: 'postgres://127.0.0.1/x' })).toThrow(EnvironmentError);
    expect(() => gatewayConfigFromEnv({ DATABASE_URL: 'postgres://127.0.0.1/x' })).toThrow(
      /CAE_SECRET_KEY is required with DATABASE_URL/,
    );
    expect(
      gatewayConfigFromEnv({ DATABASE_URL: 'postgres://127.0.0.1/x', CAE_SECRET_KEY: 's' }).databaseUrl,
    ).toBe('postgres://127.0.0.1/x');
  });
});

describe('no caller picks an upstream URL', () => {
  it('ignores base URLs in bodies: calls go only where the environment points', async () => {
    const configured = await createFakeUpstream();
    const attacker = await createFakeUpstream();
    const server = await startGatewayServer({
      env: {
        HOST: '127.0.0.1',
        PORT: '0',
        CAE_DATA_DIR: dataDir,
        CAE_SECRET_KEY: 's',
        OPENAI_API_KEY: 'sk-configured-000111222',
        OPENAI_BASE_URL: configured.url,
      },
      logger: silent,
    });
    try {
      const post = (path: string, body: unknown) =>
        fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const redirect = {
        baseURL: attacker.url,
        base_url: attacker.url,
        baseUrl: attacker.url,
        url: attacker.url,
      };
      const computed = await post('/api/compute/v1', {
        providerId: 'openai',
        prompt: { user: 'hi', ...redirect },
        options: { ...redirect },
        ...redirect,
      });
      expect(computed.status).toBe(200);
      await post('/api/test-key', { providerId: 'openai', apiKey: 'sk-client-333444555', ...redirect });
      // A URL where a provider id goes is refused, not fetched.
      const asProvider = await post('/api/compute/v1', { providerId: attacker.url, prompt: { user: 'hi' } });
      expect(asProvider.status).toBe(400);
      expect((await fetch(`${server.url}/api/models/${encodeURIComponent(attacker.url)}`)).status).toBe(400);
      expect(configured.calls.length).toBeGreaterThanOrEqual(2);
      expect(attacker.calls).toEqual([]);
    } finally {
      await server.close();
      await configured.close();
      await attacker.close();
    }
  });
});
