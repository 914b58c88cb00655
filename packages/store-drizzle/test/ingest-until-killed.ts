import { createStore } from '../src/store';
import { makeDocument, randomEmbeddings } from './clause-fixtures';
import { crashDocumentSize } from './crash-cycles';

// Saves documents crash-<from>, crash-<from+1>, ... into the store at argv[2] until killed, with
// embeddings on PGlite, printing "saved <id>" once each save has committed.
const [url, fromText, embedText] = process.argv.slice(2);
const embed = embedText === '1';
const store = await createStore({
  url: url!,
  owner: 'crash test',
  ...(embed ? { embedding: { dimension: 8, embedderId: 'crash-8' } } : {}),
});
for (let index = Number(fromText); ; index += 1) {
  const documentId = `crash-${index}`;
  const size = crashDocumentSize(index);
  await store.saveDocument({
    documentId,
    clauses: makeDocument(documentId, size),
    ...(embed ? { embeddings: randomEmbeddings(size, 8, index) } : {}),
  });
  process.stdout.write(`saved ${documentId}\n`);
}
