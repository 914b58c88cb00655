import { createStore } from '../src/store';
import { sessionDocument } from './session-crash';

// Ingests documents session-<from>, session-<from+1>, ... into the store at argv[2] in bulk loads
// that keep one ingest session open (its derived work never runs: the idle time is 10 minutes),
// with embeddings unless argv[4] is 0, printing "saved <id>" once each load has committed, until killed.
const [url, fromText, embedText] = process.argv.slice(2);
const embed = embedText !== '0';
const store = await createStore({
  url: url!,
  owner: 'session crash test',
  ...(embed ? { embedding: { dimension: 8, embedderId: 'session-8' } } : {}),
});
for (let index = Number(fromText); ; index += 2) {
  const batch = [sessionDocument(index), sessionDocument(index + 1)].map(({ embeddings, ...document }) =>
    embed ? { ...document, embeddings } : document,
  );
  await store.bulkLoad(() => store.saveDocuments(batch), { idleMs: 600_000 });
  for (const document of batch) process.stdout.write(`saved ${document.documentId}\n`);
}
