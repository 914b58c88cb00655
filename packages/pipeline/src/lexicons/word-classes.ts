/** Closed word classes several analyzers build their own sets from, as lower-case forms. */

/** Possessive determiners ("my", "their"): they open a nominal group and make it definite. */
export const POSSESSIVE_DETERMINERS: readonly string[] = ['my', 'your', 'his', 'her', 'its', 'our', 'their'];

/** The clitic "'s" in both apostrophes: "is"/"has" ("it's", "she's going"), "us" ("let's") or a possessive. */
/** A token of sentence-final marks only: ".", "?!", "...", "…". */
export const SENTENCE_END_MARKS = /^[.!?…]+$/;

/**
 * Punctuation that opens what follows it (a bracket, an opening quotation mark): it belongs to the clause
 * of the word after it, not to the clause before it.
 */
export const OPENING_PUNCTUATION: ReadonlySet<string> = new Set(['(', '[', '{', '“', '‘', '«']);

/** Determiners and quantifiers a coordinator joins into one ("any and all", "each and every", "one or more"). */
export const COORDINATED_DETERMINER_WORDS: ReadonlySet<string> = new Set([
  'any',
  'all',
  'each',
  'every',
  'either',
  'one',
  'more',
  'some',
]);

export const S_CLITICS: ReadonlySet<string> = new Set(["'s", '’s']);

/** Demonstratives ("this", "those"): determiners or, standing alone, pronouns. */
export const DEMONSTRATIVES: readonly string[] = ['this', 'that', 'these', 'those'];

/** The words of a space-separated list ("give send offer"), in order. */
export const words = (list: string): readonly string[] => list.trim().split(/\s+/);

/** The words of a space-separated list as a set, for word lists written as one string. */
export const wordSet = (list: string): ReadonlySet<string> => new Set(words(list));

/** Negating particles and "never", as the verbal group holds them ("did not go", "never went", "dont"). */
export const NEGATORS: ReadonlySet<string> = new Set(['not', "n't", 'n’t', 'nt', 'never']);

/** Words that mark negative polarity anywhere in a clause: the negators and the negative pronouns. */
export const NEGATION_WORDS: ReadonlySet<string> = new Set([
  ...NEGATORS,
  'no',
  'nothing',
  'nobody',
  'none',
  'neither',
  'nor',
  'nowhere',
  'cannot',
]);

/** Every form of "be", clitics included. */
export const BE_FORMS: ReadonlySet<string> = new Set([
  'be',
  'am',
  'is',
  'are',
  'was',
  'were',
  'been',
  'being',
  "'s",
  "'re",
  "'m",
]);

/** Forms of "get", the auxiliary of a get-passive when the parse makes it `aux:pass` ("The meeting got postponed"). */
export const GET_FORMS: ReadonlySet<string> = new Set(['get', 'gets', 'got', 'gotten', 'getting']);

/** The non-finite forms of "be". */
export const BE_NONFINITE: ReadonlySet<string> = new Set(['be', 'been', 'being']);

/** Pronouns that can be a clause's Subject. */
export const SUBJECT_PRONOUNS: ReadonlySet<string> = new Set(['i', 'you', 'we', 'he', 'she', 'they', 'it']);

/** WH-adverbs that open a dependent clause inside another ("during the period when it is due"). */
export const SUBORDINATING_WH: ReadonlySet<string> = new Set([
  'when',
  'where',
  'while',
  'whereas',
  'whether',
  'whenever',
]);

/** Subject pronouns that can only be Subjects (not "you" or "it", which can also be objects). */
export const NOMINATIVE_PRONOUNS: ReadonlySet<string> = new Set(['i', 'we', 'he', 'she', 'they']);

/** The modal operators. */
export const MODAL_FORMS: ReadonlySet<string> = new Set([
  'may',
  'might',
  'can',
  'could',
  'will',
  'would',
  'shall',
  'should',
  'must',
]);

/** Forms of "do" that open a question or carry a negation. */
export const DO_FORMS: ReadonlySet<string> = new Set(['do', 'does', 'did']);

/** Marks that close a clause or a list member: no clause or member runs across them. */
export const CLAUSE_CLOSING_MARKS: ReadonlySet<string> = new Set(['.', '!', '?', ';', ':']);

/** The finite forms of "have". */
export const FINITE_HAVE_FORMS: ReadonlySet<string> = new Set(['has', 'have', 'had']);

/** The finite forms of "be" written out, which open a yes/no question ("Is it late?"). */
export const FINITE_BE_FORMS: ReadonlySet<string> = new Set(['am', 'is', 'are', 'was', 'were']);

/**
 * Operator forms that are finite whatever follows them: the finite forms of "be", the modals and
 * "ought", the clitics of be/will/would/have, the stems of "won't" and "can't", and the finite forms
 * of "do" and "have".
 */
export const FINITE_OPERATOR_FORMS: ReadonlySet<string> = new Set([
  ...FINITE_BE_FORMS,
  ...MODAL_FORMS,
  'ought',
  "'s",
  '’s',
  "'re",
  '’re',
  "'m",
  '’m',
  "'ll",
  '’ll',
  "'d",
  '’d',
  'wo',
  'ca',
  ...DO_FORMS,
  'has',
  'had',
  "'ve",
  '’ve',
]);

/**
 * Verb forms that are only past participles, never a tensed form ("taken", not "took"): after a
 * Subject they still make no Finite ("A photo taken by my sister"). Left out: forms that casual
 * speech uses as the past ("done", "seen", "gone", "begun", "sung", "shrunk": "We finally seen bears").
 */
export const ONLY_PARTICIPLE_FORMS: ReadonlySet<string> = wordSet(`
  taken given written shown known eaten fallen driven broken chosen spoken stolen frozen forgotten hidden
  ridden risen beaten bitten blown drawn flown grown thrown worn sworn torn woken mistaken undertaken
  overtaken forgiven forbidden withdrawn undergone overseen foreseen proven shaken arisen awoken
`);

/** Pronouns whose Finite may be a verb's base form ("Those who stay pay less", "We who stay pay"). */
export const PLURAL_PRONOUNS: ReadonlySet<string> = new Set([
  'those',
  'these',
  'they',
  'we',
  'you',
  'all',
  'many',
  'some',
]);

/** A verb's present "-s" form ("gets", "agrees"): a tensed form only, never a base form or participle. */
export function presentSForm(word: string, lemma: string): boolean {
  return word !== lemma && word.endsWith('s') && !lemma.endsWith('s');
}

/**
 * The form of a lexical verb (`pos` VERB) by its word and lemma: "ing" for an "-ing" form, "part" for a
 * past form (participle or past tense: "sold", "withheld", "revealed"), null for the base form, a third
 * person "-s" form or another word class.
 */
export function verbForm(word: string, lemma: string, pos: string | undefined): 'part' | 'ing' | null {
  if (pos !== 'VERB' || word === lemma) return null;
  if (word.endsWith('ing')) return 'ing';
  if (
    word === `${lemma}s` ||
    word === `${lemma}es` ||
    (lemma.endsWith('y') && word === `${lemma.slice(0, -1)}ies`)
  )
    return null;
  return 'part';
}

/**
 * Prefixes written with a hyphen and a space before the rest of the word ("non- exclusive" where a
 * line break split it, "pre- and post-war"): a word part, not a word a speaker broke off (TOKEN.WORD_FRAGMENT).
 */
export const HYPHEN_PREFIXES: ReadonlySet<string> = wordSet(`
  non pre post anti co re sub self multi inter intra semi over under counter ex mid pro dis
  bi tri uni mono poly micro macro mini cross extra ultra infra trans
`);

/** Compound indefinite pronouns ("everything", "someone"): never verbs or nouns. */
export const INDEFINITE_PRONOUNS: ReadonlySet<string> = new Set([
  'everything',
  'everyone',
  'everybody',
  'something',
  'someone',
  'somebody',
  'anything',
  'anyone',
  'anybody',
  'nothing',
  'nobody',
]);

/** Demonstratives but "that" (also a conjunction and a relative): "this", "these", "those". */
export const DEMONSTRATIVES_BUT_THAT: ReadonlySet<string> = new Set(['this', 'these', 'those']);

/** The articles ("a", "an", "the"). */
export const ARTICLES: ReadonlySet<string> = new Set(['a', 'an', 'the']);

/**
 * Words that open a verb's object: object pronouns, possessive and demonstrative determiners but "that",
 * articles, "some", "all".
 */
export const OBJECT_OPENERS: ReadonlySet<string> = new Set([
  'me',
  'him',
  'her',
  'us',
  'them',
  'it',
  'my',
  'your',
  'his',
  'our',
  'their',
  'its',
  'this',
  'these',
  'those',
  'the',
  'a',
  'an',
  'some',
  'all',
]);

/** Prepositions that, before a Subject and its verb, are subordinators ("after you are elected"). */
export const CLAUSE_PREPOSITIONS: ReadonlySet<string> = new Set([
  'after',
  'before',
  'since',
  'until',
  'till',
  'unless',
  'once',
  'as',
  'than',
  'because',
  'while',
]);

/** Approximators before a number ("around 1,100", "over 200"): adverbs in UD. */
export const APPROXIMATORS: ReadonlySet<string> = new Set([
  'around',
  'about',
  'over',
  'under',
  'nearly',
  'almost',
]);

/** Subordinators that open a sentence-initial dependent clause before the main clause. */
export const OPENING_SUBORDINATORS: ReadonlySet<string> = new Set([
  'if',
  'when',
  'whenever',
  'once',
  'before',
  'after',
  'unless',
  'until',
]);

/** Subordinators that open a finite dependent clause and never a prepositional phrase. */
export const CLAUSE_ONLY_SUBORDINATORS: ReadonlySet<string> = new Set([
  'when',
  'whenever',
  'where',
  'wherever',
  'if',
  'once',
  'unless',
]);

/** Third-person singular Subject pronouns ("he", "she", "it"): their present Finite takes "-s". */
export const THIRD_SINGULAR_SUBJECT_PRONOUNS: ReadonlySet<string> = new Set(['he', 'she', 'it']);

/** Subject pronouns whose present Finite is the base form ("i", "we", "you", "they"). */
export const BASE_FORM_SUBJECT_PRONOUNS: ReadonlySet<string> = new Set(['i', 'we', 'you', 'they']);

/** Words after a verb that open its object: determiners, possessives and object pronouns, not "that". */
export const VERB_OBJECT_OPENERS: ReadonlySet<string> = new Set([
  ...OBJECT_OPENERS,
  'each',
  'every',
  'any',
  'yourself',
  'yourselves',
  'everything',
  'something',
  'anything',
]);

/** Particles of phrasal verbs ("Strain out the seeds", "Heat up the oil"). */
export const COMMON_PHRASAL_PARTICLES: ReadonlySet<string> = new Set(['out', 'up', 'down', 'off', 'away']);

/** Prepositions of goal: a noun is rarely followed directly by them ("Hop onto a bus", "Climb into bed"). */
export const GOAL_PREPOSITIONS: ReadonlySet<string> = new Set(['onto', 'into']);

/**
 * Quantifiers that float after the Subject or the Finite ("they all left", "we have both seen it"); FLOATING
 * adds the reflexives.
 */
export const FLOATING_QUANTIFIERS: ReadonlySet<string> = new Set(['all', 'both', 'each']);

/** Possessives and quantifiers that open a Subject's nominal group ("Her results", "Many households"). */
export const SUBJECT_GROUP_OPENERS: ReadonlySet<string> = new Set([
  ...POSSESSIVE_DETERMINERS,
  'many',
  'most',
  'several',
  'few',
  'both',
  'all',
  'some',
  'each',
  'every',
  'no',
]);

/** Words that open a reported clause after a verb ("The report states that ..."). */
export const REPORTED_CLAUSE_OPENERS: ReadonlySet<string> = new Set(['that', 'whether', 'if']);

/** Quotation marks, opening or closing, as tokens. */
export const QUOTE_MARKS: ReadonlySet<string> = new Set(['"', '“', '”', "'", '‘', '’']);

/**
 * Personal pronouns in Subject or object form but "it": after a verb of saying, its object or Sayer ("asked
 * me", "said he"), not a quoted thing.
 */
export const PERSONAL_PRONOUNS_BUT_IT: ReadonlySet<string> = new Set([
  'me',
  'him',
  'her',
  'us',
  'them',
  'you',
  'i',
  'he',
  'she',
  'we',
  'they',
]);

/**
 * WH-adverbs, "whether" and "if": before an operator at the start of a sentence they open a question ("When
 * does the store close?"), not a dependent clause.
 */
export const INTERROGATIVE_OPENERS: ReadonlySet<string> = new Set([
  'when',
  'where',
  'why',
  'how',
  'whether',
  'if',
]);

/** The WH relative pronouns ("who", "whom", "whose", "which"; not "that"). */
export const WH_RELATIVE_PRONOUNS: ReadonlySet<string> = new Set(['who', 'whom', 'whose', 'which']);

/**
 * Subject pronouns but "it" (which is as often an object): after a verb they open a new clause ("If they help,
 * we win").
 */
export const SUBJECT_PRONOUNS_BUT_IT: ReadonlySet<string> = new Set(['i', 'you', 'we', 'he', 'she', 'they']);

/** WH-words and "whether" that open a WH complement clause ("ask what it costs", "see whether it works"). */
export const WH_COMPLEMENT_OPENERS: ReadonlySet<string> = new Set([
  'what',
  'where',
  'when',
  'why',
  'how',
  'whether',
  'whoever',
  'whatever',
]);

/**
 * The auxiliaries as lemmas: "be", "have", "do" and the modal operators; as a Finite coordinated with another
 * ("is or becomes", "has or will have"), they take nothing of their own.
 */
export const AUXILIARY_LEMMAS: ReadonlySet<string> = new Set(['be', 'have', 'do', ...MODAL_FORMS]);

/** Particles of a participle whose form is its base's ("set forth", "set out"). */
export const SAME_FORM_PARTICIPLE_PARTICLES: ReadonlySet<string> = new Set(['forth', 'out']);

/** Prepositions the parse tags SCONJ before an "-ing" form ("by using", "in doing", "without paying"). */
export const GERUND_PREPOSITIONS: ReadonlySet<string> = new Set(['by', 'in', 'for', 'without']);

/**
 * Prepositions that stand alone as adverbs of place or time ("as described **above**", "shortly **after**", "set
 * **up**"): alone, still a circumstance or a particle (CIRCUMSTANCE.TREE_STRANDED_PREPOSITION leaves them).
 */
export const ADVERBIAL_PREPOSITIONS: ReadonlySet<string> = new Set([
  'above',
  'below',
  'after',
  'before',
  'since',
  'outside',
  'inside',
  'up',
  'down',
  'off',
  'out',
  'over',
  'around',
  'along',
  'about',
  'behind',
  'beyond',
  'throughout',
  'underneath',
  'beneath',
  'nearby',
  'past',
]);

/**
 * Prepositions the parse reads as a subordinator (`mark`) of the participle or adjective that opens their noun phrase
 * ("by written notice", "upon written request", "with required documentation"; TREE.PREPOSITION_BEFORE_MODIFIER).
 */
export const MODIFIER_PREPOSITIONS: ReadonlySet<string> = new Set([
  'by',
  'upon',
  'on',
  'with',
  'without',
  'to',
  'from',
  'in',
  'into',
  'of',
  'for',
  'under',
]);

/**
 * Quantifiers that open the Subject of a coordinated clause as often as a nominal ("and no license to use it is
 * granted").
 */
export const SUBJECT_QUANTIFIERS: ReadonlySet<string> = new Set([
  'no',
  'each',
  'every',
  'neither',
  'either',
  'all',
  'any',
  'such',
  'some',
  'both',
]);

/** Words that open a definite nominal group, the Subject of a coordinated clause more often than not. */
export const DEFINITE_OPENERS: ReadonlySet<string> = new Set([
  'the',
  'this',
  'that',
  'these',
  'those',
  'its',
  'his',
  'her',
  'their',
  'our',
  'my',
  'your',
]);

/**
 * Verbs whose past participle has the base form ("put", "set", "cut"); unlike SAME_FORM_PAST, with "cast" and
 * "split", without "let", "hit", "cost", "quit" and "hurt".
 */
export const SAME_FORM_PARTICIPLES: ReadonlySet<string> = new Set([
  'put',
  'set',
  'cut',
  'spread',
  'cast',
  'shut',
  'split',
  'read',
]);

/**
 * Subordinating WH-adverbs (and "while", "once", "as") that, on a parse's root before it, make its clause an
 * opening dependent one ("When the dough rises, knead it").
 */
export const OPENING_WH_ADVERBS: ReadonlySet<string> = new Set([
  'when',
  'whenever',
  'where',
  'wherever',
  'while',
  'once',
  'as',
]);

/**
 * WH-words that head a free relative ("what you said", "wherever you go"); FREE_RELATIVE_WH with "wherever" and
 * "whenever".
 */
export const FREE_RELATIVE_HEADS: ReadonlySet<string> = new Set([
  'what',
  'whatever',
  'whoever',
  'whichever',
  'wherever',
  'whenever',
]);

/**
 * WH-words, "whether" and "if": the words that open a WH or yes/no dependent clause, its relation named by the
 * word.
 */
export const WH_OPENERS: ReadonlySet<string> = new Set([
  'what',
  'who',
  'whom',
  'whose',
  'which',
  'where',
  'when',
  'why',
  'how',
  'whether',
  'if',
  'whoever',
  'whatever',
]);

/** Non-finite operators that may open a clause ("Having failed ...", "Being tired ..."): no inverted Finite. */
export const NON_FINITE_OPENERS: ReadonlySet<string> = new Set(['having', 'being']);

/** Opening quotation marks, curly or straight (a straight mark opens where a comma or colon stands before it). */
export const OPENING_QUOTE_MARKS: ReadonlySet<string> = new Set(['“', '‘', '"', "'"]);

/** Closing quotation marks, curly or straight. */
export const CLOSING_QUOTE_MARKS: ReadonlySet<string> = new Set(['"', '”', "'", '’']);

/** Curly opening quotation marks ("“", "‘"). */
export const CURLY_OPENING_QUOTES: ReadonlySet<string> = new Set(['“', '‘']);

/** Straight quotation marks, opening or closing ('"', "'"). */
export const STRAIGHT_QUOTES: ReadonlySet<string> = new Set(['"', "'"]);

/**
 * Opening quotation marks as tokens but the straight single mark, which is as often an apostrophe (a straight
 * mark opens where a sentence starts with it).
 */
export const OPENING_QUOTES_BUT_APOSTROPHE: ReadonlySet<string> = new Set(['“', '"', '‘']);

/** A word that opens a piece in lower case and may still start a sentence of its own in casual writing. */
export const LOWER_CASE_OPENERS: ReadonlySet<string> = new Set([
  'i',
  "i'm",
  'im',
  "i'll",
  "i've",
  "i'd",
  'ok',
  'okay',
  'lol',
  'http',
  'https',
  'www',
]);

/** What may stand between two words of one Title-Case name. */
export const NAME_JOINERS: ReadonlySet<string> = new Set([',', 'and', 'or', '&', '/']);

/** Words a bare nominal group of an absolute clause may open with ("all rights reserved"). */
export const ABSOLUTE_QUANTIFIERS: ReadonlySet<string> = new Set(['all', 'no']);

/**
 * WH-words, linkers and marks after which a Finite before its Subject is an inversion ("what is it", "and so do
 * I").
 */
export const INVERSION_BEFORE: ReadonlySet<string> = new Set([
  'what',
  'who',
  'whom',
  'which',
  'where',
  'when',
  'why',
  'how',
  'and',
  'but',
  'or',
  'so',
  ',',
  '"',
  '(',
]);

/**
 * Personal pronouns in Subject or object form but "her" (also a possessive determiner): each a nominal group of
 * its own.
 */
export const PERSONAL_PRONOUNS_BUT_HER: ReadonlySet<string> = new Set([
  'i',
  'you',
  'he',
  'she',
  'we',
  'they',
  'it',
  'me',
  'him',
  'us',
  'them',
]);

/** Determiners that make a time noun after a noun a temporal group of its own ("the museum | last summer"). */
export const TIME_DETERMINERS: ReadonlySet<string> = new Set(['last', 'next', 'every', 'each']);
/** Modifiers that make a time noun a point or span of time ("next Monday", "the following week", "every year"). */
export const TIME_MODIFIERS: ReadonlySet<string> = new Set([
  ...TIME_DETERMINERS,
  'coming',
  'following',
  'previous',
]);

/** Determiners after which a participle or adverb stays inside the nominal group ("that" may be a conjunction). */
export const PREMODIFIER_DETERMINERS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  ...POSSESSIVE_DETERMINERS,
  'this',
  'these',
  'those',
  'each',
  'every',
  'any',
  'some',
  'no',
]);

/** The first-person Subject pronouns ("i", "we"); every first-person form is FIRST_PERSON_FORMS. */
export const FIRST_PERSON_SUBJECTS: ReadonlySet<string> = new Set(['i', 'we']);

/** WH-words that open a WH-group with the group they modify ("What a mess", "How kind"). */
export const WH_MODIFIERS: ReadonlySet<string> = new Set(['what', 'how', 'which', 'whose']);
/** Words of comparative reference ("such", "the same", "another"). */
export const COMPARATIVE_REFERENCES: ReadonlySet<string> = new Set([
  'such',
  'same',
  'similar',
  'other',
  'another',
  'different',
]);
/** Pronouns that refer to a person ("he", "her"), whose antecedent is a name. */
export const PERSON_PRONOUNS_HE_SHE: ReadonlySet<string> = new Set([
  'he',
  'she',
  'him',
  'her',
  'his',
  'hers',
]);
/** Words after a name and its comma that open an apposition or a relative clause, not the clause addressed. */
export const APPOSITION_OPENERS: ReadonlySet<string> = new Set(['who', 'whom', 'whose', 'which', 'a', 'an']);
