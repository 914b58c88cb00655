/** What the lemmatizer learned from the treebank. */
export interface LemmatizerData {
  /** `${lowercase word}\t${UPOS}` → lemma, for words the suffix rules get wrong. */
  exceptions: [string, string][];
  /** Lemmas of verbs, nouns and adjectives seen in training, to choose among suffix-rule candidates. */
  vocabulary: string[];
}

const KEEP_FORM = new Set(['PROPN', 'PUNCT', 'SYM', 'NUM', 'X']);
const DOUBLED = /([bdgmnprt])\1$/;

const INFLECTED = new Set(['NNS', 'NNPS', 'VBZ', 'VBD', 'VBN', 'VBG', 'JJR', 'RBR', 'JJS', 'RBS']);

function inflectionCandidates(word: string, xpos: string): string[] {
  const candidates: string[] = [];
  if (!INFLECTED.has(xpos)) return candidates;
  const strip = (suffix: string, ...replacements: string[]) => {
    if (!word.endsWith(suffix) || word.length <= suffix.length + 1) return;
    const stem = word.slice(0, -suffix.length);
    for (const replacement of replacements) candidates.push(stem + replacement);
    if (DOUBLED.test(stem)) candidates.push(stem.slice(0, -1));
  };
  switch (xpos) {
    case 'NNS':
    case 'NNPS':
    case 'VBZ':
      strip('ies', 'y');
      strip('es', '', 'e');
      if (!word.endsWith('ss')) strip('s', '');
      break;
    case 'VBD':
    case 'VBN':
      strip('ied', 'y');
      strip('ed', '', 'e');
      strip('d', '');
      break;
    case 'VBG':
      strip('ying', 'ie');
      strip('ing', '', 'e');
      break;
    case 'JJR':
    case 'RBR':
      strip('ier', 'y');
      strip('er', '', 'e');
      strip('r', '');
      break;
    case 'JJS':
    case 'RBS':
      strip('iest', 'y');
      strip('est', '', 'e');
      strip('st', '');
      break;
  }
  return candidates;
}

/** Rule lemma: the first suffix-rule candidate that is a known lemma, else the first candidate, else the word. */
export function ruleLemma(
  word: string,
  upos: string,
  xpos: string,
  vocabulary: ReadonlySet<string>,
  lower = word.toLowerCase(),
): string {
  if (KEEP_FORM.has(upos)) return word;
  if (!INFLECTED.has(xpos)) return lower;
  const candidates = inflectionCandidates(lower, xpos);
  return candidates.find((candidate) => vocabulary.has(candidate)) ?? candidates[0] ?? lower;
}

export class Lemmatizer {
  /** UPOS → lowercase word → lemma. */
  private readonly exceptions = new Map<string, Map<string, string>>();
  private readonly vocabulary: Set<string>;

  constructor(readonly data: LemmatizerData) {
    for (const [key, lemma] of data.exceptions) {
      const tab = key.indexOf('\t');
      const upos = key.slice(tab + 1);
      let byWord = this.exceptions.get(upos);
      if (!byWord) {
        byWord = new Map();
        this.exceptions.set(upos, byWord);
      }
      byWord.set(key.slice(0, tab), lemma);
    }
    this.vocabulary = new Set(data.vocabulary);
  }

  /** `lower` is the word's lowercase form when the caller has it. */
  lemma(word: string, upos: string, xpos: string, lower = word.toLowerCase()): string {
    return this.exceptions.get(upos)?.get(lower) ?? ruleLemma(word, upos, xpos, this.vocabulary, lower);
  }
}

/** Learns the vocabulary and the exceptions (majority lemma differs from the rules, seen at least twice). */
export function trainLemmatizer(
  sentences: readonly { words: string[]; lemmas: string[]; upos: string[]; xpos: string[] }[],
): LemmatizerData {
  const vocabulary = new Set<string>();
  for (const sentence of sentences) {
    sentence.upos.forEach((upos, i) => {
      if (upos === 'VERB' || upos === 'NOUN' || upos === 'ADJ' || upos === 'ADV' || upos === 'AUX') {
        vocabulary.add(sentence.lemmas[i]!.toLowerCase());
      }
    });
  }
  const counts = new Map<string, Map<string, number>>();
  const sample = new Map<string, { word: string; xpos: string }>();
  for (const sentence of sentences) {
    sentence.words.forEach((word, i) => {
      const key = `${word.toLowerCase()}\t${sentence.upos[i]!}`;
      let byLemma = counts.get(key);
      if (!byLemma) {
        byLemma = new Map();
        counts.set(key, byLemma);
      }
      byLemma.set(sentence.lemmas[i]!, (byLemma.get(sentence.lemmas[i]!) ?? 0) + 1);
      sample.set(key, { word, xpos: sentence.xpos[i]! });
    });
  }
  const exceptions: [string, string][] = [];
  for (const [key, byLemma] of counts) {
    let best = '';
    let bestCount = 0;
    let total = 0;
    for (const [lemma, count] of byLemma) {
      total += count;
      if (count > bestCount) [best, bestCount] = [lemma, count];
    }
    if (total < 2) continue;
    const { word, xpos } = sample.get(key)!;
    const upos = key.slice(key.indexOf('\t') + 1);
    if (ruleLemma(word, upos, xpos, vocabulary) !== best) exceptions.push([key, best]);
  }
  return { exceptions, vocabulary: [...vocabulary].sort() };
}
