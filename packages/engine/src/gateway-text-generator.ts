import type { TextGenerator } from '@cae/retrieval';
import type { EngineLlmOptions } from './engine';

/** The gateway as the synthesizer's text generator. */
export function createGatewayTextGenerator(llm: EngineLlmOptions): TextGenerator {
  return {
    async generate({ system, user, signal }) {
      const result = await llm.gateway.generate({
        prompt: { system, user },
        providerId: llm.providerId,
        modelId: llm.modelId,
        options: { temperature: 0.2 },
        signal,
      });
      return 'text' in result ? result.text : JSON.stringify(result.object);
    },
  };
}
