export type { EngineLlmOptions, EngineOptions } from './engine';
export { createEngine } from './engine';
export type { CompileManyOptions, Engine, EngineDescription } from './engine-types';
