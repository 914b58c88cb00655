export type { EngineLlmOptions, EngineOptions } from './engine';
export { createEngine } from './engine';
export type { Engine, EngineDescription } from './engine-types';
