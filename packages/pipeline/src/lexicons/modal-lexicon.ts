import type { ModalityType } from '@cae/core';
import { lexiconTable } from './lexicon-table';

/** Where a modal cue sits in the clause. */
export type ModalKind = 'operator' | 'adjunct' | 'expression' | 'adjective' | 'verb' | 'noun' | 'hedge';

/** One modal cue: its value (0..1) and the kind of modality it realises. */
export interface ModalEntry {
  readonly weight: number;
  readonly type: ModalityType;
  readonly kind: ModalKind;
  /** Id of the rule that added this entry ("MODALITY.EXPECTED_TO"), cited in the trace as `modal_rules`. */
  readonly rule?: string;
  /** The clause's polarity when this cue decides it, whatever its negators say ("is prohibited": negative). */
  readonly polarity?: 'positive' | 'negative';
}

const entry = (weight: number, type: ModalityType, kind: ModalKind): ModalEntry => ({ weight, type, kind });

/** Modal operators (finite modal auxiliaries), keyed by lemma. Values follow ANNOTATION.md bands. */
export const MODAL_OPERATORS: Readonly<Record<string, ModalEntry>> = lexiconTable({
  must: entry(0.9, 'obligation', 'operator'),
  shall: entry(0.6, 'obligation', 'operator'),
  will: entry(0.6, 'probability', 'operator'),
  would: entry(0.6, 'probability', 'operator'),
  should: entry(0.6, 'obligation', 'operator'),
  /** Ability/readiness ("can reach speeds", "can be found"): modulation, kept just below epistemic "may". */
  can: entry(0.25, 'inclination', 'operator'),
  could: entry(0.3, 'probability', 'operator'),
  may: entry(0.3, 'probability', 'operator'),
  might: entry(0.28, 'probability', 'operator'),
  ought: entry(0.6, 'obligation', 'operator'),
  need: entry(0.9, 'obligation', 'operator'),
  dare: entry(0.3, 'inclination', 'operator'),
});

/**
 * Modal readings of "will"/"'ll"/"shall" once future tense is set aside (see `operatorReading` in
 * modality-analyzer.ts): volition or refusal in the first person ("I'll help", "we won't"), a request
 * ("Will you help?"), and prediction about a present state ("That will be the postman").
 */
export const OPERATOR_READINGS: Readonly<Record<'volition' | 'request' | 'prediction', ModalEntry>> = {
  volition: entry(0.6, 'inclination', 'operator'),
  request: entry(0.6, 'inclination', 'operator'),
  prediction: entry(0.6, 'probability', 'operator'),
};

/**
 * Multi-word modal expressions, keyed by the lemmas before the infinitive marker `to`
 * ("have to", "be supposed to"); matched when `to` follows.
 */
export const MODAL_EXPRESSIONS: Readonly<Record<string, ModalEntry>> = lexiconTable({
  have: entry(0.9, 'obligation', 'expression'),
  need: entry(0.9, 'obligation', 'expression'),
  ought: entry(0.6, 'obligation', 'expression'),
  supposed: entry(0.6, 'obligation', 'expression'),
  required: entry(0.9, 'obligation', 'expression'),
  obliged: entry(0.9, 'obligation', 'expression'),
  allowed: entry(0.3, 'obligation', 'expression'),
  permitted: entry(0.3, 'obligation', 'expression'),
  able: entry(0.25, 'inclination', 'expression'),
  /** "unable to" is "cannot": the same ability modulation as "able to", negated. */
  unable: entry(0.25, 'inclination', 'expression'),
  /** "has the potential to spread" is "could spread": capacity, valued like "able to". */
  potential: entry(0.25, 'inclination', 'expression'),
  likely: entry(0.6, 'probability', 'expression'),
  unlikely: entry(0.6, 'probability', 'expression'),
  certain: entry(0.9, 'probability', 'expression'),
  sure: entry(0.9, 'probability', 'expression'),
  bound: entry(0.9, 'probability', 'expression'),
  willing: entry(0.6, 'inclination', 'expression'),
  determined: entry(0.9, 'inclination', 'expression'),
  keen: entry(0.6, 'inclination', 'expression'),
  want: entry(0.6, 'inclination', 'expression'),
  wish: entry(0.6, 'inclination', 'expression'),
  intend: entry(0.6, 'inclination', 'expression'),
  tend: entry(0.6, 'usuality', 'expression'),
  seem: entry(0.5, 'probability', 'expression'),
  appear: entry(0.5, 'probability', 'expression'),
  thought: entry(0.6, 'probability', 'expression'),
  said: entry(0.6, 'probability', 'expression'),
  known: entry(0.4, 'probability', 'expression'),
  reported: entry(0.6, 'probability', 'expression'),
  believed: entry(0.6, 'probability', 'expression'),
  considered: entry(0.4, 'probability', 'expression'),
  rumored: entry(0.6, 'probability', 'expression'),
  rumoured: entry(0.6, 'probability', 'expression'),
  alleged: entry(0.6, 'probability', 'expression'),
  claimed: entry(0.4, 'probability', 'expression'),
  /**
   * "Prices are expected to rise" is "prices will probably rise": prediction attributed to no one
   * named, median like "likely to" (lexicon entry MODALITY.EXPECTED_TO).
   */
  expected: { ...entry(0.6, 'probability', 'expression'), rule: 'MODALITY.EXPECTED_TO' },
});

/** Modal adjuncts (adverbs) of probability and usuality, keyed by lower-case form. */
export const MODAL_ADJUNCTS: Readonly<Record<string, ModalEntry>> = lexiconTable({
  certainly: entry(0.9, 'probability', 'adjunct'),
  definitely: entry(0.9, 'probability', 'adjunct'),
  surely: entry(0.9, 'probability', 'adjunct'),
  undoubtedly: entry(0.9, 'probability', 'adjunct'),
  necessarily: entry(0.9, 'obligation', 'adjunct'),
  always: entry(0.9, 'usuality', 'adjunct'),
  invariably: entry(0.9, 'usuality', 'adjunct'),
  obviously: entry(0.85, 'probability', 'adjunct'),
  clearly: entry(0.85, 'probability', 'adjunct'),
  probably: entry(0.6, 'probability', 'adjunct'),
  likely: entry(0.6, 'probability', 'adjunct'),
  presumably: entry(0.6, 'probability', 'adjunct'),
  apparently: entry(0.5, 'probability', 'adjunct'),
  supposedly: entry(0.6, 'probability', 'adjunct'),
  allegedly: entry(0.6, 'probability', 'adjunct'),
  reportedly: entry(0.6, 'probability', 'adjunct'),
  usually: entry(0.6, 'usuality', 'adjunct'),
  generally: entry(0.6, 'usuality', 'adjunct'),
  normally: entry(0.6, 'usuality', 'adjunct'),
  typically: entry(0.6, 'usuality', 'adjunct'),
  /** "routinely", "customarily", "habitually": usuality, synonyms of "usually". */
  routinely: entry(0.6, 'usuality', 'adjunct'),
  customarily: entry(0.6, 'usuality', 'adjunct'),
  habitually: entry(0.6, 'usuality', 'adjunct'),
  often: entry(0.6, 'usuality', 'adjunct'),
  frequently: entry(0.6, 'usuality', 'adjunct'),
  possibly: entry(0.3, 'probability', 'adjunct'),
  arguably: entry(0.3, 'probability', 'adjunct'),
  purportedly: entry(0.6, 'probability', 'adjunct'),
  seemingly: entry(0.5, 'probability', 'adjunct'),
  widely: entry(0.4, 'probability', 'adjunct'),
  reputedly: entry(0.6, 'probability', 'adjunct'),
  perhaps: entry(0.3, 'probability', 'adjunct'),
  maybe: entry(0.3, 'probability', 'adjunct'),
  conceivably: entry(0.3, 'probability', 'adjunct'),
  potentially: entry(0.3, 'probability', 'adjunct'),
  sometimes: entry(0.3, 'usuality', 'adjunct'),
  occasionally: entry(0.3, 'usuality', 'adjunct'),
  rarely: entry(0.3, 'usuality', 'adjunct'),
  seldom: entry(0.3, 'usuality', 'adjunct'),
});

/** Modal adjectives and participles used predicatively or attributively ("it is possible", "a putative role"). */
export const MODAL_ADJECTIVES: Readonly<Record<string, ModalEntry>> = lexiconTable({
  certain: entry(0.9, 'probability', 'adjective'),
  necessary: entry(0.9, 'obligation', 'adjective'),
  mandatory: entry(0.9, 'obligation', 'adjective'),
  compulsory: entry(0.9, 'obligation', 'adjective'),
  essential: entry(0.9, 'obligation', 'adjective'),
  likely: entry(0.6, 'probability', 'adjective'),
  unlikely: entry(0.6, 'probability', 'adjective'),
  probable: entry(0.6, 'probability', 'adjective'),
  possible: entry(0.3, 'probability', 'adjective'),
  potential: entry(0.3, 'probability', 'adjective'),
  putative: entry(0.3, 'probability', 'adjective'),
  unclear: entry(0.3, 'probability', 'adjective'),
  unknown: entry(0.3, 'probability', 'adjective'),
  uncertain: entry(0.3, 'probability', 'adjective'),
  doubtful: entry(0.3, 'probability', 'adjective'),
  questionable: entry(0.3, 'probability', 'adjective'),
  presumed: entry(0.6, 'probability', 'adjective'),
  suspected: entry(0.3, 'probability', 'adjective'),
  /** Attributive participles of attribution ("his alleged role"), valued like passive "is alleged". */
  alleged: entry(0.4, 'probability', 'adjective'),
  purported: entry(0.4, 'probability', 'adjective'),
  reputed: entry(0.4, 'probability', 'adjective'),
  hypothetical: entry(0.3, 'probability', 'adjective'),
});

/**
 * Participles whose passive after "be", with no to-infinitive after it, states a rule about what its
 * Subject names (MODALITY.PASSIVE_DEONTIC; ANNOTATION.md: "required" is high obligation, permission the
 * low end of obligation, a prohibition high obligation with negative polarity): "A security deposit is
 * required.", "Pets are permitted.", "Smoking is prohibited in all units." Keyed by lower-case form.
 */
export const DEONTIC_PASSIVES: Readonly<Record<string, 'requirement' | 'permission' | 'prohibition'>> =
  lexiconTable({
    required: 'requirement',
    mandated: 'requirement',
    permitted: 'permission',
    allowed: 'permission',
    prohibited: 'prohibition',
    forbidden: 'prohibition',
    banned: 'prohibition',
  });

/**
 * Subjects of a passive of saying that stand for the projected clause, not for what was said (MODALITY.REPORTED_THING
 * reads only other Subjects): "It is reported | that the mayor resigned", "This is believed".
 */
export const PROJECTED_FROM_SUBJECTS: ReadonlySet<string> = new Set([
  'it',
  'this',
  'that',
  'which',
  'what',
  'as',
]);

/**
 * Passive participles of verbs of saying and thinking that project an extraposed that-clause ("it is
 * said that", "it is believed that"): attribution to an unnamed source, an interpersonal metaphor of
 * low-to-median probability (Wikipedia's weasel wording). Matched only after a form of "be" and before
 * "that"; keyed by lower-case form. Hearsay and belief ("said", "believed", "reported") mean what
 * epistemic "is supposed to" means and share its median value (0.6, as "reportedly", "supposedly");
 * attributions that argue, assume, estimate or agree ("suggested", "accepted") stay at 0.4.
 */
export const PASSIVE_PROJECTION: Readonly<Record<string, ModalEntry>> = lexiconTable({
  said: entry(0.6, 'probability', 'expression'),
  thought: entry(0.6, 'probability', 'expression'),
  believed: entry(0.6, 'probability', 'expression'),
  reported: entry(0.6, 'probability', 'expression'),
  known: entry(0.4, 'probability', 'expression'),
  claimed: entry(0.4, 'probability', 'expression'),
  alleged: entry(0.6, 'probability', 'expression'),
  rumored: entry(0.6, 'probability', 'expression'),
  rumoured: entry(0.6, 'probability', 'expression'),
  suggested: entry(0.4, 'probability', 'expression'),
  argued: entry(0.4, 'probability', 'expression'),
  assumed: entry(0.4, 'probability', 'expression'),
  estimated: entry(0.4, 'probability', 'expression'),
  /** "It is widely accepted that": consensus attributed to no one named. */
  accepted: entry(0.4, 'probability', 'expression'),
  /** Only before "as": "has been described as", "is widely seen as". */
  described: entry(0.4, 'probability', 'expression'),
  seen: entry(0.4, 'probability', 'expression'),
  viewed: entry(0.4, 'probability', 'expression'),
});

/**
 * Verbs that realise modality as an interpersonal metaphor of probability ("I believe that" = probably,
 * "it seems to", "the data suggest that"), keyed by lemma. ANNOTATION.md ties modality to modal verbs
 * and adjuncts, so these count only when the verb projects a clause or takes a to-infinitive (see
 * `projects` in modality-analyzer.ts); with a nominal object ("We doubt his story", "The line indicates
 * the border") they are ordinary mental or relational processes with no modality. Values stay low.
 */
export const MODAL_VERBS: Readonly<Record<string, ModalEntry>> = lexiconTable({
  suggest: entry(0.4, 'probability', 'verb'),
  indicate: entry(0.4, 'probability', 'verb'),
  seem: entry(0.5, 'probability', 'verb'),
  appear: entry(0.5, 'probability', 'verb'),
  suppose: entry(0.5, 'probability', 'verb'),
  assume: entry(0.5, 'probability', 'verb'),
  presume: entry(0.6, 'probability', 'verb'),
  speculate: entry(0.4, 'probability', 'verb'),
  hypothesize: entry(0.4, 'probability', 'verb'),
  hypothesise: entry(0.4, 'probability', 'verb'),
  doubt: entry(0.4, 'probability', 'verb'),
  guess: entry(0.4, 'probability', 'verb'),
  suspect: entry(0.4, 'probability', 'verb'),
  estimate: entry(0.4, 'probability', 'verb'),
  believe: entry(0.5, 'probability', 'verb'),
  consider: entry(0.4, 'probability', 'verb'),
  regard: entry(0.4, 'probability', 'verb'),
  claim: entry(0.4, 'probability', 'verb'),
  argue: entry(0.4, 'probability', 'verb'),
  allege: entry(0.4, 'probability', 'verb'),
  rumor: entry(0.4, 'probability', 'verb'),
  rumour: entry(0.4, 'probability', 'verb'),
  imply: entry(0.4, 'probability', 'verb'),
});

/**
 * Adjectives that realise ability (modulation, the "can" of dynamic modality) before "of" ("capable
 * of binding" = "can bind", "incapable of lying" = "cannot lie"); valued like "able to". Matched
 * only before "of": "a capable manager" is an ordinary Epithet.
 */
export const ABILITY_OF_ADJECTIVES: Readonly<Record<string, ModalEntry>> = lexiconTable({
  capable: entry(0.25, 'inclination', 'adjective'),
  incapable: entry(0.25, 'inclination', 'adjective'),
});

/**
 * Phrases with the noun "doubt" that deny doubt and so mean "certainly" (high probability), keyed by
 * the word before "doubt" (after an optional "a"/"any"): "without (a) doubt", "beyond doubt", "no
 * doubt". Kind "noun", like "the possibility that", so "There is no doubt that ..." projects its
 * value onto the that-clause.
 */
export const DOUBT_PHRASES: Readonly<Record<string, ModalEntry>> = lexiconTable({
  without: entry(0.9, 'probability', 'noun'),
  beyond: entry(0.9, 'probability', 'noun'),
  no: entry(0.9, 'probability', 'noun'),
});

/** Nouns that carry modality ("the possibility that"), keyed by lemma. */
export const MODAL_NOUNS: Readonly<Record<string, ModalEntry>> = lexiconTable({
  possibility: entry(0.3, 'probability', 'noun'),
  likelihood: entry(0.6, 'probability', 'noun'),
  probability: entry(0.6, 'probability', 'noun'),
  hypothesis: entry(0.3, 'probability', 'noun'),
  speculation: entry(0.3, 'probability', 'noun'),
  obligation: entry(0.9, 'obligation', 'noun'),
  requirement: entry(0.9, 'obligation', 'noun'),
});

/** Conjunctions that project an open question ("whether it works"), keyed by lower-case form. */
export const MODAL_CONJUNCTIONS: Readonly<Record<string, ModalEntry>> = lexiconTable({
  whether: entry(0.3, 'probability', 'adjunct'),
});

/**
 * Hedges of vague attribution and quantity ("some say", "many believe", "in some cases"): Wikipedia's
 * weasel wording, which withholds full commitment; low probability modalisation, keyed by lower-case
 * form and matched on determiners, pronouns and adjectives. Like the weaker attributions to an unnamed
 * source ("is claimed", "it is suggested") they sit at 0.4, the top of the low band, above dynamic
 * "can" (0.25) and below median "probably" and hearsay "it is said" (0.6).
 */
export const HEDGE_QUANTIFIERS: Readonly<Record<string, ModalEntry>> = lexiconTable({
  some: entry(0.4, 'probability', 'hedge'),
  many: entry(0.4, 'probability', 'hedge'),
  several: entry(0.4, 'probability', 'hedge'),
  numerous: entry(0.4, 'probability', 'hedge'),
  few: entry(0.4, 'probability', 'hedge'),
  various: entry(0.4, 'probability', 'hedge'),
  most: entry(0.4, 'probability', 'hedge'),
  others: entry(0.4, 'probability', 'hedge'),
  /** Attributive "certain" ("in certain cases") is a vague quantifier, not high probability. */
  certain: entry(0.4, 'probability', 'hedge'),
});

/** Nouns whose infinitive is their modal complement, not a purpose: "has the potential to spread" ("could spread"). */
export const CAPACITY_NOUNS: ReadonlySet<string> = new Set(['potential']);

/**
 * Pronouns (and "there", "this") that, before a Finite or verb right after a verb of MODAL_VERBS, open the
 * clause it projects ("I doubt he came").
 */
export const PROJECTED_SUBJECTS: ReadonlySet<string> = new Set([
  'i',
  'you',
  'he',
  'she',
  'we',
  'they',
  'it',
  'there',
  'this',
]);

/** Words before "many"/"few" that make them a plain measure of quantity ("how many", "too many"). */
export const MANY_FEW_MEASURERS: ReadonlySet<string> = new Set(['how', 'too', 'so', 'as']);

/** Quantifiers the tagger may read as nouns at the start of a sentence ("Several critics ..."). */
export const QUANTIFIER_NOUNS: ReadonlySet<string> = new Set([
  'several',
  'certain',
  'many',
  'some',
  'numerous',
  'various',
  'others',
]);

/** Passive participles that attribute a view only before "as" ("has been described as"). */
export const AS_ONLY_PARTICIPLES: ReadonlySet<string> = new Set(['described', 'seen', 'viewed']);

/**
 * Words that are modal adjectives only before a noun ("the alleged theft", not "they alleged fraud";
 * "a potential buyer", not the noun of capacity the tagger may read as an adjective, "a great potential").
 */
export const ATTRIBUTIVE_ONLY_MODAL_ADJECTIVES: ReadonlySet<string> = new Set([
  'alleged',
  'purported',
  'reputed',
  'potential',
]);

/**
 * Modal adjectives that are modal only predicatively ("it is essential that", "essential to success");
 * before a noun "essential" means basic or intrinsic ("the essential difference", "essential oils").
 */
export const PREDICATIVE_ONLY_MODAL_ADJECTIVES: ReadonlySet<string> = new Set(['essential']);

/**
 * Words after which a modal's form is a noun the tagger read as an operator: articles, possessive
 * determiners and the usual modifiers of "will" ("of their own free will", "with all his might", "a
 * must", "good will"). "her" is left out: it is also an object pronoun before a finite ("let her will").
 */
export const MODAL_NOUN_DETERMINERS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'my',
  'your',
  'his',
  'its',
  'our',
  'their',
  'free',
  'good',
  'ill',
  'own',
]);

/** Determiners before "doubt" inside a modal adjunct ("without a doubt", "beyond any doubt"). */
export const DOUBT_DETERMINERS: ReadonlySet<string> = new Set(['a', 'any', 'all']);

/**
 * Verbs of saying and opinion whose Sayer or Senser can be a vague quantifier ("some say that",
 * "others have written that"): the vague attribution is then the modality of the projected clause.
 */
export const VAGUE_SOURCE_SAYING_VERBS: ReadonlySet<string> = new Set([
  'say',
  'think',
  'feel',
  'write',
  'state',
  'maintain',
  'contend',
  'hold',
  'assert',
  'insist',
]);

/** Usuality adverbs that are manner right after the verb ("breathing normally"). */
export const MANNER_USUALITY_ADVERBS: ReadonlySet<string> = new Set(['normally', 'regularly']);

/**
 * Verbs of what an addressee chooses to do, after which "you may" gives permission (MODALITY.ADDRESSEE_PERMISSION):
 * "You may return to work", "You may cancel at any time". Verbs of what happens to the addressee ("feel",
 * "notice", "lose", "receive") are not here: "You may feel dizzy" is probability.
 */
export const ADDRESSEE_ACTIONS: ReadonlySet<string> = new Set(
  (
    'return resume shower bathe swim drive eat drink take use leave go come remove start begin walk exercise ' +
    'contact call email write cancel keep park bring enter stay sit choose submit apply request withdraw opt pay ' +
    'print copy download share borrow visit attend wear smoke sign vote'
  ).split(' '),
);
