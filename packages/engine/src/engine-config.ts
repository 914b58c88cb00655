import { join } from 'node:path';
import { createGateway } from '@cae/gateway';
import { createLocalEmbedder } from '@cae/retrieval';
import type { EngineOptions } from './engine';

/**
 * Engine options from the environment: `DATABASE_URL` (else `CAE_DATA_DIR`, default `./.cae`),
 * `CAE_EMBEDDING_CACHE_DIR`,
 * `CAE_LLM_PROVIDER`, `CAE_LLM_MODEL`, `CAE_ANNOTATOR`, `CAE_MAX_TEXT_LENGTH`, plus the gateway's key variables.
 */
export function engineOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): EngineOptions {
  const dataDir = env.CAE_DATA_DIR ?? './.cae';
  const options: EngineOptions = {
    store: { url: env.DATABASE_URL ?? dataDir },
    embedder: createLocalEmbedder({ cacheDir: env.CAE_EMBEDDING_CACHE_DIR ?? join(dataDir, 'embeddings') }),
  };
  const providerId = env.CAE_LLM_PROVIDER?.trim();
  if (providerId) {
    options.llm = {
      gateway: createGateway({ env, dataDir }),
      providerId,
      modelId: env.CAE_LLM_MODEL?.trim() || undefined,
    };
  }
  if (env.CAE_ANNOTATOR === 'llm' || env.CAE_ANNOTATOR === 'rules') options.annotator = env.CAE_ANNOTATOR;
  const maxText = Number(env.CAE_MAX_TEXT_LENGTH);
  if (Number.isInteger(maxText) && maxText > 0) options.maxTextLength = maxText;
  return options;
}
