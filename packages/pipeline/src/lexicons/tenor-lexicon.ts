import { wordSet } from './word-classes';
/** A tenor feature: its weight (negative is closer, positive more distant) and the cap on how often it counts. */
export interface TenorFeature {
  readonly weight: number;
  readonly maxCount: number;
  readonly description: string;
}

/** Tenor starts from this neutral value; feature weights are added and the sum is clamped to 0..1. */
export const TENOR_BASE = 0.5;

/** Features of social distance (ANNOTATION.md, "Tenor"), each named in the reasoning trace. */
export const TENOR_FEATURES = {
  contraction: { weight: -0.12, maxCount: 2, description: "contracted forms such as don't, I'm" },
  first_person: { weight: -0.06, maxCount: 2, description: 'I, we, me, us, my, our' },
  second_person: { weight: -0.08, maxCount: 2, description: 'you, your' },
  informal_vocabulary: { weight: -0.12, maxCount: 2, description: 'slang and chat words (gonna, yeah, hey)' },
  bare_imperative: { weight: -0.1, maxCount: 1, description: 'a command without politeness marker' },
  exclamation: { weight: -0.08, maxCount: 1, description: 'exclamation mark' },
  interjection: { weight: -0.08, maxCount: 1, description: 'interjections (oh, wow, hey)' },
  third_person: { weight: 0.04, maxCount: 1, description: 'third-person participants only' },
  passive_voice: { weight: 0.12, maxCount: 1, description: 'passive verbal group' },
  nominalisation: {
    weight: 0.06,
    maxCount: 3,
    description: 'nouns in -tion, -ment, -ness, -ity, -ance, -ence',
  },
  politeness_marker: { weight: 0.12, maxCount: 1, description: 'please, kindly, thank you' },
  hedged_request: { weight: 0.1, maxCount: 1, description: 'would/could/may + you or I in a request' },
  formal_vocabulary: { weight: 0.1, maxCount: 2, description: 'hence, thereby, whereas, pursuant, shall' },
  long_words: { weight: 0.06, maxCount: 1, description: 'average word length above 6 letters' },
} as const satisfies Readonly<Record<string, TenorFeature>>;

/** Name of a tenor feature. */
export type TenorFeatureName = keyof typeof TENOR_FEATURES;

/** Informal words (lower case). */
export const INFORMAL_WORDS: ReadonlySet<string> =
  wordSet(`gonna wanna gotta yeah yep nope yup hey hi hiya ok okay cool lol omg guys kinda sorta stuff awesome dude
  btw ya y'all ain't lemme gimme dunno nah wow folks buddy super totally`);

/** Formal or legal vocabulary (lower case). */
export const FORMAL_WORDS: ReadonlySet<string> =
  wordSet(`hence thereby whereas pursuant herein hereby thereof therein shall furthermore moreover therefore thus
  notwithstanding accordingly henceforth aforementioned heretofore wherein whereby insofar`);

/** Politeness markers (lower case). */
export const POLITENESS_WORDS: ReadonlySet<string> = new Set([
  'please',
  'kindly',
  'thank',
  'thanks',
  'grateful',
  'appreciate',
]);

/** Suffixes of nominalisations. */
export const NOMINALISATION_SUFFIXES: readonly string[] = [
  'tion',
  'sion',
  'ment',
  'ness',
  'ity',
  'ance',
  'ence',
  'ism',
];

/** Every first-person form: pronouns, possessives and reflexives ("i", "us", "our", "ourselves"). */
export const FIRST_PERSON_FORMS: ReadonlySet<string> = new Set([
  'i',
  'we',
  'me',
  'us',
  'my',
  'our',
  'mine',
  'ours',
  'myself',
  'ourselves',
]);

/** Every second-person form, casual spellings included ("you", "yours", "yourselves", "u", "ya"). */
export const SECOND_PERSON_FORMS: ReadonlySet<string> = new Set([
  'you',
  'your',
  'yours',
  'yourself',
  'yourselves',
  'u',
  'ya',
]);

/** Third-person personal pronouns and possessive determiners ("he", "them", "its", "their"). */
export const THIRD_PERSON_FORMS: ReadonlySet<string> = new Set([
  'he',
  'she',
  'it',
  'they',
  'him',
  'her',
  'them',
  'his',
  'its',
  'their',
]);

/** Third-person pronouns that refer back (theme-analyzer's cohesive references: "he", "its", "theirs"). */
export const REFERRING_PERSONAL_PRONOUNS: ReadonlySet<string> = new Set([
  ...THIRD_PERSON_FORMS,
  'hers',
  'theirs',
]);

/** Modals that hedge a proposal or a proposition ("would", "could", "might", "may"). */
export const HEDGING_MODALS: ReadonlySet<string> = new Set(['would', 'could', 'might', 'may']);
