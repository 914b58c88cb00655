import { readFileSync } from 'node:fs';

/** One sentence of a CoNLL-U file: syntactic words only (no multiword-token or empty-node lines). */
export interface ConlluSentence {
  id: string;
  /** The `# newdoc id` in force, when the file names documents. */
  documentId: string;
  words: string[];
  lemmas: string[];
  upos: string[];
  xpos: string[];
  feats: string[];
  /** 0 for the root, otherwise the 1-based position of the head. */
  heads: number[];
  deprels: string[];
}

const WORD_ID = /^\d+$/;

export function parseConllu(text: string): ConlluSentence[] {
  const sentences: ConlluSentence[] = [];
  let documentId = '';
  let current = emptySentence('', documentId);
  const flush = () => {
    if (current.words.length > 0) sentences.push(current);
    current = emptySentence('', documentId);
  };
  for (const line of text.split('\n')) {
    if (line === '' || line === '\r') {
      flush();
      continue;
    }
    if (line.startsWith('#')) {
      const newdoc = /^# newdoc id = (.*)$/.exec(line);
      if (newdoc) {
        documentId = newdoc[1]!.trim();
        current.documentId = documentId;
      }
      const sentId = /^# sent_id = (.*)$/.exec(line);
      if (sentId) current.id = sentId[1]!.trim();
      continue;
    }
    const columns = line.split('\t');
    if (columns.length < 8 || !WORD_ID.test(columns[0]!)) continue;
    current.words.push(columns[1]!);
    current.lemmas.push(columns[2]!);
    current.upos.push(columns[3]!);
    current.xpos.push(columns[4]!);
    current.feats.push(columns[5]!);
    current.heads.push(Number(columns[6]));
    current.deprels.push(columns[7]!);
  }
  flush();
  return sentences;
}

export function readConllu(path: string): ConlluSentence[] {
  return parseConllu(readFileSync(path, 'utf8'));
}

function emptySentence(id: string, documentId: string): ConlluSentence {
  return { id, documentId, words: [], lemmas: [], upos: [], xpos: [], feats: [], heads: [], deprels: [] };
}
