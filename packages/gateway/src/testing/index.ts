export type { FakeCall, FakeMode, FakeUpstream, FakeUpstreamOptions } from './fake-upstream';
export { createFakeUpstream, sampleFromSchema } from './fake-upstream';
