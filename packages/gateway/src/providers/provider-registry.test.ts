import { PROVIDER_IDS } from '@cae/core';
import { describe, expect, it } from 'vitest';
import { createProviderRegistry } from './provider-registry';

describe('createProviderRegistry', () => {
  it('lists the seven providers in the order of ARCHITECTURE.md', () => {
    const registry = createProviderRegistry({});
    expect(registry.list().map((provider) => provider.id)).toEqual([...PROVIDER_IDS]);
    expect(registry.get('openrouter').defaultModel).toMatch(/^[a-z0-9-]+\/[\w.-]+$/);
    expect(registry.get('google').keyVariables).toEqual([
      'API_KEY',
      'GEMINI_API_KEY',
      'GOOGLE_API_KEY',
      'GOOGLE_GENERATIVE_AI_API_KEY',
      'VITE_GEMINI_API_KEY',
      'VITE_GOOGLE_API_KEY',
    ]);
    expect(registry.get('mistral').keyVariables).toEqual(['MISTRAL_API_KEY', 'VITE_MISTRAL_API_KEY']);
    expect(registry.get('ollama').requiresKey).toBe(false);
  });

  it('applies <NAME>_BASE_URL and <NAME>_DEFAULT_MODEL overrides', () => {
    const registry = createProviderRegistry({
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1/',
      OPENAI_DEFAULT_MODEL: 'tiny',
    });
    expect(registry.get('openai')).toMatchObject({ baseURL: 'http://127.0.0.1:9/v1', defaultModel: 'tiny' });
  });

  it('adds custom providers from options and CAE_CUSTOM_PROVIDERS', () => {
    const registry = createProviderRegistry(
      {
        CAE_CUSTOM_PROVIDERS: JSON.stringify([
          { id: 'lab', baseURL: 'http://10.0.0.2/v1', defaultModel: 'm' },
        ]),
      },
      [{ id: 'local-llm', baseURL: 'http://127.0.0.1:8000/v1', defaultModel: 'qwen', requiresKey: false }],
    );
    expect(
      registry
        .list()
        .map((provider) => provider.id)
        .slice(-2),
    ).toEqual(['local-llm', 'lab']);
    expect(registry.get('lab').keyVariables).toEqual(['LAB_API_KEY']);
    expect(registry.get('local-llm').keyVariables).toEqual([]);
  });

  it('refuses a custom provider that shadows a built-in one, and names known ids for unknown ones', () => {
    expect(() =>
      createProviderRegistry({}, [{ id: 'openai', baseURL: 'http://x.test/v1', defaultModel: 'm' }]),
    ).toThrow(/taken by a built-in/);
    expect(() => createProviderRegistry({}).get('nope')).toThrow(/unknown provider/);
  });
});
