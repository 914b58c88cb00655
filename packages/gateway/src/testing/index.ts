export type { FakeProviders } from './fake-providers';
export { createFakeProviders } from './fake-providers';
export type { FakeCall, FakeMode, FakeUpstream, FakeUpstreamOptions } from './fake-upstream';
export { createFakeUpstream, sampleFromSchema } from './fake-upstream';
