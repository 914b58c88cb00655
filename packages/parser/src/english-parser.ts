import type { Upos } from '@cae/core';
import { DependencyParser } from './dependency-parser';
import { Lemmatizer } from './lemmatizer';
import { deprojectivize, LIFT_MARK } from './lifting';
import type { ModelBundle } from './model-format';
import { agreeWithSubjects, type Features, Morphology } from './morphology';
import { attachTaggedPunctuation } from './punctuation';
import { parseTagClass, type TagClass } from './tag-classes';
import { type AllowedTags, type AllowedTagsAt, type RequiredTags, Tagger } from './tagger';
import type { WordHashes } from './tagger-features';

/** Options of one call. */
export interface TagOptions {
  /**
   * UPOS tags an outside lexicon allows per word (same length as the words; `undefined` for no
   * constraint); they constrain only words the tagger did not learn from its training data.
   */
  readonly allowed?: AllowedTags;
  /**
   * The same as `allowed` as a function of the word's position, asked only for the words it can constrain (used
   * when `allowed` is not given): spares the caller a set for every word the tagger knows anyway.
   */
  readonly allowedAt?: AllowedTagsAt;
  /**
   * UPOS tags one word must take, known to the tagger or not (the best-scoring class among them); several groups
   * constrain several words at once (the last group naming a word decides).
   */
  readonly required?: RequiredTags | readonly RequiredTags[];
  /**
   * `guideline` (the default) re-attaches punctuation as UD's guideline attaches it (`attachPunctuation`);
   * `as-parsed` keeps the transition parser's attachments. Read by `parse` and `parseMany` only.
   */
  readonly punctuation?: 'guideline' | 'as-parsed';
}

/** A word with its part of speech, morphological features and lemma. */
export interface TaggedWord {
  word: string;
  upos: Upos;
  /** Penn Treebank tag. */
  xpos: string;
  /** UD features: VerbForm, Mood, Tense, Person, Number, … */
  feats: Features;
  lemma: string;
}

/** A tagged word with its place in the dependency tree. */
export interface ParsedWord extends TaggedWord {
  /** 0 for the root of the sentence, otherwise the 1-based position of the head word. */
  head: number;
  /** UD relation, subtypes included ("nsubj:pass", "obl:tmod"). */
  deprel: string;
}

/** Tags and parses one tokenised sentence at a time. */
export interface Parser {
  tag(words: readonly string[], options?: TagOptions): TaggedWord[];
  parse(words: readonly string[], options?: TagOptions): ParsedWord[];
  /**
   * Parses many sentences: tags them all first, then parses, which keeps each model's tables in cache.
   * `options`, when given, has the options of each sentence.
   */
  parseMany(
    sentences: readonly (readonly string[])[],
    options?: readonly (TagOptions | undefined)[],
  ): ParsedWord[][];
}

/** The tagger, feature guesser, lemmatizer and dependency parser of one model bundle. */
export class EnglishParser implements Parser {
  private readonly tagger: Tagger;
  private readonly classes: TagClass[];
  private readonly morphology: Morphology;
  private readonly lemmatizer: Lemmatizer;
  private readonly dependencies: DependencyParser;
  /** Whether some parser labels record a lift (a model trained with `nonProjective: 'lift-head'`). */
  private readonly liftLabels: boolean;
  /** 1 for each tag class whose UPOS is PUNCT. */
  private readonly punctClass: Uint8Array;

  constructor(readonly bundle: ModelBundle) {
    this.tagger = new Tagger(bundle.tagger);
    this.classes = bundle.tagger.classes.map(parseTagClass);
    this.morphology = new Morphology(bundle.morphology, bundle.tagger.classes);
    this.lemmatizer = new Lemmatizer(bundle.lemmatizer);
    this.dependencies = new DependencyParser(bundle.parser);
    this.liftLabels = bundle.parser.labels.some((label) => label.includes(LIFT_MARK));
    this.punctClass = Uint8Array.from(this.classes, (tagClass) => (tagClass.upos === 'PUNCT' ? 1 : 0));
  }

  tag(words: readonly string[], options: TagOptions = {}): TaggedWord[] {
    const tags = this.tagger.tagClasses(words, options.allowed ?? options.allowedAt, options.required);
    const tagged: TaggedWord[] = new Array(words.length);
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      const { upos, xpos } = this.classes[tags[i]!]!;
      const lower = word.toLowerCase();
      tagged[i] = {
        word,
        upos: upos as Upos,
        xpos,
        feats: this.morphology.feats(word, tags[i]!, lower),
        lemma: this.lemmatizer.lemma(word, upos, xpos, lower),
      };
    }
    return tagged;
  }

  parse(words: readonly string[], options: TagOptions = {}): ParsedWord[] {
    const tags = this.tagger.tagClasses(words, options.allowed ?? options.allowedAt, options.required);
    return this.parseTagged(words, tags, this.tagger.wordHashes(), options.punctuation);
  }

  parseMany(
    sentences: readonly (readonly string[])[],
    options?: readonly (TagOptions | undefined)[],
  ): ParsedWord[][] {
    const tags: Int32Array[] = [];
    const hashes: WordHashes[] = [];
    for (let i = 0; i < sentences.length; i++) {
      const own = options?.[i];
      tags.push(this.tagger.tagClasses(sentences[i]!, own?.allowed ?? own?.allowedAt, own?.required));
      hashes.push(this.tagger.wordHashes());
    }
    return sentences.map((words, i) =>
      this.parseTagged(words, tags[i]!, hashes[i], options?.[i]?.punctuation),
    );
  }

  private parseTagged(
    words: readonly string[],
    tags: Int32Array,
    hashes?: WordHashes,
    punctuation: TagOptions['punctuation'] = 'guideline',
  ): ParsedWord[] {
    const tree = this.dependencies.parse(words, tags, hashes);
    const labels = this.dependencies.labels;
    const parsed: ParsedWord[] = new Array(words.length);
    let heads: number[] | Int32Array = tree.heads;
    let deprels: string[] | undefined;
    if (this.liftLabels) {
      const lowered = Array.from(tree.heads.subarray(0, words.length));
      deprels = Array.from(tree.labels.subarray(0, words.length), (label) => labels[label] ?? 'dep');
      deprojectivize(lowered, deprels);
      heads = lowered;
    }
    // Marks moved by the punctuation pass, labelled `punct`.
    let moved: Uint8Array | undefined;
    if (punctuation !== 'as-parsed') {
      const tagged = new Uint8Array(words.length);
      for (let i = 0; i < words.length; i++) tagged[i] = this.punctClass[tags[i]!]!;
      moved = new Uint8Array(words.length);
      if (!attachTaggedPunctuation(words, tagged, heads, moved)) moved = undefined;
    }
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      const { upos, xpos } = this.classes[tags[i]!]!;
      const lower = word.toLowerCase();
      parsed[i] = {
        word,
        upos: upos as Upos,
        xpos,
        feats: this.morphology.feats(word, tags[i]!, lower),
        lemma: this.lemmatizer.lemma(word, upos, xpos, lower),
        head: heads[i]!,
        deprel: moved?.[i] === 1 ? 'punct' : deprels ? deprels[i]! : (labels[tree.labels[i]!] ?? 'dep'),
      };
    }
    agreeWithSubjects(parsed);
    return parsed;
  }
}
