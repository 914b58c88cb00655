export type { EngineLlmOptions, EngineOptions } from './engine';
export { createEngine } from './engine';
export { engineOptionsFromEnv } from './engine-config';
export type { Engine, EngineDescription } from './engine-types';
export { createGatewayTextGenerator } from './gateway-text-generator';
export { createLlmAnnotator } from './llm-annotator';
