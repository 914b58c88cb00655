import { createFakeUpstream, type FakeUpstream } from './fake-upstream';

/** Two fake OpenAI-compatible upstreams standing in for the `openai` and `google` providers. */
export interface FakeProviders {
  readonly openai: FakeUpstream;
  readonly google: FakeUpstream;
  /** The provider variables that point the gateway at both fakes, plus a fixed master key secret. */
  env(): Record<string, string>;
  /** Starts both fakes (a `beforeAll` hook). */
  start(): Promise<void>;
  /** Clears recorded calls and modes (a `beforeEach` hook). */
  reset(): void;
  /** Stops both fakes (an `afterAll` hook). */
  close(): Promise<void>;
}

/**
 * The test setup the gateway's suites share: an `openai` and a `google` fake, one lifecycle.
 * @example const providers = createFakeProviders(); beforeAll(providers.start); afterAll(providers.close); beforeEach(providers.reset);
 */
export function createFakeProviders(): FakeProviders {
  let openai: FakeUpstream | undefined;
  let google: FakeUpstream | undefined;
  const started = () => {
    if (!openai || !google) throw new Error('fake providers used before start()');
    return { openai, google };
  };
  return {
    get openai() {
      return started().openai;
    },
    get google() {
      return started().google;
    },
    env() {
      const fakes = started();
      return { OPENAI_BASE_URL: fakes.openai.url, GOOGLE_BASE_URL: fakes.google.url };
    },
    async start() {
      [openai, google] = await Promise.all([createFakeUpstream(), createFakeUpstream()]);
    },
    reset() {
      openai?.reset();
      google?.reset();
    },
    async close() {
      await Promise.all([openai?.close(), google?.close()]);
    },
  };
}
