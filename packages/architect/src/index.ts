export type { ArchitectRun } from './agent-architect';
export { ARCHITECT_STAGES, architectText, compileAgentEvents } from './agent-architect';
export type { Architect, ArchitectOptions, CompileAgentOptions } from './architect';
export { createArchitect } from './architect';
export type { ClauseAnalyser, ClauseFeature } from './clause-analysis';
export { createPipelineAnalyser, featuresFromClauses } from './clause-analysis';
export type { SpecificationParts } from './framework-renderers';
export { FRAMEWORK_RENDERERS, renderInstructions, resolveTargetFramework } from './framework-renderers';
export { synthesiseLocally } from './local-architect';
