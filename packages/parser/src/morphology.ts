/** What the feature guesser learned from the treebank. */
export interface MorphologyData {
  /** Most frequent FEATS string of each tag class, by class id. */
  classFeats: string[];
  /** `${lowercase word}\t${class name}` → FEATS, where that differs from the class's own. */
  lexicon: [string, string][];
}

export type Features = Record<string, string>;

export function parseFeats(feats: string): Features {
  const out: Features = {};
  if (feats === '_' || feats === '') return out;
  for (const pair of feats.split('|')) {
    const eq = pair.indexOf('=');
    out[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return out;
}

/** UD FEATS string: names sorted case-insensitively, "_" when empty. */
export function formatFeats(feats: Features): string {
  const names = Object.keys(feats).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  return names.length === 0 ? '_' : names.map((name) => `${name}=${feats[name]}`).join('|');
}

const OPEN_CLASSES = new Set(['NOUN', 'PROPN', 'ADJ', 'VERB', 'NUM']);

export class Morphology {
  /** Per tag class: lowercase word → FEATS, for closed-class words whose FEATS differ from the class's. */
  private readonly lexicon: Map<string, Features>[];
  private readonly classFeats: Features[];
  private readonly openClass: boolean[];
  private readonly numForm: boolean[];

  constructor(
    readonly data: MorphologyData,
    readonly classNames: readonly string[],
  ) {
    const classIds = new Map(classNames.map((name, id) => [name, id]));
    this.lexicon = classNames.map(() => new Map());
    for (const [key, feats] of data.lexicon) {
      const tab = key.indexOf('\t');
      const id = classIds.get(key.slice(tab + 1));
      if (id !== undefined) this.lexicon[id]!.set(key.slice(0, tab), parseFeats(feats));
    }
    this.classFeats = classNames.map((_, id) => parseFeats(data.classFeats[id] ?? '_'));
    this.openClass = classNames.map((name) => OPEN_CLASSES.has(name.slice(0, name.indexOf(' '))));
    this.numForm = this.classFeats.map((feats) => feats.NumForm === 'Digit');
  }

  /** A fresh feature record for the word; `lower` is its lowercase form when the caller has it. */
  feats(word: string, classId: number, lower?: string): Features {
    const known = this.openClass[classId]
      ? undefined
      : this.lexicon[classId]?.get(lower ?? word.toLowerCase());
    const feats = { ...(known ?? this.classFeats[classId]) };
    if ((known ? feats.NumForm === 'Digit' : this.numForm[classId]) && !/\d/.test(word))
      feats.NumForm = 'Word';
    return feats;
  }
}

export function trainMorphology(
  sentences: readonly { words: string[]; upos: string[]; feats: string[] }[],
  classOf: (sentence: number, word: number) => number,
  classNames: readonly string[],
): MorphologyData {
  const byClass = classNames.map(() => new Map<string, number>());
  const byWord = new Map<string, Map<string, number>>();
  sentences.forEach((sentence, s) => {
    sentence.words.forEach((word, i) => {
      const cls = classOf(s, i);
      const feats = sentence.feats[i]!;
      increment(byClass[cls]!, feats);
      if (OPEN_CLASSES.has(sentence.upos[i]!)) return;
      const key = `${word.toLowerCase()}\t${classNames[cls]}`;
      let counts = byWord.get(key);
      if (!counts) {
        counts = new Map();
        byWord.set(key, counts);
      }
      increment(counts, feats);
    });
  });
  const classFeats = byClass.map((counts) => mostFrequent(counts)?.[0] ?? '_');
  const classIds = new Map(classNames.map((name, i) => [name, i]));
  const lexicon: [string, string][] = [];
  for (const [key, counts] of byWord) {
    const best = mostFrequent(counts)!;
    const cls = classIds.get(key.slice(key.indexOf('\t') + 1))!;
    if (best[1] >= 2 && best[0] !== classFeats[cls]) lexicon.push([key, best[0]]);
  }
  return { classFeats, lexicon };
}

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function mostFrequent(counts: Map<string, number>): [string, number] | undefined {
  let best: [string, number] | undefined;
  for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
  return best;
}

interface AgreementWord {
  xpos: string;
  feats: Features;
  head: number;
  deprel: string;
}

const SUBJECT = /^(nsubj|nsubj:pass|csubj|csubj:pass|expl)$/;
const VERB_PARTNER = /^(aux|aux:pass|cop|conj)$/;

/**
 * Person and Number of finite indicative verbs (VBP, VBD) from their subject, the way UD English
 * annotates them: a subject pronoun gives its own, a plural or coordinated noun Number=Plur, others 3/Sing.
 * An auxiliary, copula or conjunct verb looks for the subject of its head.
 */
export function agreeWithSubjects(words: AgreementWord[]): void {
  const subjectOf = new Map<number, number>();
  const hasConjunct = new Set<number>();
  words.forEach((word, i) => {
    if (SUBJECT.test(word.deprel) && !subjectOf.has(word.head)) subjectOf.set(word.head, i + 1);
    if (word.deprel === 'conj') hasConjunct.add(word.head);
  });
  words.forEach((word, i) => {
    if ((word.xpos !== 'VBP' && word.xpos !== 'VBD') || word.feats.Mood !== 'Ind') return;
    let subject = subjectOf.get(i + 1);
    if (subject === undefined && VERB_PARTNER.test(word.deprel)) subject = subjectOf.get(word.head);
    if (subject === undefined) return;
    const subjectWord = words[subject - 1]!;
    const plural =
      subjectWord.xpos === 'NNS' || subjectWord.xpos === 'NNPS' || hasConjunct.has(subject)
        ? 'Plur'
        : undefined;
    word.feats.Person = subjectWord.feats.Person ?? '3';
    word.feats.Number = plural ?? subjectWord.feats.Number ?? 'Sing';
  });
}
