import { createStore } from '../src/store';
import { makeDocument } from './clause-fixtures';

// Opens a data directory as another process would, stores one document, says so, and holds it.
const dataDir = process.argv[2]!;
const store = await createStore({ dataDir, owner: 'engine server' });
await store.saveDocument({ documentId: 'held', clauses: makeDocument('held', 3) });
process.stdout.write('ready\n');
setInterval(() => {}, 60_000);
