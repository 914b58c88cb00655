import { LinearModel, type LinearModelData } from './linear-model';
import {
  contextAmbiguity,
  contextWordHashes,
  lexicalEntry,
  reusableTaggerContext,
  TAGGER_FEATURE_COUNT,
  type TaggerContext,
  taggerContextFeatures,
  taggerFeatures,
  taggerFlagFeatures,
  taggerFlagKey,
  taggerNextWordFeatures,
  taggerOwnWordFeatures,
  taggerPreviousClassFeatures,
  taggerPreviousWordFeatures,
  taggerSecondNextWordFeatures,
  type WordHashes,
} from './tagger-features';

/** Word types whose score parts the tagger keeps; the store is emptied when a sentence would overflow it. */
const TYPE_LIMIT = 8192;
/**
 * Per word type: the part of its own-word templates when it is not the first token (OWN), of the next-word
 * templates of the token before it (NEXT), of the previous-word templates of the token after it (PREVIOUS)
 * and of the second-next-word templates of the token two before it (SECOND_NEXT).
 */
const OWN = 0;
const NEXT = 1;
const PREVIOUS = 2;
const SECOND_NEXT = 3;
const ROLES = 4;
/** Pairs of previous classes whose score part the tagger keeps; the store is emptied when full. */
const CLASS_PAIR_LIMIT = 4096;
/** Flag triples whose score part the tagger keeps (`wordFlags` has 64 values); the store is emptied when full. */
const FLAG_TRIPLE_LIMIT = 4096;

/**
 * The UPOS tags an outside lexicon allows for each word (`undefined` or an empty set: no constraint).
 * They constrain only words the tagger never saw twice in training, where its guess rests on shape and
 * affixes alone: a tag dictionary from a larger lexicon (the pipeline passes wink-nlp's).
 */
/** Personal pronouns that are only Subjects: a verb, not a noun, follows them. */
const SUBJECT_PRONOUNS: ReadonlySet<string> = new Set(['I', 'we', 'We', 'they', 'They']);

export type AllowedTags = ReadonlyArray<ReadonlySet<string> | undefined>;

/** The same tags as a function of the word's position, asked only for the words they constrain. */
export type AllowedTagsAt = (index: number) => ReadonlySet<string> | undefined;
/**
 * UPOS tags one word (or each of several) must take, whether or not the tagger learnt it (the best-scoring tag
 * class among them): a caller that knows better than the tagger, such as a second reading of a sentence ("Pour"
 * read as a verb, a name the document defines read as a proper noun wherever it comes).
 */
export interface RequiredTags {
  readonly index: number | readonly number[];
  readonly tags: ReadonlySet<string>;
}

/** Whether `required` constrains word `i`. */
function requiredAt(required: RequiredTags, i: number): boolean {
  return typeof required.index === 'number' ? required.index === i : required.index.includes(i);
}

/**
 * The tags word `i` must take under `required`: one group, or several (the readings a caller asked for one after
 * another; the last group naming the word decides).
 */
function requiredTagsAt(
  required: RequiredTags | readonly RequiredTags[] | undefined,
  i: number,
): ReadonlySet<string> | undefined {
  if (required === undefined) return undefined;
  if ('tags' in required) return requiredAt(required, i) ? required.tags : undefined;
  for (let at = required.length - 1; at >= 0; at -= 1)
    if (requiredAt(required[at]!, i)) return required[at]!.tags;
  return undefined;
}

/** Everything the tagger needs at prediction time. */
export interface TaggerModelData {
  classes: string[];
  /** Frequent words that (almost) always take one class, tagged without the classifier. */
  tagDictionary: [string, number][];
  /** Normalised word → hash of the set of UPOS tags it took in training. */
  ambiguityLexicon: [string, number][];
  weights: LinearModelData;
}

/** Greedy left-to-right averaged-perceptron tagger over joint UPOS/XPOS/verb-form classes. */
export class Tagger {
  readonly classes: readonly string[];
  private readonly model: LinearModel;
  private readonly dictionary: Map<string, number>;
  private readonly lexicon: Map<string, number>;
  private readonly features = new Uint32Array(TAGGER_FEATURE_COUNT);
  private scores: Int32Array;
  private readonly classUpos: string[];
  /** Classes that mark a verb's base form next (a modal, infinitival "to"): MD and TO. */
  private readonly verbMarker: Uint8Array;
  /** Adverb classes that may stand between a modal and its verb ("shall not store", "will promptly process"). */
  private readonly adverb: Uint8Array;
  /** Classes the tag dictionary fixes that a verb marker before them overrules: nouns and adjectives. */
  private readonly nominal: Uint8Array;
  private context: TaggerContext | undefined;
  /**
   * Score parts per word type (sums of integer weights, so adding them gives the same scores as scoring all
   * keys at once): `typeOf` maps a word to its number, `parts` holds at (number * ROLES + role) * classes
   * the part and `ready` whether it was computed. Words repeat, and these templates hold most of the
   * entries a word's scoring adds.
   */
  private readonly typeOf = new Map<string, number>();
  private parts: Int32Array | undefined;
  private readonly ready = new Uint8Array(TYPE_LIMIT * ROLES);
  private types = new Int32Array(64);
  private readonly partKeys = new Uint32Array(TAGGER_FEATURE_COUNT);
  private readonly partScores: Int32Array;
  /** The part of the templates of the two previous classes, per pair: place in `classParts` by key. */
  private readonly classPartOf = new Map<number, number>();
  private classParts: Int32Array | undefined;
  /**
   * The part of `taggerFlagFeatures` per `taggerFlagKey`: place in `flagParts` by key. The row after the last
   * stays zero, for a token whose flags have no key (its template is then scored with the others).
   */
  private readonly flagPartOf = new Map<number, number>();
  private flagParts: Int32Array | undefined;
  /** Whether some normalised word of the lexicon has the ambiguity hash 0, which then cannot tell that it is known. */
  private readonly zeroAmbiguity: boolean;

  constructor(readonly data: TaggerModelData) {
    this.classes = data.classes;
    this.model = new LinearModel(data.weights);
    this.dictionary = new Map(data.tagDictionary);
    this.lexicon = new Map(data.ambiguityLexicon);
    this.scores = new Int32Array(data.classes.length);
    this.partScores = new Int32Array(data.classes.length);
    this.classUpos = data.classes.map((name) => name.split(' ')[0] ?? name);
    this.verbMarker = Uint8Array.from(data.classes, (name) => (/^\S+ (MD|TO)(\s|$)/.test(name) ? 1 : 0));
    this.adverb = Uint8Array.from(data.classes, (name) => (/^(ADV|PART) RB(\s|$)/.test(name) ? 1 : 0));
    this.nominal = Uint8Array.from(this.classUpos, (upos) => (upos === 'NOUN' || upos === 'ADJ' ? 1 : 0));
    this.zeroAmbiguity = data.ambiguityLexicon.some(([, hash]) => hash === 0);
  }

  /** Whether a verb's base or present form may come at `i`: after a modal, "to", an adverb after one, or a Subject pronoun. */
  private verbContext(words: readonly string[], i: number, previous: number, previous2: number): boolean {
    if (previous < 0) return false;
    if (this.verbMarker[previous] === 1) return true;
    if (this.adverb[previous] === 1 && previous2 >= 0 && this.verbMarker[previous2] === 1) return true;
    return SUBJECT_PRONOUNS.has(words[i - 1] ?? '');
  }

  /** The `WordHashes` of the words of the last `tagClasses` call (copies). */
  wordHashes(): WordHashes {
    if (this.context === undefined) throw new Error('wordHashes() before tagClasses()');
    return contextWordHashes(this.context);
  }

  /** Whether the tagger learnt the word's possible tags from training (seen at least twice). */
  knows(word: string): boolean {
    // The memo of the word's hashes has its normalised form (no lowercasing and digit tests per call).
    return this.dictionary.has(word) || this.lexicon.has(lexicalEntry(word).normalized);
  }

  /** The class id of every word. */
  tagClasses(
    words: readonly string[],
    allowed?: AllowedTags | AllowedTagsAt,
    required?: RequiredTags | readonly RequiredTags[],
  ): Int32Array {
    const context = reusableTaggerContext(this.context, words, this.lexicon);
    this.context = context;
    const tags = new Int32Array(words.length);
    const classCount = this.classes.length;
    const scores = this.scores;
    // A sentence longer than the store is scored key by key.
    const kept = words.length <= TYPE_LIMIT;
    if (kept && this.typeOf.size + words.length > TYPE_LIMIT) {
      this.typeOf.clear();
      this.ready.fill(0);
    }
    if (kept && this.types.length < words.length) this.types = new Int32Array(words.length * 2);
    const types = this.types;
    for (let i = 0; kept && i < words.length; i++) {
      const word = words[i]!;
      let type = this.typeOf.get(word);
      if (type === undefined) {
        type = this.typeOf.size;
        this.typeOf.set(word, type);
      }
      types[i] = type;
    }
    let previous = -1;
    let previous2 = -2;
    for (let i = 0; i < words.length; i++) {
      const must = requiredTagsAt(required, i);
      let tag = must === undefined ? this.dictionary.get(words[i]!) : undefined;
      // "Licensee shall store the samples": a word the dictionary fixes as a noun or adjective (seen only so in
      // training) right after a modal or infinitival "to" (or an adverb after one: "shall not store") or a
      // Subject pronoun ("we store") is scored by the model, which can read it as a verb.
      if (tag !== undefined && this.nominal[tag] === 1 && this.verbContext(words, i, previous, previous2))
        tag = undefined;
      if (tag === undefined && !kept) {
        const count = taggerFeatures(context, i, previous, previous2, this.features);
        this.model.score(this.features, count, scores);
        tag = must === undefined ? this.best(context, i, words[i]!, allowed) : this.constrainedArgmax(must);
      } else if (tag === undefined) {
        const features = this.features;
        const length = words.length;
        const flagKey = taggerFlagKey(context, i);
        let count = taggerContextFeatures(context, i, previous, previous2, features, flagKey >= 0);
        if (flagKey < 0) count = taggerFlagFeatures(context, i, features, count);
        // Parts that have no word to be kept for (at the sentence's ends) are scored with the rest.
        if (i === 0) {
          count = taggerOwnWordFeatures(context, i, features, count);
          count = taggerPreviousWordFeatures(context, i, features, count);
        }
        if (i + 1 === length) count = taggerNextWordFeatures(context, i, features, count);
        if (i + 2 >= length) count = taggerSecondNextWordFeatures(context, i, features, count);
        this.model.score(features, count, scores);
        // The row after the stores' last one stays zero: the part of a word the sentence does not have.
        const parts = this.parts ?? new Int32Array((TYPE_LIMIT * ROLES + 1) * classCount);
        this.parts = parts;
        const none = TYPE_LIMIT * ROLES * classCount;
        const own = i > 0 ? this.part(context, i, types[i]!, OWN) * classCount : none;
        const before = i > 0 ? this.part(context, i, types[i - 1]!, PREVIOUS) * classCount : none;
        const after = i + 1 < length ? this.part(context, i, types[i + 1]!, NEXT) * classCount : none;
        const second = i + 2 < length ? this.part(context, i, types[i + 2]!, SECOND_NEXT) * classCount : none;
        const pair = this.classPart(previous, previous2) * classCount;
        const classParts = this.classParts!;
        const flag = this.flagPart(context, i, flagKey) * classCount;
        const flagParts = this.flagParts!;
        for (let c = 0; c < classCount; c++) {
          scores[c] =
            scores[c]! +
            parts[own + c]! +
            parts[before + c]! +
            parts[after + c]! +
            parts[second + c]! +
            classParts[pair + c]! +
            flagParts[flag + c]!;
        }
        tag = must === undefined ? this.best(context, i, words[i]!, allowed) : this.constrainedArgmax(must);
      }
      tags[i] = tag;
      previous2 = previous;
      previous = tag;
    }
    return tags;
  }

  /** The place in `flagParts` of the part of `taggerFlagFeatures` for token `i` (key `key`), computed once per key. */
  private flagPart(context: TaggerContext, i: number, key: number): number {
    const classCount = this.classes.length;
    const flagParts = this.flagParts ?? new Int32Array((FLAG_TRIPLE_LIMIT + 1) * classCount);
    this.flagParts = flagParts;
    if (key < 0) return FLAG_TRIPLE_LIMIT;
    let place = this.flagPartOf.get(key);
    if (place === undefined) {
      if (this.flagPartOf.size === FLAG_TRIPLE_LIMIT) this.flagPartOf.clear();
      place = this.flagPartOf.size;
      this.flagPartOf.set(key, place);
      const keys = this.partKeys;
      this.model.score(keys, taggerFlagFeatures(context, i, keys), this.partScores);
      flagParts.set(this.partScores.subarray(0, classCount), place * classCount);
    }
    return place;
  }

  /** The place in `classParts` of the part of the templates of the two previous classes, computed once per pair. */
  private classPart(previous: number, previous2: number): number {
    const key = (previous + 1) * 65536 + previous2 + 2;
    let place = this.classPartOf.get(key);
    const classCount = this.classes.length;
    const classParts = this.classParts ?? new Int32Array(CLASS_PAIR_LIMIT * classCount);
    this.classParts = classParts;
    if (place === undefined) {
      if (this.classPartOf.size === CLASS_PAIR_LIMIT) this.classPartOf.clear();
      place = this.classPartOf.size;
      this.classPartOf.set(key, place);
      const keys = this.partKeys;
      this.model.score(keys, taggerPreviousClassFeatures(previous, previous2, keys), this.partScores);
      classParts.set(this.partScores.subarray(0, classCount), place * classCount);
    }
    return place;
  }

  /**
   * The best class for token `i` (`word`) by the scores, among those `allowed` allows it (when they constrain it).
   * Called only for words the tag dictionary does not have, so the word is known exactly when the lexicon has its
   * normalised form, which the context's ambiguity hash tells without looking the word up again.
   */
  private best(
    context: TaggerContext,
    i: number,
    word: string,
    allowed: AllowedTags | AllowedTagsAt | undefined,
  ): number {
    if (allowed === undefined) return argmax(this.scores, this.classes.length);
    const known = this.zeroAmbiguity ? this.knows(word) : contextAmbiguity(context, i) !== 0;
    if (known) return argmax(this.scores, this.classes.length);
    const only = typeof allowed === 'function' ? allowed(i) : allowed[i];
    return only !== undefined && only.size > 0
      ? this.constrainedArgmax(only)
      : argmax(this.scores, this.classes.length);
  }

  /**
   * The place in `parts` of word type `type`'s part for `role` (OWN: token `i` is that word; NEXT: token
   * `i + 1` is; PREVIOUS: token `i - 1` is; SECOND_NEXT: token `i + 2` is), computed from token `i`'s
   * context the first time.
   */
  private part(context: TaggerContext, i: number, type: number, role: number): number {
    const place = type * ROLES + role;
    if (this.ready[place] === 1) return place;
    const keys = this.partKeys;
    const count =
      role === OWN
        ? taggerOwnWordFeatures(context, i, keys)
        : role === NEXT
          ? taggerNextWordFeatures(context, i, keys)
          : role === PREVIOUS
            ? taggerPreviousWordFeatures(context, i, keys)
            : taggerSecondNextWordFeatures(context, i, keys);
    const classCount = this.classes.length;
    const part = this.partScores;
    this.model.score(keys, count, part);
    this.parts!.set(part.subarray(0, classCount), place * classCount);
    this.ready[place] = 1;
    return place;
  }

  /** The best class whose UPOS is allowed, or the best class when none is. */
  private constrainedArgmax(only: ReadonlySet<string>): number {
    let best = -1;
    for (let c = 0; c < this.classes.length; c++) {
      if (!only.has(this.classUpos[c]!)) continue;
      if (best < 0 || this.scores[c]! > this.scores[best]!) best = c;
    }
    return best < 0 ? argmax(this.scores, this.classes.length) : best;
  }
}

export function argmax(scores: ArrayLike<number>, count: number): number {
  let best = 0;
  for (let c = 1; c < count; c++) if (scores[c]! > scores[best]!) best = c;
  return best;
}
