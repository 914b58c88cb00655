export type { EngineLlmOptions, EngineOptions } from './engine';
export { createEngine } from './engine';
export type { CompileManyOptions, Engine, EngineDescription, IngestManyOptions } from './engine-types';
export { UnreadableDocument } from './engine-types';
