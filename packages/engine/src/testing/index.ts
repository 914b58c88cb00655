export { createHashEmbedder } from './hash-embedder';
