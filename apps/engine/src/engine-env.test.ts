import { EnvironmentError } from '@cae/http';
import { describe, expect, it } from 'vitest';
import { engineConfigFromEnv } from './engine-env';

describe('engine environment', () => {
  it('defaults to loopback, port 3001 and the embedded store under ./.cae', () => {
    const config = engineConfigFromEnv({});
    expect(config.server).toEqual({
      host: '127.0.0.1',
      port: 3001,
      apiTokens: [],
      allowUnauthenticated: false,
      corsOrigins: [],
      bodyLimitBytes: 2 * 1024 * 1024 + 64 * 1024,
      ingestBodyLimitBytes: 32 * 1024 * 1024,
      ingestMaxDocuments: 1000,
      maxQueryLength: 4096,
      rateLimit: 1200,
      rateLimitWindowMs: 60_000,
      trustProxy: false,
    });
    expect(config.storeLocation).toBe('./.cae');
    expect(config.engine).toMatchObject({
      store: { url: './.cae' },
      annotator: 'rules',
      maxTextLength: 2_000_000,
    });
    expect(config.engine.llm).toBeUndefined();
    // The engine picks its compile workers from the cores unless told.
    expect(config.engine.compileWorkers).toBeUndefined();
    // Ingest sessions keep the engine's default idle time unless told.
    expect(config.engine.bulkIngest).toBeUndefined();
  });

  it('takes a server URL, tokens, limits and an LLM provider', () => {
    const config = engineConfigFromEnv({
      PORT: '0',
      DATABASE_URL: 'postgres://cae@localhost/cae',
      CAE_API_TOKENS: ' one, two ,',
      CAE_MAX_TEXT_LENGTH: '5000',
      CAE_COMPILE_WORKERS: '0',
      CAE_INGEST_IDLE_MS: '250',
      CAE_LLM_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-test-not-a-real-key',
      CAE_SECRET_KEY: 'test-secret',
    });
    expect(config.server).toMatchObject({ port: 0, apiTokens: ['one', 'two'] });
    expect(config.storeLocation).toBe('postgres://cae@localhost/cae');
    expect(config.engine.maxTextLength).toBe(5000);
    expect(config.engine.compileWorkers).toBe(0);
    expect(config.engine.bulkIngest).toEqual({ idleMs: 250 });
    expect(config.engine.llm?.model.provider).toBe('openai');
  });

  it('names the bad variable and its value, and never a secret', () => {
    const bad: [Record<string, string>, RegExp][] = [
      [{ PORT: 'eighty' }, /PORT \("eighty"\) must be a port number/],
      [{ PORT: '70000' }, /PORT .*65535/],
      [{ CAE_MAX_TEXT_LENGTH: '-1' }, /CAE_MAX_TEXT_LENGTH/],
      [{ CAE_MAX_BODY_BYTES: 'lots' }, /CAE_MAX_BODY_BYTES/],
      [{ CAE_COMPILE_WORKERS: 'two' }, /CAE_COMPILE_WORKERS .*whole number/],
      [{ CAE_COMPILE_WORKERS: '-1' }, /CAE_COMPILE_WORKERS .*0 or more/],
      [{ CAE_INGEST_IDLE_MS: 'soon' }, /CAE_INGEST_IDLE_MS .*milliseconds/],
      [{ CAE_INGEST_IDLE_MS: '-5' }, /CAE_INGEST_IDLE_MS .*0 or more/],
      [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL .*postgres:\/\//],
      [{ CAE_ANNOTATOR: 'magic' }, /CAE_ANNOTATOR .*rules or llm/],
      [
        { CAE_LLM_PROVIDER: 'nobody', CAE_SECRET_KEY: 's3cret-value' },
        /CAE_LLM_PROVIDER \("nobody"\) must be one of/,
      ],
    ];
    for (const [env, message] of bad) {
      let thrown: unknown;
      try {
        engineConfigFromEnv(env);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(EnvironmentError);
      expect((thrown as Error).message).toMatch(message);
      expect((thrown as Error).message).not.toContain('s3cret-value');
    }
  });
});
