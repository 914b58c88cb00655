import { readFileSync } from 'node:fs';

/** One token of a CoNLL-U sentence. */
export interface UdToken {
  readonly id: number;
  readonly form: string;
  readonly upos: string;
  readonly head: number;
  readonly deprel: string;
  readonly feats: string;
  /** Character offsets into the sentence text. */
  readonly start: number;
  readonly end: number;
}

/** One CoNLL-U sentence with its text. */
export interface UdSentence {
  readonly id: string;
  readonly text: string;
  readonly tokens: UdToken[];
}

/** Reads a CoNLL-U file, skipping multiword-token ranges and empty nodes; offsets located in `# text`. */
export function readConllu(path: string): UdSentence[] {
  const sentences: UdSentence[] = [];
  let id = '';
  let text = '';
  let tokens: UdToken[] = [];
  let cursor = 0;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('# sent_id = ')) id = line.slice(12);
    else if (line.startsWith('# text = ')) {
      text = line.slice(9);
      cursor = 0;
    } else if (line.trim() === '') {
      if (tokens.length > 0) sentences.push({ id, text, tokens });
      tokens = [];
    } else if (!line.startsWith('#')) {
      const cols = line.split('\t');
      const rawId = cols[0] ?? '';
      if (rawId.includes('-') || rawId.includes('.')) continue;
      const form = cols[1] ?? '';
      let start = text.indexOf(form, cursor);
      if (start < 0) start = cursor;
      const end = start + form.length;
      cursor = end;
      tokens.push({
        id: Number(rawId),
        form,
        upos: cols[3] ?? '',
        feats: cols[5] ?? '_',
        head: Number(cols[6]),
        deprel: cols[7] ?? '',
        start,
        end,
      });
    }
  }
  if (tokens.length > 0) sentences.push({ id, text, tokens });
  return sentences;
}

/**
 * Gold clause count: the root plus each advcl, ccomp, acl:relcl, parataxis, csubj and conj of a verb. With
 * `copularConjuncts`, also each conj that is no verb but has a copula or auxiliary and a Subject of its own
 * ("..., but this time the crew was safe"): UD hangs such a clause on its predicate.
 */
export function goldClauseCount(sentence: UdSentence, copularConjuncts = false): number {
  let count = 1;
  for (const token of sentence.tokens) {
    const relation = token.deprel;
    if (
      relation === 'advcl' ||
      relation === 'ccomp' ||
      relation === 'acl:relcl' ||
      relation === 'parataxis' ||
      relation.startsWith('csubj') ||
      (relation === 'conj' && token.upos === 'VERB') ||
      (copularConjuncts && relation === 'conj' && copularClause(sentence, token.id))
    ) {
      count += 1;
    }
  }
  return count;
}

/** Whether word `id` has a cop or aux dependent and a Subject (nsubj, csubj, expl) of its own. */
function copularClause(sentence: UdSentence, id: number): boolean {
  let predicator = false;
  let subject = false;
  for (const token of sentence.tokens) {
    if (token.head !== id) continue;
    const universal = token.deprel.split(':')[0];
    if (universal === 'cop' || universal === 'aux') predicator = true;
    if (universal === 'nsubj' || universal === 'csubj' || universal === 'expl') subject = true;
  }
  return predicator && subject;
}
