import type {
  Circumstance,
  CircumstanceType,
  Ideational,
  LabelRule,
  Participant,
  ParticipantRole,
  Premise,
  ProcessType,
  Token,
} from '@cae/core';
import type { ClauseView } from './clause-view';
import {
  type ComplexPreposition,
  complexPrepositionAt,
  NOUN_TYPE,
  nounCircumstance,
  PHRASE_TAKING_PREPOSITIONS,
  PLACE_ADVERBS,
  PREPOSITION_CIRCUMSTANCES,
  TIME_ADVERBS,
} from './lexicons/circumstance-lexicon';
import { INSTRUMENT_TERMS, PARTY_NOUNS, PARTY_PAIR_PREPOSITIONS } from './lexicons/contract-lexicon';
import { MODAL_ADJUNCTS } from './lexicons/modal-lexicon';
import {
  boundConjunctionStart,
  INTERPERSONAL_THEMES,
  NON_PREPOSITION_SUBORDINATORS,
  QUOTING_VERBS,
  TEXTUAL_THEMES,
} from './lexicons/mood-lexicon';
import { onMatter, PHRASAL_PARTICLES, PREPOSITIONAL_VERBS } from './lexicons/process-lexicon';
import {
  BECOMING_VERBS,
  COORDINATED_PREPOSITION_TYPE,
  DESTINATION_NOUNS,
  DOCUMENT_AGENT_VERBS,
  FOR_POINT_IN_TIME,
  isOperandByPhrase,
  isParenthesisedEnumerator,
  LINKING_VERBS,
  MEANS_OF_PROCEEDING,
  MEANS_OF_SENDING,
  namesParty,
  PER_ACCORDANCE,
  phraseHasTime,
  prepositionType,
  REFERENCE_NUMBER,
  TIME_PERIOD_NOUNS,
  TRANSFER_TO_VERBS,
  UPON_PARTY,
} from './lexicons/transitivity-lexicon';
import {
  ADVERBIAL_PREPOSITIONS,
  DEMONSTRATIVES,
  NEGATORS,
  POSSESSIVE_DETERMINERS,
  wordSet,
} from './lexicons/word-classes';
import { enumeratorEnd } from './list-operator';
import { firstRule, type RuleExample, type TableRule } from './rule-table';
import {
  BY_DEADLINE,
  byDeadline,
  PASSIVE_SUBJECT,
  PLEASE_TYPE,
  ROLES,
  spanText,
} from './transitivity-analyzer';

/**
 * Participants and circumstances read off the dependency tree (`headStart`, `deprel` of every token):
 * each dependent of the clause's predicate in nsubj, csubj, expl, obj, iobj, obl (and subtypes) or
 * advmod goes through an ordered table of rules, the first whose `when` holds deciding what it is
 * (`then`); its span is its subtree inside the clause. The roles follow the process type and voice
 * (ANNOTATION.md, "Process type"); where the word-order analysis already gave the same constituent a
 * role (it knows the identifying, "please"-type, addressing and ditransitive verbs), that role is kept.
 * Rules are switched off by id (`createPipeline({ disabledRules })`); `PARTICIPANT.TREE` switches the
 * whole stage off and leaves the word-order analysis alone.
 */

/** Id that switches the whole tree stage off. */
export const TREE_STAGE = 'PARTICIPANT.TREE';
/**
 * PARTICIPANT.TREE_RECIPIENT: "pay the deposit **to the Landlord**", "grants **to Licensee** a license", "shall be
 * delivered **to AMAG**": the "to" phrase of a verb of giving (`TRANSFER_TO_VERBS`) names the one the thing goes to,
 * a Beneficiary of the material process (its Recipient), not a place, when the thing given is there (the verb's
 * object, or the passive's Subject) and the phrase names a party: a pronoun, a name, a party's noun or a capitalised
 * defined term, not a place ("ship the goods to the Territory", "to its address": `DESTINATION_NOUNS`), a forum
 * ("submit any dispute to arbitration"), the contract or another instrument or thing ("amendments made to this
 * Agreement": `INSTRUMENT_TERMS`, `DESTINATION_NOUNS`) or "to which".
 */
export const RECIPIENT = 'PARTICIPANT.TREE_RECIPIENT';
const SUBJECT_FIRST = 'PARTICIPANT.SUBJECT_FIRST';
/** Roles a Subject takes in an active clause, and in a passive one (PARTICIPANT.SUBJECT_FIRST). */
const ACTIVE_SUBJECT_ROLES: ReadonlySet<string> = new Set([
  'actor',
  'senser',
  'sayer',
  'behaver',
  'carrier',
  'token',
  'existent',
]);
const PASSIVE_SUBJECT_ROLES: ReadonlySet<string> = new Set([
  'goal',
  'phenomenon',
  'verbiage',
  'beneficiary',
  'receiver',
  'carrier',
  'token',
]);
/** An object's span ends where the word order puts another element after it (see `treeTransitivity`). */
export const OBJECT_TAIL = 'PARTICIPANT.TREE_OBJECT_TAIL';
/**
 * "shall mean any individual, corporation, partnership or other entity": conjuncts the tree hangs on an
 * object (`conj`, directly or through another conjunct) are no tail of it; the object is one participant
 * spanning the coordination (as `ROLE.COORDINATED_NOMINAL` makes "X and Y" one).
 */
export const COORDINATION = 'PARTICIPANT.TREE_COORDINATION';
/**
 * "trade secrets relating to the Product": a word-order element inside a clause the tree hangs on the
 * object as a postmodifier (`acl`, `acl:relcl`) is no tail of it; it belongs to the nominal group.
 */
export const POSTMODIFIER_CLAUSE = 'PARTICIPANT.TREE_POSTMODIFIER_CLAUSE';
/**
 * '"Business Day" means any day **other than** a Saturday or a Sunday': an adjective the tree hangs on the object's
 * noun (`amod`) with "than" right after it ("other than", "greater than") opens a comparison inside the nominal
 * group; the word order's Attribute there is no tail of the object.
 */
export const COMPARATIVE_MODIFIER = 'PARTICIPANT.TREE_COMPARATIVE_MODIFIER';
/**
 * "This Agreement will be governed **by** and construed in accordance with the laws of New York": a word-order
 * circumstance that is a preposition alone, with nothing hung on it in the tree (its noun the one after the run's
 * last verb, or in another clause), names no circumstance and is left out; not one that stands alone as an adverb
 * ("as described above", "set up": ADVERBIAL_PREPOSITIONS).
 */
export const STRANDED_PREPOSITION = 'CIRCUMSTANCE.TREE_STRANDED_PREPOSITION';
/**
 * "shall use the software (the "Software")", "pay the Licensor, Acme Corp.": a word-order element inside an
 * apposition the tree hangs on the object (`appos`, a contract's defined term in brackets among them), set off by
 * a comma, bracket or dash, is no tail of it; the object is one participant with its apposition, not "the
 * software" + "the" + "Software" (an apposition with no mark before it is most often a misread second object).
 */
export const APPOSITION = 'PARTICIPANT.TREE_APPOSITION';
/**
 * "asked **a question about the budget**", "pay **a royalty for each unit**": a
 * prepositional phrase the word order reads as a circumstance after the object, and the tree hangs on the
 * object's noun (`nmod`, directly or through another such phrase), is no tail of it: it postmodifies the noun.
 * Only for prepositions the gold trees bear out (NOUN_POSTMODIFYING_PREPOSITIONS), and not for a phrase of
 * time or extent; "pay the rent | on the first day of each month" and "deliver the goods | to the Buyer" (the
 * Recipient of a transfer) keep the word-order boundary.
 */
export const OBJECT_POSTMODIFIER = 'PARTICIPANT.TREE_OBJECT_POSTMODIFIER';
/**
 * Prepositions whose phrase, hung on an object's noun by the parse, postmodifies it in the gold trees of EWT
 * and GUM train and dev at least 85% of the time ("about" 52 of 52, "of" 37 of 38, "for" 155 of 181); "with"
 * (86%, but an instrument where it is not: "settle the taxes | with a personal check"), "in" (84%), "on" (80%),
 * "to", "from" and "at" are left to the word-order boundary.
 */
const NOUN_POSTMODIFYING_PREPOSITIONS: ReadonlySet<string> = wordSet(
  'about of for like by under among through regarding concerning',
);
/** Tags a whole prepositional phrase ends with (a nominal's head); "no liability for" was cut short. */
const PHRASE_END_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'NUM', 'PRON']);
/** Words that end a phrase the word order cut inside a complex preposition ("responsibility with respect | to ..."). */
const COMPLEX_PREPOSITION_PARTS: ReadonlySet<string> = wordSet(`
  respect pursuant accordance regard regards relation addition prior subject due according reference
  connection compliance excess lieu favor favour behalf case
`);
/**
 * "Armed clashes broke out in several cities on Wednesday": a phrase of time (the word order's circumstance
 * of time) that the parser hangs on an oblique's noun as nmod is the process's own circumstance of time.
 */
export const TIME_TAIL = 'CIRCUMSTANCE.TREE_TIME_TAIL';
/** Verbs of the Event's verbal group that the parse makes the predicate's conjuncts share its participants. */
export const COORDINATED_VERB = 'PARTICIPANT.TREE_COORDINATED_VERB';
/**
 * "has more on the political implications **of the Fallujah assault**", "during some part **of the year**": a
 * prepositional phrase the tree hangs on the noun of the circumstance right before it (`nmod`) joins that
 * circumstance instead of standing as one of its own, for the prepositions whose phrase so hung postmodifies
 * the noun in the gold trees and the contracts (POSTMODIFIER_JOINS); and so does the rest of a preposition of
 * several words cut after its noun ("in connection | with the subject matter": one circumstance of matter).
 */
export const CIRCUMSTANCE_POSTMODIFIER = 'CIRCUMSTANCE.TREE_POSTMODIFIER';
/**
 * Prepositions whose phrase joins the circumstance before it: "of" and those of matter ("for" and "by" hang on
 * a circumstance's noun in the parse as often where they belong to the process: "payable to a Collection
 * Agent | by the Owner").
 */
const POSTMODIFIER_JOINS: ReadonlySet<string> = wordSet('of about regarding concerning');
/** "because of the storm", "in addition to the royalties": the type a preposition of several words names. */
export const COMPLEX_PREPOSITION = 'CIRCUMSTANCE.TREE_COMPLEX_PREPOSITION';
/**
 * "Cheap air tickets **for Corporate**", "Great place **for embroidery**", "Any news **on the project**?": in a
 * clause with no verb, a prepositional phrase the tree hangs on a noun (`nmod`) is that noun's postmodifier,
 * part of its nominal group, not a circumstance (there is no process for it to be a circumstance of).
 */
export const NOUN_QUALIFIER = 'CIRCUMSTANCE.TREE_NOUN_QUALIFIER';
/**
 * "I was **on my way** to the wedding", "I'm not even **in Iraq**": the word order's circumstance that holds the
 * tree's predicate, where that predicate takes "be" as its copula, is the circumstantial Attribute of the
 * relational process (the Carrier "I"), when the clause has no Attribute or Value of its own.
 */
export const CIRCUMSTANTIAL_ATTRIBUTE = 'PARTICIPANT.TREE_CIRCUMSTANTIAL_ATTRIBUTE';
/**
 * "He's been away **for a week**", "We are back **from Europe**": an oblique the parse hangs on a nominal or
 * adverb that takes "be" as its copula is a circumstance (typed by its preposition), not the Attribute the word
 * order may have read it as; the predicate is the Attribute.
 */
export const COPULA_OBLIQUE = 'CIRCUMSTANCE.TREE_COPULA_OBLIQUE';
/**
 * "They are **out of business**", "Is it **in here**?", "The Tenant is **in default of its obligations**", "It is
 * **over**": the Attribute of "be" is the whole phrase of its predicate (a nominal or an adverb): the prepositions
 * the parse hangs on it and the phrases that postmodify it, where the word order cut it into an Attribute and a
 * circumstance ("out" + "of business"), left a postmodifier out or found no Attribute at all.
 */
export const ATTRIBUTE_PHRASE = 'PARTICIPANT.TREE_ATTRIBUTE_PHRASE';
/**
 * "This Agreement shall be in full force **and effect**", "The Tenant is the owner and operator of the building":
 * a nominal the parse joins to the predicate of "be" as its conjunct belongs to the Attribute (ATTRIBUTE_PHRASE and
 * TREE_CIRCUMSTANTIAL_ATTRIBUTE read the predicate's phrase with it).
 */
export const ATTRIBUTE_CONJUNCT = 'PARTICIPANT.TREE_ATTRIBUTE_CONJUNCT';
/**
 * "This Agreement constitutes **the Parties' legal, valid and binding obligation**": where the word order cut an
 * object's phrase into groups, making the first the Value (or Token) and the later ones Attributes, the tree's
 * object, which holds them all, takes the first's role, not the Attribute of the group holding its head noun
 * (which left a Token with an Attribute).
 */
export const IDENTIFYING_OBJECT = 'PARTICIPANT.TREE_IDENTIFYING_OBJECT';
/**
 * "Great place to catch a band", "Horrible tap water.", "Pleasure to work with.": where the sentence's root is a
 * nominal with no Subject, copula or auxiliary, and the verb the word order found is not it (a verb inside a clause
 * that postmodifies it, or a premodifier the tagger read as a verb), the root's nominal group is no participant:
 * the Actor "Great place", "Pleasure" and the Goal "water" are dropped; the verb's own object stays ("a band").
 */
export const VERBLESS_HEAD = 'PARTICIPANT.TREE_VERBLESS_HEAD';
/**
 * "(i) To order **Products, sample Products and Trainers**", "ii) an "amendment" includes ...": the list enumerator a
 * clause opens with ("(b)", "2)", "iv.", ENUMERATOR_PREDICATE's `enumeratorEnd`) is no predicate of the clause where
 * the parse hangs it outside the clause (on the next clause's verb, as a `discourse` or `nummod`) and the clause has
 * a word of its own with no head inside it: that word is the predicate (before, the enumerator was, so the tree stage
 * found no Event and left the word order's elements, the list cut into a Goal per item).
 */
export const ENUMERATOR_PREDICATE = 'PARTICIPANT.TREE_ENUMERATOR_PREDICATE';
/**
 * "shall return to the Licensor **all copies, manuals and records**": an object the parser labels `obl` with no
 * preposition (most often one that stands after an oblique) is read as a bare nominal (PARTICIPANT.TREE_BARE_NOMINAL):
 * where the word order made it a participant, its role stands and its span is the tree's, so the conjuncts hung on
 * it belong to it (before, no rule took it and the word order's "all copies" stood alone).
 */
export const BARE_OBLIQUE = 'PARTICIPANT.TREE_BARE_OBLIQUE';
/**
 * "maintain all required licenses and approvals required by local authorities, **including the FDA**", "shall mean
 * data, knowledge and information, **including manufacturing data**": a word-order element after the object that
 * opens right after "including" (which UD tags VERB and attaches as the `case` of the noun after it), where the tree
 * hangs that noun on the object's noun (`nmod`, directly or through other phrases or conjuncts), is no tail of the
 * object: the object is one participant with it (before, "... authorities, including" and "the FDA" were two).
 */
export const INCLUDING_QUALIFIER = 'PARTICIPANT.TREE_INCLUDING_QUALIFIER';
/**
 * "In such event Contractor shall take reasonable steps": where the word order's circumstance ran on past the tree's
 * phrase (into the Subject the parse had read into it, TREE.SWALLOWED_SUBJECT), the phrase is typed by its own words
 * ("In such event": contingency/condition), not by the type the word order read off the longer run ("... Contractor":
 * a place).
 */
export const OWN_TYPE = 'CIRCUMSTANCE.TREE_OWN_TYPE';
/**
 * "is not acquiring any right, title or interest in the Company's logo, **corporate colors, trademarks, trade names or
 * other intellectual property**", "developed severe eczema at the age **of four months**": where the word order cut
 * a phrase inside a circumstance after the object into elements, and the tree hangs each on a word of that
 * circumstance (a conjunct or a postmodifier of its noun), the circumstance spans them (before, the pieces belonged
 * neither to the object, cut short before the circumstance, nor to any element, and were lost).
 */
export const TAIL_JOIN = 'CIRCUMSTANCE.TREE_TAIL_JOIN';
/** Tags of a copula's predicate whose phrase ATTRIBUTE_PHRASE and COPULA_OBLIQUE read (an adjective's complement is its own). */
const PHRASE_PREDICATE_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'PRON', 'NUM', 'ADV']);
/** Relations of the words before a copula's predicate that belong to its phrase. */
const PHRASE_BEFORE = /^(case|det|det:poss|nmod:poss|amod|compound|nummod|fixed|flat)$/;
/** Relations of the phrases after a copula's predicate that postmodify it. */
const PHRASE_AFTER = /^(nmod|acl|acl:relcl|amod|fixed|flat|compound)$/;
/**
 * "We've grown up", "Why not look it up!", "throw them away", "I'll wake you up": the particle the parse hangs
 * on the predicate as `compound:prt` belongs to the process (a phrasal verb), not a circumstance of place, where
 * the word order left it alone (no object after it) and read it as an adverb of place. So does a prepositional
 * verb's own preposition (`PREPOSITIONAL_VERBS`) left alone after it right before another phrase, which UD trees
 * make the verb's `obl` ("is entered **into** by and among the Company").
 */
export const PARTICLE = 'CIRCUMSTANCE.TREE_PARTICLE';
/**
 * "The Licensee shall remain liable **for the payment**", "became subject **to the terms**": the complement of the
 * adjective a linking verb takes (its `xcomp`) is kept as the word order read it, as after "be" (where the
 * adjective is the predicate), instead of dropped as hung off the predicate.
 */
export const LINKING_COMPLEMENT = 'CIRCUMSTANCE.TREE_LINKING_COMPLEMENT';
/** Word-order elements whose head the tree attaches elsewhere than to the predicate are dropped. */
export const NOT_ON_PREDICATE = 'PARTICIPANT.TREE_NOT_ON_PREDICATE';
/**
 * "after **the tenant** moves out": a preposition or subordinator that the parser hangs on a Subject or an
 * object (`case`, `mark`) is no part of the participant (a Subject or object takes none); its span starts
 * after it.
 */
export const CORE_PREPOSITION = 'PARTICIPANT.TREE_CORE_PREPOSITION';
/**
 * "Second, **workers who specialize ...** often learn", "Finally, in some cases **a gain in performance** has been
 * observed": an adverb set off by a comma, or a prepositional phrase, that the parser hangs on the Subject's noun
 * before it (an English nominal group opens with neither) is no part of the Subject; its span starts after it.
 */
export const SUBJECT_FRONT = 'PARTICIPANT.TREE_SUBJECT_FRONT';
/**
 * "**The Company**, in its sole discretion, may terminate", "**Licensee**, at its own expense, shall maintain": a
 * prepositional phrase set off by commas that the parser hangs on the Subject's noun right before the Finite is
 * the process's circumstance (manner "in its sole discretion", "at its own expense"), not part of the Subject.
 */
export const SUBJECT_BACK = 'PARTICIPANT.TREE_SUBJECT_BACK';

/** One dependent of the predicate, as the rules see it. */
export interface TreeDependent {
  /** Local index of the dependent's head word. */
  readonly index: number;
  readonly deprel: string;
  /** Span of its subtree in the clause (local token indices, end exclusive). */
  readonly start: number;
  readonly end: number;
  /** Lower-cased preposition (case dependent) of an oblique, or null. */
  readonly preposition: string | null;
}

/** What the rules know about the clause. */
export interface TreeContext {
  readonly view: ClauseView;
  readonly processType: ProcessType;
  readonly passive: boolean;
  readonly verbLemma: string | null;
  /** The word-order analysis of the clause. */
  readonly previous: Ideational;
  /** Local indices of the predicate's nsubj/csubj dependents. */
  readonly subjects: readonly number[];
  /** Whether the predicate has an object (`obj`) among its dependents (PARTICIPANT.TREE_RECIPIENT). */
  readonly hasObject: boolean;
  /**
   * The predicate when it is a nominal or an adverb that takes "be" as its copula after it in a relational
   * clause ("He's been **away** for a week", "They are out of **business**"), else -1 (COPULA_OBLIQUE).
   */
  readonly copulaPredicate: number;
  /** Whether CIRCUMSTANCE.NOUN_TYPE is on (a phrase of place typed by its noun: "at its own expense"). */
  readonly nounTypes: boolean;
  /** Whether CIRCUMSTANCE.FOR_POINT_IN_TIME is on ("for next week" a time, not a duration). */
  readonly pointsInTime: boolean;
  /** Whether CIRCUMSTANCE.REFERENCE_NUMBER is on ("in Section 7" no time). */
  readonly references: boolean;
  /** Whether CIRCUMSTANCE.PER_ACCORDANCE is on ("per your request" manner/comparison, not extent). */
  readonly perAccordance: boolean;
  /** Whether CIRCUMSTANCE.UPON_PARTY is on ("binding upon the parties" a place, not a time). */
  readonly uponParty: boolean;
  /** Whether CIRCUMSTANCE.COORDINATED_PREPOSITION_TYPE is on ("on or about September 23" typed by "about"). */
  readonly coordinatedPrepositions: boolean;
  /** Whether CIRCUMSTANCE.TREE_OWN_TYPE is on (a phrase the word order ran on past is typed by its own words). */
  readonly ownTypes: boolean;
  /** Whether PARTICIPANT.TREE_IDENTIFYING_OBJECT is on (a phrase holding the word order's Value is the Value). */
  readonly identifyingObjects: boolean;
}

/**
 * The Subject among several: the one holding the word order's first participant, else the nearest to the
 * verb. A clause whose Finite comes after one of them does not invert, so one after the Finite is no
 * Subject ("The Software shall **at all times** remain ...": the parser's second nsubj is an adjunct).
 */
function chosenSubject(context: TreeContext): number {
  const first = context.previous.participants[0];
  const holding = context.subjects.find(
    (index) => first !== undefined && first.start <= index && index < first.end,
  );
  if (holding !== undefined) return holding;
  const finite = context.view.finite;
  const beforeFinite = context.subjects.filter((index) => finite >= 0 && index < finite);
  const subjects = beforeFinite.length > 0 ? beforeFinite : context.subjects;
  return subjects[subjects.length - 1] as number;
}

/** What a rule makes of a dependent. */
export type TreeOutcome =
  | {
      readonly kind: 'participant';
      readonly role: ParticipantRole;
      readonly dropPreposition?: boolean;
      /** End (exclusive) of the participant where it is not the end of the dependent's subtree. */
      readonly end?: number;
    }
  | { readonly kind: 'circumstance'; readonly type: CircumstanceType; readonly subtype: string | null }
  | { readonly kind: 'none'; readonly drop?: boolean };

/** A worked example: a sentence and what its main clause must hold (`role=text`, `type/subtype=text`, `-=text` for nothing). */
export type TreeExample = RuleExample;

/** A rule of the tree stage: it decides what one dependent of the predicate is (rule-table.ts). */
export type TreeRule = TableRule<TreeDependent, TreeContext, TreeOutcome>;

const NONE: TreeOutcome = { kind: 'none' };
/** No element, and none from the word order over the same words either. */
const DROP: TreeOutcome = { kind: 'none', drop: true };
/** "(i)", "(a)", "(12)": a list enumerator in parentheses. */
function isEnumerator(dependent: TreeDependent, context: TreeContext): boolean {
  return (
    dependent.end === dependent.index + 1 &&
    isParenthesisedEnumerator(context.view.lower, dependent.index, dependent.index + 1)
  );
}
const is = (pattern: RegExp) => (dependent: TreeDependent) => pattern.test(dependent.deprel);

/**
 * BARE_OBLIQUE: where the word order made a participant of exactly the words from an oblique's start to its head
 * noun ("all copies"), the end of the nominal conjuncts the tree hangs on that noun ("all copies, manuals and
 * records"); -1 when it has none, or when anything between holds a verb, a preposition or a clause's mark (the
 * oblique's subtree is then more than a list of nominals).
 */
function bareObliqueEnd(dependent: TreeDependent, context: TreeContext): number {
  const { view } = context;
  const own = previousParticipant(dependent, context);
  if (own === undefined || own.start !== dependent.start || own.end !== dependent.index + 1) return -1;
  let end = -1;
  for (let at = dependent.index + 1; at < dependent.end; at += 1)
    if (view.heads[at] === dependent.index) {
      const relation = view.syntactic.tokens[at]?.deprel ?? '';
      if (!/^conj(:|$)/.test(relation)) return -1;
      if (!NOMINAL_TAGS.has(view.pos[at] ?? '')) return -1;
      end = at + 1;
    }
  if (end < 0) return -1;
  for (let at = own.end; at < end; at += 1) {
    const tag = view.pos[at] ?? '';
    if (tag === 'VERB' || tag === 'AUX' || tag === 'ADP' || tag === 'SCONJ') return -1;
  }
  return end;
}

/**
 * INCLUDING_QUALIFIER: the word-order element `element` in the tail of the object at `object` opens right after a
 * verb the parse makes the `case` of its head ("including"), and that head hangs on the object's noun as `nmod`,
 * directly or through other such phrases or conjuncts.
 */
function includedQualifier(
  view: ClauseView,
  tree: Tree,
  object: number,
  element: { start: number; end: number },
): boolean {
  const at = element.start - 1;
  const tokens = view.syntactic.tokens;
  if (view.pos[at] !== 'VERB' || tokens[at]?.deprel !== 'case') return false;
  if (!INCLUDING_WORDS.has(view.lower[at] ?? '')) return false;
  let head = tree.heads[at] ?? -1;
  if (head < element.start || head >= element.end) return false;
  if (!/^nmod(:|$)/.test(tokens[head]?.deprel ?? '')) return false;
  for (let steps = 0; steps < tokens.length && head >= 0 && tree.heads[head] !== object; steps += 1) {
    if (!/^(nmod|conj)(:|$)/.test(tokens[head]?.deprel ?? '')) return false;
    head = tree.heads[head] ?? -1;
  }
  return tree.heads[head] === object;
}
/**
 * Verbs UD attaches as a preposition (`case`) whose phrase, so hung on a noun, postmodifies it: "including" hangs on
 * a noun (`nmod`) in 71 of 85 EWT and GUM train and dev trees, and in 21 of 22 where that noun is an object's.
 */
const INCLUDING_WORDS: ReadonlySet<string> = wordSet('including');

/** The word-order participant whose span holds the dependent's head word. */
function previousParticipant(dependent: TreeDependent, context: TreeContext): Participant | undefined {
  return context.previous.participants.find(
    (participant) => participant.start <= dependent.index && dependent.index < participant.end,
  );
}
function previousCircumstance(dependent: TreeDependent, context: TreeContext): Circumstance | undefined {
  return context.previous.circumstances.find(
    (circumstance) => circumstance.start <= dependent.index && dependent.index < circumstance.end,
  );
}
const participantAs = (role: ParticipantRole, dropPreposition = false): TreeOutcome => ({
  kind: 'participant',
  role,
  dropPreposition,
});
/** An agent, or an oblique with "by" in the passive, whose phrase opens with "by" ("divided by four", "sent by post"). */
const passiveByPhrase = (dependent: TreeDependent, context: TreeContext): boolean =>
  (/^obl:agent$/.test(dependent.deprel) ||
    (context.passive && /^obl(:|$)/.test(dependent.deprel) && dependent.preposition === 'by')) &&
  context.view.lower[dependent.start] === 'by';

/** A means of proceeding heads the phrase at `head` (MEANS_OF_PROCEEDING), or "operation of law" does. */
function meansOfProceeding(lower: readonly string[], head: number): boolean {
  const noun = lower[head] ?? '';
  return (
    MEANS_OF_PROCEEDING.has(noun) ||
    (noun === 'operation' && lower[head + 1] === 'of' && lower[head + 2] === 'law')
  );
}

/** A demonstrative or possessive before the head of `dependent` ("by this Agreement", "by its terms"). */
function pointedDocument(dependent: TreeDependent, context: TreeContext): boolean {
  const { lower, pos } = context.view;
  for (let at = dependent.start; at < dependent.index; at += 1)
    if (
      DEMONSTRATIVES.includes(lower[at] ?? '') ||
      (pos[at] === 'PRON' && POSSESSIVE_DETERMINERS.includes(lower[at] ?? ''))
    )
      return true;
  return false;
}

const circumstanceAs = (type: CircumstanceType, subtype: string | null): TreeOutcome => ({
  kind: 'circumstance',
  type,
  subtype,
});
/** The role the word-order analysis gave the same constituent, else `fallback`. */
function keptRole(
  dependent: TreeDependent,
  context: TreeContext,
  fallback: ParticipantRole | null,
): TreeOutcome {
  const found = previousParticipant(dependent, context);
  if (found !== undefined) {
    // IDENTIFYING_OBJECT: "constitutes the Parties' legal, | valid and | binding obligation": the word order cut the
    // phrase in groups and made the first the Value, the rest Attributes; the phrase is the Value.
    if (found.role === 'attribute' && context.identifyingObjects) {
      const first = context.previous.participants.find(
        (participant) =>
          dependent.start <= participant.start &&
          participant.end <= dependent.end &&
          (participant.role === 'value' || participant.role === 'token'),
      );
      if (first !== undefined) return participantAs(first.role);
    }
    return participantAs(found.role);
  }
  return fallback === null ? NONE : participantAs(fallback);
}
/** The type the word-order analysis gave the same constituent, else `fallback`. */
function keptType(dependent: TreeDependent, context: TreeContext, fallback: TreeOutcome): TreeOutcome {
  const found = previousCircumstance(dependent, context);
  if (found === undefined) return fallback;
  // CIRCUMSTANCE.TREE_OWN_TYPE: the word order's circumstance ran on past the phrase into the next element ("In
  // such event Contractor" | "shall"): its type was read off another phrase's words.
  if (found.end > dependent.end && found.start >= dependent.start && context.ownTypes) return fallback;
  return circumstanceAs(found.type, found.subtype);
}
const hasTime = (dependent: TreeDependent, context: TreeContext, dates = true): boolean =>
  phraseHasTime(context.view.lower, dependent.start, dependent.end, context.references, dates);

/** The circumstance an oblique's preposition names (lexicons/circumstance-lexicon.ts), or none for one it does not know. */
function prepositionCircumstance(dependent: TreeDependent, context: TreeContext): TreeOutcome {
  const { view } = context;
  // The preposition's own word (an adverb may open the span: "right after the meeting").
  let at = dependent.start;
  while (at < dependent.end && view.lower[at] !== dependent.preposition) at += 1;
  const typed = prepositionType(view.lower, view.pos, at, dependent.end, context);
  if (typed === undefined) return NONE;
  let [type, subtype] = typed;
  // "The Parties shall agree upon the fees", "agreed on a price": what is decided about, not a time or place.
  if (onMatter(context.verbLemma, dependent.preposition) && !hasTime(dependent, context, false))
    [type, subtype] = ['matter', null];
  // "at its own expense", "in its sole discretion" (CIRCUMSTANCE.NOUN_TYPE).
  const byNoun = context.nounTypes
    ? nounCircumstance(
        dependent.preposition ?? '',
        view.lower[dependent.index] ?? '',
        dependent.end === dependent.start + 2,
      )
    : undefined;
  if (byNoun !== undefined && type === 'location') [type, subtype] = byNoun;
  return circumstanceAs(type, subtype);
}

/**
 * The participant and circumstance rules, in the order they apply (the first whose `when` holds
 * decides: `when`, then `decide`). Each example is run as a test (transitivity-tree.test.ts).
 */
export const PARTICIPANT_TREE_RULES: readonly TreeRule[] = [
  {
    // ANNOTATION.md: existential "there" and anticipatory "it" are the Subject but no participant.
    id: 'PARTICIPANT.TREE_EXPLETIVE',
    when: is(/^expl(:|$)/),
    decide: () => NONE,
    examples: [{ text: 'There is a king in the castle.', expect: '-=There' }],
  },
  {
    // "Licensee shall (i) pay the fees": a list enumerator the parser hangs on the predicate (as nsubj, obj,
    // obl...) is no participant or circumstance, nor is it one in the word order.
    id: 'PARTICIPANT.TREE_ENUMERATOR',
    when: isEnumerator,
    decide: () => DROP,
    examples: [{ text: 'Licensee shall (i) pay the fees.', expect: '-=i' }],
  },
  {
    // "shall be divided by four", "was reduced by 5%": a passive "by" phrase of a verb of arithmetic, or
    // a number or an amount, is the operand or the degree, no agent (lexicons/transitivity-lexicon.ts).
    id: 'CIRCUMSTANCE.TREE_BY_OPERAND',
    when: (dependent, context) =>
      passiveByPhrase(dependent, context) &&
      isOperandByPhrase(
        context.view.lower,
        context.view.pos,
        dependent.start,
        dependent.end,
        context.verbLemma,
      ),
    decide: () => circumstanceAs('manner', 'means'),
    examples: [
      { text: 'The sum shall be divided by four.', expect: 'manner/means=by four' },
      { text: 'The term shall be extended by thirty (30) days.', expect: 'manner/means=by thirty (30) days' },
      {
        text: 'The total was multiplied by the number of days.',
        expect: 'manner/means=by the number of days',
      },
    ],
  },
  {
    // obl with "by" before a point in time (CIRCUMSTANCE.BY_DEADLINE of the word order), in a passive too:
    // "shall be delivered by the Delivery Date" has no agent.
    id: BY_DEADLINE,
    when: (dependent, context) =>
      /^obl(:|$)/.test(dependent.deprel) &&
      dependent.preposition === 'by' &&
      context.view.lower[dependent.start] === 'by' &&
      byDeadline(context.view, dependent.start + 1, dependent.end),
    decide: () => circumstanceAs('location', 'time'),
    examples: [
      {
        text: 'The Tenant shall pay the rent by the fifth day of each month.',
        expect: 'location/time=by the fifth day of each month',
      },
      {
        text: 'The goods shall be delivered by the Delivery Date.',
        expect: 'location/time=by the Delivery Date',
      },
    ],
  },
  {
    // "will be notified by email", "was sent by courier": a passive "by" phrase whose noun is a means of sending
    // (MEANS_OF_SENDING) is the means, no agent: no e-mail says anything.
    id: 'CIRCUMSTANCE.TREE_BY_MEANS',
    when: (dependent, context) =>
      passiveByPhrase(dependent, context) && MEANS_OF_SENDING.has(context.view.lower[dependent.index] ?? ''),
    decide: () => circumstanceAs('manner', 'means'),
    examples: [
      { text: 'You will be notified by email.', expect: 'manner/means=by email' },
      { text: 'The contract was sent by courier.', expect: 'manner/means=by courier' },
      { text: 'Notices shall be delivered by hand.', expect: 'manner/means=by hand' },
      { text: 'Payment shall be made by wire transfer.', expect: 'manner/means=by wire transfer' },
    ],
  },
  {
    // "is incorporated herein by reference", "may be terminated by written notice", "shall be settled by binding
    // arbitration", "shipped by air": a passive "by" phrase whose noun is a means of proceeding
    // (MEANS_OF_PROCEEDING; "by operation of law") is the means, no agent; not one a demonstrative or possessive
    // points at ("as permitted by this Agreement", "governed by its terms"), nor that of a verb whose "by" phrase is a
    // writing that acts (DOCUMENT_AGENT_VERBS: "to be bound by a confidentiality agreement").
    id: 'CIRCUMSTANCE.TREE_BY_PROCEDURE',
    when: (dependent, context) =>
      passiveByPhrase(dependent, context) &&
      meansOfProceeding(context.view.lower, dependent.index) &&
      !DOCUMENT_AGENT_VERBS.has(context.verbLemma ?? '') &&
      !pointedDocument(dependent, context),
    decide: () => circumstanceAs('manner', 'means'),
    examples: [
      { text: 'Exhibit A is incorporated herein by reference.', expect: 'manner/means=by reference' },
      {
        text: 'This Agreement may be terminated by written notice.',
        expect: 'manner/means=by written notice',
      },
      {
        text: 'Any dispute shall be settled by binding arbitration.',
        expect: 'manner/means=by binding arbitration',
      },
      {
        text: 'This Agreement may be amended only by a written instrument signed by both parties.',
        expect: 'manner/means=by a written instrument signed by both parties',
      },
      {
        text: 'The rights shall be transferred by operation of law.',
        expect: 'manner/means=by operation of law',
      },
    ],
  },
  {
    // Passive "by" phrase (obl:agent, or obl + case "by" in the passive): the Actor, Senser or Sayer; not
    // "by" opening a preposition of several words ("prevented by reason of fire", "by virtue of").
    id: 'PARTICIPANT.TREE_AGENT',
    when: (dependent, context) =>
      (/^obl:agent$/.test(dependent.deprel) ||
        (context.passive &&
          /^obl(:|$)/.test(dependent.deprel) &&
          dependent.preposition === 'by' &&
          !hasTime(dependent, context))) &&
      complexPrepositionAt(context.view.lower, dependent.start) === undefined,
    decide: (_dependent, context) =>
      participantAs(
        context.processType === 'mental' && PLEASE_TYPE.has(context.verbLemma ?? '')
          ? 'phenomenon'
          : ROLES[context.processType].subject,
        true,
      ),
    examples: [{ text: 'The road was blocked by fallen trees.', expect: 'actor=fallen trees' }],
  },
  {
    // "Sarah, pass me the salt": a name set off by a comma before a command with no Finite is a Vocative.
    id: 'PARTICIPANT.TREE_VOCATIVE',
    when: (dependent, context) =>
      /^nsubj(:|$)/.test(dependent.deprel) &&
      context.previous.rawTransitivity.matched.includes('ROLE.VOCATIVE') &&
      context.view.lower[dependent.end] === ',' &&
      dependent.end - dependent.start <= 3 &&
      previousParticipant(dependent, context) === undefined,
    decide: () => NONE,
    examples: [{ text: 'Sarah, pass me the salt.', expect: '-=Sarah' }],
  },
  {
    // Of two nsubj the parser hangs on one predicate, the Subject is the one the word order chose (or the nearer).
    id: 'PARTICIPANT.TREE_ONE_SUBJECT',
    when: (dependent, context) =>
      /^(nsubj|csubj)(:|$)/.test(dependent.deprel) &&
      context.subjects.length > 1 &&
      dependent.index !== chosenSubject(context),
    decide: () => NONE,
    examples: [{ text: 'what time does the shop open', expect: 'actor=the shop' }],
  },
  {
    // "Which hospital did they take him to?": a fronted WH object of a stranded preposition is no participant.
    id: 'PARTICIPANT.TREE_STRANDED',
    when: (dependent, context) =>
      /^obj(:|$)/.test(dependent.deprel) &&
      context.previous.rawTransitivity.matched.includes('ROLE.STRANDED_PREPOSITION') &&
      dependent.index < (context.view.finite < 0 ? context.view.head : context.view.finite),
    decide: () => NONE,
    examples: [{ text: 'Which hospital did they take him to?', expect: 'location/place=Which hospital' }],
  },
  {
    // The tagger or parser took a verb for a nominal ("How many trees did the storm uproot?": uproot/obj):
    // no participant from the tree; the word order's analysis stands.
    id: 'PARTICIPANT.TREE_VERB_AS_NOMINAL',
    when: (dependent, context) =>
      /^(nsubj|obj|iobj)(:|$)/.test(dependent.deprel) &&
      dependent.end === dependent.index + 1 &&
      (context.view.pos[dependent.index] === 'VERB' || context.view.pos[dependent.index] === 'AUX'),
    decide: () => NONE,
    examples: [{ text: 'How many trees did the storm uproot?', expect: '-=uproot' }],
  },
  {
    // "She turned down the lane": an object the word order reads as inside a circumstance of place after a
    // motion verb (no phrasal verb) stays that circumstance.
    id: 'CIRCUMSTANCE.TREE_PATH_OBJECT',
    when: (dependent, context) => {
      if (!/^obj(:|$)/.test(dependent.deprel)) return false;
      if (context.previous.rawTransitivity.matched.includes('ROLE.PHRASAL_VERB')) return false;
      const found = previousCircumstance(dependent, context);
      if (found === undefined || found.start >= dependent.start || context.view.pos[found.start] !== 'ADP')
        return false;
      // Not the preposition of another nominal before the object ("pay **to WPT** ten percent": the word order ran
      // the "to" phrase on into the object, TREE.OBJECT_AFTER_RECIPIENT).
      const ownHead = context.view.heads[found.start] ?? -1;
      const relation = context.view.syntactic.tokens[found.start]?.deprel;
      if (
        relation === 'case' &&
        ownHead > found.start &&
        ownHead < dependent.start &&
        context.view.heads[ownHead] === context.view.heads[dependent.index]
      )
        return false;
      return previousParticipant(dependent, context) === undefined;
    },
    decide: () => NONE,
    examples: [{ text: 'She turned down the lane.', expect: 'location/place=down the lane' }],
  },
  {
    // "“We are done,” said council member Ruth Alvarez": the Subject after a verb of saying that reports a
    // quotation is its Sayer, whatever role the word order gave the noun after the verb (Verbiage).
    id: 'PARTICIPANT.TREE_REPORTING_SUBJECT',
    when: (dependent, context) =>
      /^nsubj$/.test(dependent.deprel) &&
      !context.passive &&
      context.view.head >= 0 &&
      dependent.start > context.view.head &&
      QUOTING_VERBS.has(context.verbLemma ?? ''),
    decide: (_dependent, context) => participantAs(ROLES[context.processType].subject),
    examples: [
      {
        text: '"We are done," said council member Ruth Alvarez.',
        expect: 'sayer=council member Ruth Alvarez',
      },
    ],
  },
  {
    // nsubj/csubj (and :pass): the first participant of the process type, the passive's Goal-like one in the passive.
    id: 'PARTICIPANT.TREE_SUBJECT',
    when: is(/^(nsubj|csubj)(:|$)/),
    decide: (dependent, context) =>
      keptRole(
        dependent,
        context,
        context.passive ? PASSIVE_SUBJECT[context.processType] : ROLES[context.processType].subject,
      ),
    examples: [
      { text: 'The tenant must return the keys.', expect: 'actor=The tenant' },
      { text: 'The keys were returned on Monday.', expect: 'goal=The keys' },
    ],
  },
  {
    // iobj: the Beneficiary of a material process, the Receiver of a verbal one. A Goal the word order read there
    // is the Beneficiary ("give the Landlord | ten (10) business days notice": the tree's obj is the Goal).
    id: 'PARTICIPANT.TREE_INDIRECT_OBJECT',
    when: is(/^iobj(:|$)/),
    decide: (dependent, context) => {
      const role = context.processType === 'verbal' ? 'receiver' : 'beneficiary';
      return previousParticipant(dependent, context)?.role === 'goal'
        ? participantAs(role)
        : keptRole(dependent, context, role);
    },
    examples: [{ text: 'She gave him the keys.', expect: 'beneficiary=him' }],
  },
  {
    // obj: the second participant (Goal, Phenomenon, Verbiage, Attribute); a behavioral process has none.
    id: 'PARTICIPANT.TREE_OBJECT',
    when: is(/^obj(:|$)/),
    decide: (dependent, context) =>
      keptRole(
        dependent,
        context,
        context.processType === 'behavioral' ? null : ROLES[context.processType].object,
      ),
    examples: [{ text: 'The tenant must return the keys.', expect: 'goal=the keys' }],
  },
  {
    // "He's been away **for a week**", "We are back **from Europe**": an oblique of a nominal or adverb that
    // takes "be" as its copula is a circumstance of the relational process, not its Attribute (the predicate
    // is): typed by its preposition, whatever role the word order gave it.
    id: COPULA_OBLIQUE,
    when: (dependent, context) =>
      /^obl(:|$)/.test(dependent.deprel) &&
      context.copulaPredicate >= 0 &&
      context.view.heads[dependent.index] === context.copulaPredicate &&
      PREPOSITION_CIRCUMSTANCES[dependent.preposition ?? ''] !== undefined &&
      complexPrepositionAt(context.view.lower, dependent.start) === undefined,
    decide: (dependent, context) => prepositionCircumstance(dependent, context),
    examples: [
      { text: "He's been away for a week.", expect: 'extent/duration=for a week' },
      { text: 'We are back from Europe.', expect: 'location/place=from Europe' },
    ],
  },
  {
    id: RECIPIENT,
    when: (dependent, context) =>
      /^obl(:|$)/.test(dependent.deprel) &&
      dependent.preposition === 'to' &&
      context.processType === 'material' &&
      TRANSFER_TO_VERBS.has(context.verbLemma ?? '') &&
      complexPrepositionAt(context.view.lower, dependent.start) === undefined &&
      (context.passive || context.hasObject) &&
      isRecipient(dependent, context),
    decide: () => participantAs('beneficiary'),
    examples: [
      { text: 'The Tenant shall pay the deposit to the Landlord.', expect: 'beneficiary=to the Landlord' },
      {
        text: 'Licensor hereby grants to Licensee a non-exclusive license.',
        expect: 'beneficiary=to Licensee',
      },
    ],
  },
  {
    // An oblique the process takes as a participant: the Receiver of saying ("to the manager"), a
    // circumstantial Attribute.
    id: 'PARTICIPANT.TREE_OBLIQUE_PARTICIPANT',
    when: (dependent, context) =>
      /^obl(:|$)/.test(dependent.deprel) &&
      dependent.preposition !== null &&
      previousParticipant(dependent, context)?.start === dependent.start,
    decide: (dependent, context) => keptRole(dependent, context, null),
    examples: [{ text: 'She talked to the manager.', expect: 'receiver=to the manager' }],
  },
  {
    // A bare nominal with no time word the word order made a participant ("handed the guest a heavy suitcase",
    // which the parser may label obl:unmarked): its role stands.
    id: 'PARTICIPANT.TREE_BARE_NOMINAL',
    when: (dependent, context) =>
      /^(obl:npmod|obl:unmarked)$/.test(dependent.deprel) &&
      !hasTime(dependent, context) &&
      previousParticipant(dependent, context) !== undefined,
    decide: (dependent, context) => keptRole(dependent, context, null),
    examples: [{ text: 'The porter handed the guest a heavy suitcase.', expect: 'goal=a heavy suitcase' }],
  },
  {
    id: BARE_OBLIQUE,
    when: (dependent, context) =>
      dependent.deprel === 'obl' &&
      dependent.preposition === null &&
      !hasTime(dependent, context) &&
      bareObliqueEnd(dependent, context) > 0,
    decide: (dependent, context) => {
      const kept = keptRole(dependent, context, null);
      return kept.kind === 'participant' ? { ...kept, end: bareObliqueEnd(dependent, context) } : kept;
    },
    examples: [
      {
        text: 'The Licensee shall return immediately to the Licensor all copies, manuals and records.',
        expect: 'goal=all copies, manuals and records',
      },
    ],
  },
  {
    // A bare nominal of time or measure (obl:tmod, obl:npmod, obl:unmarked): a circumstance of time or extent.
    id: 'CIRCUMSTANCE.TREE_TEMPORAL',
    when: is(/^(obl:tmod|obl:npmod|obl:unmarked|nmod:tmod)$/),
    decide: (dependent, context) =>
      keptType(
        dependent,
        context,
        hasTime(dependent, context) || dependent.deprel.endsWith('tmod')
          ? circumstanceAs('location', 'time')
          : circumstanceAs('extent', null),
      ),
    examples: [{ text: 'We met the architect last week.', expect: 'location/time=last week' }],
  },
  {
    // obl opening with a preposition of several words: it decides the type, whatever its first word or the
    // word order (which may have read "because" as a binder and "of the storm" as matter) would say.
    id: COMPLEX_PREPOSITION,
    when: (dependent, context) =>
      /^obl(:|$)/.test(dependent.deprel) &&
      complexPrepositionAt(context.view.lower, dependent.start) !== undefined,
    decide: (dependent, context) => {
      const { type, subtype } = complexPrepositionAt(
        context.view.lower,
        dependent.start,
      ) as ComplexPreposition;
      return circumstanceAs(type, subtype);
    },
    examples: [
      { text: 'The store closed because of the storm.', expect: 'cause/reason=because of the storm' },
      {
        text: 'Licensee shall pay the fee in addition to the royalties.',
        expect: 'accompaniment/null=in addition to the royalties',
      },
      {
        text: 'The Vendor shall not give gratuities in the form of gifts.',
        expect: 'role/null=in the form of gifts',
      },
      {
        text: 'To the extent permitted by law, the Seller disclaims all warranties.',
        expect: 'contingency/condition=To the extent permitted by law',
      },
      {
        text: 'The Shipper shall not ship volumes in excess of the Monthly Commitment.',
        expect: 'manner/comparison=in excess of the Monthly Commitment',
      },
      {
        text: 'In consideration for the fee, the seller will deliver the goods.',
        expect: 'cause/reason=In consideration for the fee',
      },
    ],
  },
  {
    // obl with a preposition: the preposition decides the circumstance type (lexicons/circumstance-lexicon.ts).
    id: 'CIRCUMSTANCE.TREE_PREPOSITION',
    when: (dependent) => /^obl(:|$)/.test(dependent.deprel) && dependent.preposition !== null,
    decide: (dependent, context) => keptType(dependent, context, prepositionCircumstance(dependent, context)),
    examples: [
      { text: 'The central bank raised interest rates on Thursday.', expect: 'location/time=on Thursday' },
      { text: 'We walked in the garden.', expect: 'location/place=in the garden' },
      // "date" is a time word ("on the date of delivery"), except for what a verb of deciding is about.
      { text: 'Rent is payable on the date of delivery.', expect: 'location/time=on the date of delivery' },
      { text: 'The parties agreed on a delivery date.', expect: 'matter/null=on a delivery date' },
      // "for" before a stretch of time is a duration, with or without a time word; other "for" phrases a purpose.
      {
        text: 'The warranty runs for a period of two (2) years.',
        expect: 'extent/duration=for a period of two (2) years',
      },
      {
        text: 'The tenant may terminate for breach of any term.',
        expect: 'cause/purpose=for breach of any term',
      },
    ],
  },
  {
    // advmod: an adverb of place, time or manner (-ly); modal, textual and interpersonal adjuncts and negators are none.
    id: 'CIRCUMSTANCE.TREE_ADVERB',
    when: is(/^advmod(:|$)/),
    decide: (dependent, context) => {
      const word = context.view.lower[dependent.index] ?? '';
      // "there lived an old fisherman": the existential "there" is no place.
      if (word === 'there' && context.processType === 'existential') return NONE;
      // "I am at home **now**", "He left **then**": a linking word of time after the verb is its time, not a link.
      const verb = context.view.finite >= 0 ? context.view.finite : context.view.head;
      if (
        TIME_ADVERBS.has(word) &&
        TEXTUAL_THEMES.has(word) &&
        verb >= 0 &&
        dependent.index > verb &&
        context.view.pos[dependent.index] === 'ADV' &&
        dependent.end === dependent.index + 1
      )
        return keptType(dependent, context, circumstanceAs('location', 'time'));
      if (
        MODAL_ADJUNCTS[word] !== undefined ||
        TEXTUAL_THEMES.has(word) ||
        INTERPERSONAL_THEMES.has(word) ||
        NEGATORS.has(word) ||
        context.view.pos[dependent.index] !== 'ADV' ||
        dependent.end !== dependent.index + 1
      )
        return keptType(dependent, context, NONE);
      let fallback: TreeOutcome = NONE;
      if (PLACE_ADVERBS.has(word)) fallback = circumstanceAs('location', 'place');
      else if (TIME_ADVERBS.has(word)) fallback = circumstanceAs('location', 'time');
      else if (word.endsWith('ly')) fallback = circumstanceAs('manner', 'quality');
      return keptType(dependent, context, fallback);
    },
    examples: [
      { text: 'The children played outside.', expect: 'location/place=outside' },
      { text: 'I am at home now.', expect: 'location/time=now' },
    ],
  },
];

/** Relations of the predicate's dependents the rules look at. */
const CANDIDATE = /^(nsubj|csubj|expl|obj|iobj|obl|advmod|nmod:tmod)(:|$)/;
/**
 * CIRCUMSTANCE.TREE_SUBJECT_TO: "**Subject to the terms of this Agreement**, the representation shall be maintained",
 * "Subject to Section 5, the Licensee shall pay the fee": UD makes "subject" an adjective with an oblique, and the
 * parse hangs it on the predicate as `advcl` (or `advmod`: "Subject to ..., this Agreement shall be valid"); with no
 * Subject, copula or verb of its own it is no clause but the
 * phrase of the preposition "subject to", a circumstance of condition like an oblique (before, none at all).
 */
const SUBJECT_TO = 'CIRCUMSTANCE.TREE_SUBJECT_TO';
/** CIRCUMSTANCE.TREE_COPULA_TIME: see treeElements. */
const COPULA_TIME = 'CIRCUMSTANCE.TREE_COPULA_TIME';
function subjectToPhrase(view: ClauseView, tree: Tree, index: number): boolean {
  if (view.lower[index] !== 'subject' || view.lower[index + 1] !== 'to' || view.pos[index] !== 'ADJ')
    return false;
  return !(tree.children[index] ?? []).some((child) =>
    /^(?:nsubj|csubj|expl|cop|aux|mark)(:|$)/.test(view.syntactic.tokens[child]?.deprel ?? ''),
  );
}
/** CIRCUMSTANCE.TREE_CONJUNCTION_WORDS: see treeElements. */
export const CONJUNCTION_WORDS = 'CIRCUMSTANCE.TREE_CONJUNCTION_WORDS';
const NO_SPANS: readonly { start: number; end: number }[] = [];

/**
 * The spans of the binding conjunctions of several words (`COMPLEX_CONJUNCTIONS`, boundConjunctionEnd) whose `mark`
 * hangs on one of `predicates`: "as soon as", "even if" (UD's adverbs before the mark).
 */
function conjunctionSpans(
  view: ClauseView,
  tree: Tree,
  predicates: ReadonlySet<number>,
): readonly { start: number; end: number }[] {
  let spans: { start: number; end: number }[] | undefined;
  for (const predicate of predicates)
    for (const mark of tree.children[predicate] ?? NO_INDICES) {
      if (mark > predicate || view.syntactic.tokens[mark]?.deprel !== 'mark') continue;
      const start = boundConjunctionStart(
        view.lower,
        mark,
        0,
        predicate,
        (at) => tree.heads[at] ?? -1,
        (at) => view.syntactic.tokens[at]?.deprel,
      );
      if (start < 0) continue;
      spans ??= [];
      spans.push({ start, end: mark + 1 });
    }
  return spans ?? NO_SPANS;
}

/** Relations under which a word-order element is not a participant or circumstance of this process. */
const NOT_AN_ELEMENT =
  /^(vocative|discourse|parataxis|conj|advcl|acl|dislocated|list|reparandum|orphan|appos|nmod)(:|$)/;
/** Word-order rules after which the Event is not the tree's predicate: the tree stage stays out. */
const MOVED_EVENT = ['ROLE.LETS', 'ROLE.PROJECTED_INFINITIVE'];
/** Relations by which a verb of the Event's verbal group hangs on the predicate ("has to pay", "need to update"). */
const CHAINED = /^(xcomp|aux|aux:pass|cop)$/;

/** The first rule (in table order, skipping disabled ones) whose `when` holds, with its outcome. */
export const applyTreeRules: (
  rules: readonly TreeRule[],
  dependent: TreeDependent,
  context: TreeContext,
  disabled?: ReadonlySet<string>,
) => { readonly rule: string; readonly outcome: TreeOutcome } | undefined = firstRule;

interface Tree {
  readonly predicate: number;
  /** Whether the predicate was taken past the clause's opening list enumerator (ENUMERATOR_PREDICATE). */
  readonly pastEnumerator: boolean;
  readonly heads: readonly number[];
  /** Each token's dependents inside the clause (undefined for a token with none). */
  readonly children: readonly (number[] | undefined)[];
}

/**
 * Local tree of the clause: each token's local head (-1 outside the clause or root) and children. The predicate
 * is the first word with no head inside the clause (the sentence's root where the clause holds it), past the
 * list enumerator the clause opens with (ENUMERATOR_PREDICATE).
 */
function localTree(view: ClauseView, disabled?: ReadonlySet<string>): Tree {
  const { tokens } = view.syntactic;
  const count = tokens.length;
  const heads: number[] = new Array(count).fill(-1);
  const children: (number[] | undefined)[] = new Array(count);
  let predicate = -1;
  let fallback = -1;
  const enumerator = disabled?.has(ENUMERATOR_PREDICATE) === true ? -1 : enumeratorEnd(tokens);
  for (let index = 0; index < count; index += 1) {
    const token = tokens[index] as Token;
    const head = view.heads[index] as number;
    if (head >= 0 && head !== index) {
      heads[index] = head;
      const siblings = children[head];
      if (siblings === undefined) children[head] = [index];
      else siblings.push(index);
    } else if (token.pos !== 'PUNCT' && (predicate < 0 || token.headStart === null)) {
      if (index < enumerator) {
        if (fallback < 0) fallback = index;
      } else if (token.headStart === null || predicate < 0) predicate = index;
    }
  }
  return {
    predicate: predicate < 0 ? fallback : predicate,
    pastEnumerator: predicate >= 0 && fallback >= 0,
    heads,
    children,
  };
}

/** The circumstance a prepositional phrase names by its preposition (several words or one) and its noun. */
function phraseCircumstance(
  view: ClauseView,
  tree: Tree,
  phrase: { start: number; end: number },
  switches: Pick<
    TreeContext,
    'nounTypes' | 'pointsInTime' | 'references' | 'perAccordance' | 'uponParty' | 'coordinatedPrepositions'
  >,
): { type: CircumstanceType; subtype: string | null } | undefined {
  const { nounTypes } = switches;
  const complex = complexPrepositionAt(view.lower, phrase.start);
  if (complex !== undefined) return { type: complex.type, subtype: complex.subtype };
  const preposition = view.lower[phrase.start] ?? '';
  if (view.pos[phrase.start] !== 'ADP') return undefined;
  const typed = prepositionType(view.lower, view.pos, phrase.start, phrase.end, switches);
  if (typed === undefined) return undefined;
  let [type, subtype] = typed;
  const byNoun = !nounTypes
    ? undefined
    : nounCircumstance(
        preposition,
        view.lower[spanHead(view, tree, phrase.start, phrase.end)] ?? '',
        phrase.end === phrase.start + 2,
      );
  if (byNoun !== undefined && type === 'location') [type, subtype] = byNoun;
  return { type, subtype };
}

/**
 * The prepositional phrase set off by commas that ends the Subject `head`'s span right before the clause's Finite
 * or verb (SUBJECT_BACK), or undefined.
 */
function subjectBackPhrase(
  view: ClauseView,
  tree: Tree,
  head: number,
  span: { start: number; end: number },
): { start: number; end: number } | undefined {
  const tokens = view.syntactic.tokens;
  const children = tree.children[head] ?? NO_INDICES;
  let last = -1;
  for (const child of children) if (child > head && view.pos[child] !== 'PUNCT') last = child;
  if (last < 0 || !/^(nmod|obl)(:|$)/.test(tokens[last]?.deprel ?? '')) return undefined;
  const phrase = subtreeSpan(view, tree, last);
  if (view.pos[phrase.start] !== 'ADP' || view.lower[phrase.start - 1] !== ',' || phrase.start - 1 <= head)
    return undefined;
  // The closing comma, then the Finite or the verb.
  let after = phrase.end;
  if (view.lower[after] !== ',') return undefined;
  after += 1;
  const verb = view.finite >= 0 ? view.finite : view.head;
  if (after !== verb || span.end > verb) return undefined;
  return phrase;
}

/** Two-word phrases that quantify the nominal group after them. */
const QUANTIFYING_PAIRS: ReadonlySet<string> = new Set(['at least', 'at most']);
/** Two-word phrases that link a clause to the text before it (a textual Theme), no circumstance. */
const LINKING_PAIRS: ReadonlySet<string> = new Set([
  'in addition',
  'in fact',
  'in particular',
  'of course',
  'in short',
  'in general',
  'in turn',
  'in contrast',
  'by contrast',
  'for example',
  'for instance',
  'in conclusion',
  'in summary',
  'in sum',
]);

/**
 * Where the Subject `head`'s span [start, ...) starts once the dependents the parse hung on it in front that no
 * nominal group opens with are left out (SUBJECT_FRONT): an adverb followed by a comma, a phrase with a
 * preposition (`nmod`/`obl` with `case`, or `advmod`/`discourse`), with the punctuation after them.
 */
function subjectFrontEnd(
  view: ClauseView,
  tree: Tree,
  head: number,
  start: number,
  phrases: { start: number; end: number }[],
): number {
  const tokens = view.syntactic.tokens;
  let at = start;
  for (const child of tree.children[head] ?? NO_INDICES) {
    if (child >= head) break;
    if (child < at) continue;
    const relation = tokens[child]?.deprel ?? '';
    const span = subtreeSpan(view, tree, child);
    if (span.start !== at) break;
    const prepositional =
      /^(nmod|obl)(:|$)/.test(relation) &&
      (tree.children[child] ?? NO_INDICES).some(
        (grand) =>
          grand < child && /^case(:|$)/.test(tokens[grand]?.deprel ?? '') && view.pos[grand] === 'ADP',
      );
    const setOff =
      /^(advmod|discourse)(:|$)/.test(relation) && view.pos[child] === 'ADV' && view.lower[span.end] === ',';
    if (!prepositional && !setOff) break;
    const pair = `${view.lower[span.start] ?? ''} ${view.lower[span.start + 1] ?? ''}`;
    // "at least a majority of the securities": a quantifier of the group, no phrase in front of it.
    if (span.end === span.start + 2 && QUANTIFYING_PAIRS.has(pair)) break;
    // "In addition, Antares ...": a linking phrase, no circumstance.
    if (prepositional && !(span.end === span.start + 2 && LINKING_PAIRS.has(pair))) phrases.push(span);
    at = span.end;
    while (at < head && view.pos[at] === 'PUNCT') at += 1;
  }
  if (at > head) phrases.length = 0;
  return at <= head ? at : start;
}

/**
 * The phrase of a copula's predicate (ATTRIBUTE_PHRASE): the predicate with the prepositions, determiners and
 * modifiers the tree hangs on it between the copula and it, and the phrases right after it that postmodify it.
 */
function predicatePhrase(
  view: ClauseView,
  tree: Tree,
  predicate: number,
  copula: number,
  conjuncts: boolean,
): { start: number; end: number } {
  const tokens = view.syntactic.tokens;
  const children = tree.children[predicate] ?? NO_INDICES;
  let start = predicate;
  for (let at = children.length - 1; at >= 0; at -= 1) {
    const child = children[at]!;
    if (child > predicate) continue;
    const relation = tokens[child]?.deprel ?? '';
    // ("a legal, valid, **and** binding obligation": the parse may hang the comma and the conjunction of coordinated
    // premodifiers on the noun; kept only with a premodifier before them, see below.)
    if (child <= copula || !(PHRASE_BEFORE.test(relation) || (conjuncts && /^(cc|punct)$/.test(relation))))
      break;
    // "due | on a monthly basis", "due and payable | prior to the date": an adjective the parse took for a
    // preposition is an Attribute of its own.
    if (/^case(:|$)/.test(tokens[child]?.deprel ?? '') && view.pos[child] !== 'ADP') break;
    if (relation === 'punct') {
      if (child + 1 !== start) break;
      start = child;
      continue;
    }
    const span = subtreeSpan(view, tree, child);
    // (A premodifier's own comma lies between it and the next: "legal, valid | , and binding".)
    let gap = span.end;
    while (conjuncts && gap < start && view.pos[gap] === 'PUNCT') gap += 1;
    if (gap !== start) break;
    start = span.start;
  }
  while (conjuncts && start < predicate && (view.pos[start] === 'PUNCT' || view.pos[start] === 'CCONJ'))
    start += 1;
  let end = predicate + 1;
  for (const child of children) {
    if (child < predicate) continue;
    if (!PHRASE_AFTER.test(tokens[child]?.deprel ?? '') && !(conjuncts && nominalConjunct(view, tree, child)))
      break;
    const span = subtreeSpan(view, tree, child);
    if (span.start !== end) break;
    end = span.end;
  }
  // Not into the next item of a list: "the subject of the Infringement Claim | (ii) replace ...", "a member of
  // the Board; | or".
  for (let at = predicate + 1; at < end; at += 1)
    if (view.lower[at] === '(' && isParenthesisedEnumerator(view.lower, at + 1, at + 2)) {
      end = at;
      break;
    }
  end = trimmedEnd(view, start, end, predicate + 1);
  while (end > predicate + 1 && view.pos[end - 1] === 'CCONJ')
    end = trimmedEnd(view, start, end - 1, predicate + 1);
  return { start, end };
}

/**
 * A nominal or adjective the parse joins to a predicate as its `conj`, with no Subject, copula, auxiliary or
 * binder of its own: the rest of one coordinated Attribute ("in full force **and effect**"; ATTRIBUTE_CONJUNCT).
 */
function nominalConjunct(view: ClauseView, tree: Tree, child: number): boolean {
  if (!/^conj(:|$)/.test(view.syntactic.tokens[child]?.deprel ?? '')) return false;
  if (!CONJUNCT_TAGS.has(view.pos[child] ?? '')) return false;
  const relations = (tree.children[child] ?? NO_INDICES).map(
    (grandchild) => view.syntactic.tokens[grandchild]?.deprel ?? '',
  );
  // With its own conjunction ("and effect"; not a name after a comma, "your host as always, Dave").
  return (
    relations.some((relation) => /^cc(:|$)/.test(relation)) &&
    !relations.some((relation) => /^(nsubj|csubj|expl|cop|aux|mark|obj|iobj)(:|$)/.test(relation))
  );
}
const CONJUNCT_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);

/** The contiguous run of the subtree of `index` around it, punctuation trimmed at both edges. */
function subtreeSpan(view: ClauseView, tree: Tree, index: number): { start: number; end: number } {
  // Tokens of the subtree, marked by local index.
  const inside = new Uint8Array(tree.heads.length);
  inside[index] = 1;
  const stack = [index];
  while (stack.length > 0) {
    const at = stack.pop() as number;
    const children = tree.children[at];
    if (children === undefined) continue;
    for (const child of children) {
      if (inside[child] === 1) continue;
      inside[child] = 1;
      stack.push(child);
    }
  }
  let start = index;
  let end = index + 1;
  while (start > 0 && inside[start - 1] === 1) start -= 1;
  while (inside[end] === 1) end += 1;
  while (start < index && view.pos[start] === 'PUNCT') start += 1;
  return { start, end: trimmedEnd(view, start, end, index + 1) };
}

/**
 * The end of [start, end) without the punctuation at its end (not below `least`), but for a closing bracket or
 * quotation mark whose opener the span holds.
 */
function trimmedEnd(view: ClauseView, start: number, end: number, least: number): number {
  let at = end;
  while (at > least && view.pos[at - 1] === 'PUNCT' && !closesInside(view.lower, start, at - 1)) at -= 1;
  return at;
}

/** Closing marks and the mark each closes (a straight quotation mark closes one of its own). */
const CLOSERS: ReadonlyMap<string, string> = new Map([
  [')', '('],
  [']', '['],
  ['”', '“'],
  ['"', '"'],
]);

/**
 * Whether the mark at `at` closes one opened inside [start, at): `Acme Corp. (the "Company")` keeps its
 * closing quotation mark and bracket, no `(the "Company`.
 */
function closesInside(lower: readonly string[], start: number, at: number): boolean {
  const mark = lower[at] ?? '';
  const opener = CLOSERS.get(mark);
  if (opener === undefined) return false;
  let open = 0;
  for (let index = start; index < at; index += 1) {
    const word = lower[index];
    if (mark === '"') {
      if (word === '"') open ^= 1;
    } else if (word === opener) open += 1;
    else if (word === mark && open > 0) open -= 1;
  }
  return open > 0;
}

/**
 * How the span's head hangs on the object at `object` in the tree: `conj` when the path takes a `conj`
 * edge (a conjunct of the object, or a word inside one), else `acl` when it takes an `acl` edge (inside a
 * clause postmodifying the object), else null (or when the path does not reach the object).
 */
function pathToObject(
  view: ClauseView,
  tree: Tree,
  object: number,
  start: number,
  end: number,
): 'conj' | 'acl' | 'amod' | 'appos' | null {
  let at = spanHead(view, tree, start, end);
  let conj = false;
  let acl = false;
  let amod = false;
  let appos = false;
  for (let steps = 0; steps < 64 && at >= 0 && at !== object; steps += 1) {
    const relation = view.syntactic.tokens[at]?.deprel ?? '';
    if (/^conj(:|$)/.test(relation)) conj = true;
    else if (/^acl(:|$)/.test(relation)) acl = true;
    // An adjective after the object's own noun, with its complement ("all amounts due to Licensor",
    // TREE.OWED_DUE_TO; "regulatory requirements applicable to Antares"), qualifies the noun as a postmodifying
    // clause does; not after a verb that takes an object and an adjective ("make Spare Elements available to the
    // Company during maintenance ...": the adjective is the object's complement, and what follows it the process's).
    else if (
      relation === 'amod' &&
      (view.pos[at] === 'ADJ' || view.pos[at] === 'VERB') &&
      tree.heads[at] === object &&
      at > object &&
      !OBJECT_ADJECTIVE_VERBS.has(view.lemma[view.head] ?? '') &&
      // Not the first word of a preposition ("pursuant to Section 4", "prior to closing": the process's
      // circumstance) nor a comparative before "than" ("any day other than a Sunday":
      // PARTICIPANT.TREE_COMPARATIVE_MODIFIER).
      !PREPOSITION_ADJECTIVES.has(view.lower[at] ?? '') &&
      view.lower[at + 1] !== 'than'
    )
      amod = true;
    else if (/^appos(:|$)/.test(relation) && setOff(view, tree, at)) appos = true;
    at = tree.heads[at] ?? -1;
  }
  if (at !== object) return null;
  return conj ? 'conj' : acl ? 'acl' : amod ? 'amod' : appos ? 'appos' : null;
}

/** Verbs that take an object and an adjective as its complement ("make the goods available", "hold it harmless"). */
const OBJECT_ADJECTIVE_VERBS: ReadonlySet<string> = new Set([
  'make',
  'render',
  'keep',
  'hold',
  'deem',
  'consider',
  'find',
  'leave',
  'declare',
  'prove',
  'get',
  'set',
  'maintain',
]);

/** Adjectives that open a preposition of several words ("pursuant to", "prior to", "subject to"). */
const PREPOSITION_ADJECTIVES: ReadonlySet<string> = new Set([
  'pursuant',
  'prior',
  'subsequent',
  'according',
  'contrary',
  'subject',
  'irrespective',
  'regardless',
  'previous',
]);

/** Marks that set an apposition off from its noun ("the software (the "Software")", "Acme Corp., a company"). */
const APPOSITION_MARKS: ReadonlySet<string> = new Set([',', '(', '[', '-', '–', '—']);
/** Whether the subtree at `at` comes right after a comma, bracket or dash (a true apposition, no second object). */
function setOff(view: ClauseView, tree: Tree, at: number): boolean {
  return APPOSITION_MARKS.has(view.lower[subtreeSpan(view, tree, at).start - 1] ?? '');
}

/** The head word of a span in the tree: the first of its words whose head lies outside it. */
function spanHead(view: ClauseView, tree: Tree, start: number, end: number): number {
  for (let index = start; index < end; index += 1) {
    if (view.pos[index] === 'PUNCT') continue;
    const head = tree.heads[index] ?? -1;
    if (head < start || head >= end) return index;
  }
  return start;
}

const NO_PREMISES: readonly Premise[] = Object.freeze([]);
const NO_RULES: readonly LabelRule[] = Object.freeze([]);
/** Tags of the noun a qualifying phrase may hang on. */
const NOMINAL_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'PRON', 'NUM']);
const NO_INDICES: readonly number[] = Object.freeze([]);

// The premises' strings repeat from clause to clause: each is built once (a new string per clause would
// be hashed anew where the annotator shares equal premises). The caches stop growing when full.
const PREMISE_CACHE_LIMIT = 10_000;
const BARE_RELATIONS = new Map<string, string>();
const CASE_RELATIONS = new Map<string, Map<string, string>>();
const PREMISE_LABELS = { participant: new Map<string, string>(), circumstance: new Map<string, string>() };

function cached(cache: Map<string, string>, key: string, build: (key: string) => string): string {
  let value = cache.get(key);
  if (value === undefined) {
    value = build(key);
    if (cache.size < PREMISE_CACHE_LIMIT) cache.set(key, value);
  }
  return value;
}

/** "deprel=obl case=in" (or "deprel=obj" with no preposition), the value of an element's premise. */
function relationPremise(deprel: string, preposition: string | null): string {
  if (preposition === null) return cached(BARE_RELATIONS, deprel, () => `deprel=${deprel}`);
  let byPreposition = CASE_RELATIONS.get(deprel);
  if (byPreposition === undefined) {
    byPreposition = new Map();
    if (CASE_RELATIONS.size < PREMISE_CACHE_LIMIT) CASE_RELATIONS.set(deprel, byPreposition);
  }
  return cached(byPreposition, preposition, () => `deprel=${deprel} case=${preposition}`);
}

/** "participant.goal", "circumstance.location": the label of an element's premise. */
function premiseLabel(kind: 'participant' | 'circumstance', name: string): string {
  return cached(PREMISE_LABELS[kind], name, () => `${kind}.${name}`);
}

/** The tree stage's result: the ideational analysis and the premises the trace cites. */
export interface TreeTransitivity {
  readonly ideational: Ideational;
  /** One premise per element read off the tree: `participant.<role>` or `circumstance.<type>` = `deprel=obj`. */
  readonly premises: readonly Premise[];
  /** The rules that fired, labelled `participants` or `circumstances`, in the order they fired. */
  readonly rules: readonly LabelRule[];
}

/** Whether the clause's tokens carry a parse (some relation other than none or `dep`). */
function hasTree(view: ClauseView): boolean {
  return view.syntactic.tokens.some((token) => token.deprel !== '' && token.deprel !== 'dep');
}

/** Extends the element of `list` that holds `noun` and ends where `phrase` starts over `phrase`. */
function extendHolder<T extends Participant | Circumstance>(
  view: ClauseView,
  list: T[],
  noun: number,
  phrase: Circumstance,
): void {
  const at = list.findIndex(
    (element) => element.start <= noun && noun < element.end && element.end === phrase.start,
  );
  const holder = list[at];
  if (holder !== undefined)
    list[at] = { ...holder, end: phrase.end, text: spanText(view, holder.start, phrase.end) };
}

/** The tree stage of a clause with no verb: CIRCUMSTANCE.TREE_NOUN_QUALIFIER. */
function verblessTransitivity(
  view: ClauseView,
  previous: Ideational,
  unchanged: TreeTransitivity,
  disabled: ReadonlySet<string> | undefined,
): TreeTransitivity {
  if (previous.circumstances.length === 0 || disabled?.has(NOUN_QUALIFIER) === true) return unchanged;
  const tokens = view.syntactic.tokens;
  if (!hasTree(view)) return unchanged;
  const tree = localTree(view, disabled);
  /** The noun a circumstance qualifies (its head hung on a noun outside it as `nmod`), or -1. */
  const qualified = (circumstance: Circumstance): number => {
    const head = spanHead(view, tree, circumstance.start, circumstance.end);
    const noun = tree.heads[head] ?? -1;
    if (tokens[head]?.deprel !== 'nmod' || noun < 0 || !NOMINAL_TAGS.has(view.pos[noun] ?? 'X')) return -1;
    // "on or before July 1": a coordinated preposition is left as it is.
    if (view.pos[circumstance.start - 1] === 'CCONJ') return -1;
    return noun < circumstance.start || noun >= circumstance.end ? noun : -1;
  };
  // Elements in text order; a qualifier right after the element holding its noun joins it ("after consummation
  // | of such merger"), any other is dropped.
  const participants = [...previous.participants];
  const circumstances: Circumstance[] = [];
  let changed = false;
  for (const circumstance of previous.circumstances) {
    const noun = qualified(circumstance);
    if (noun < 0) {
      circumstances.push(circumstance);
      continue;
    }
    changed = true;
    extendHolder(view, participants, noun, circumstance);
    extendHolder(view, circumstances, noun, circumstance);
  }
  if (!changed) return unchanged;
  return {
    ideational: { ...previous, participants, circumstances },
    premises: NO_PREMISES,
    rules: [{ label: 'circumstances', rule: NOUN_QUALIFIER }],
  };
}

/**
 * Rebuilds the participants and circumstances of a clause from its tree. Falls back to the word-order
 * analysis (returned unchanged, no premises) when the stage is off, the clause has no process or no
 * tree, or the word-order rules moved the Event off the tree's predicate.
 */
export function treeTransitivity(
  view: ClauseView,
  previous: Ideational,
  disabled?: ReadonlySet<string>,
): TreeTransitivity {
  let result = treeElements(view, previous, disabled);
  if (disabled?.has(TREE_STAGE) === true) return result;
  if (disabled?.has(LEADING_SUBORDINATOR) !== true) {
    const participants = withoutLeadingSubordinator(view, result.ideational.participants);
    if (participants !== undefined)
      result = {
        ideational: { ...result.ideational, participants },
        premises: result.premises,
        rules: [...result.rules, { label: 'participants', rule: LEADING_SUBORDINATOR }],
      };
  }
  if (disabled?.has(CIRCUMSTANCE_POSTMODIFIER) !== true) {
    const circumstances = joinedCircumstances(view, result.ideational, disabled);
    if (circumstances !== undefined)
      result = {
        ideational: { ...result.ideational, circumstances },
        premises: result.premises,
        rules: [...result.rules, { label: 'circumstances', rule: CIRCUMSTANCE_POSTMODIFIER }],
      };
  }
  if (disabled?.has(STRANDED_PREPOSITION) === true) return result;
  const circumstances = result.ideational.circumstances.filter(
    (circumstance) => !strandedPreposition(view, circumstance.start, circumstance.end),
  );
  if (circumstances.length === result.ideational.circumstances.length) return result;
  return {
    ideational: { ...result.ideational, circumstances },
    premises: result.premises,
    rules: [...result.rules, { label: 'circumstances', rule: STRANDED_PREPOSITION }],
  };
}

/** CIRCUMSTANCE.TREE_STRANDED_PREPOSITION: [start, end) is one preposition with nothing hung on it. */
function strandedPreposition(view: ClauseView, start: number, end: number): boolean {
  if (end !== start + 1 || (view.pos[start] !== 'ADP' && view.pos[start] !== 'SCONJ')) return false;
  return !ADVERBIAL_PREPOSITIONS.has(view.lower[start] ?? '') && !view.heads.includes(start);
}

/**
 * "that **CONSULTANT** must exclusively play", "certifies that **such quantity of Product**": the subordinator
 * that opens the clause (tagged SCONJ, whatever relation the parse gave it) is no part of the
 * participant after it, whatever stage made it (the word order took "that CONSULTANT" as one nominal group).
 */
export const LEADING_SUBORDINATOR = 'PARTICIPANT.LEADING_SUBORDINATOR';

/** Words a demonstrative "that" never comes before: after "that" they show it is the subordinator. */
const THAT_NEXT_DETERMINERS: ReadonlySet<string> = new Set([
  ...POSSESSIVE_DETERMINERS,
  ...wordSet('such all any each every no either neither both the a an'),
]);

/** The participants with a leading subordinator left out (LEADING_SUBORDINATOR), or undefined when none has one. */
function withoutLeadingSubordinator(
  view: ClauseView,
  participants: readonly Participant[],
): Participant[] | undefined {
  if (!hasTree(view)) return undefined;
  const tokens = view.syntactic.tokens;
  let changed: Participant[] | undefined;
  participants.forEach((participant, at) => {
    let start = participant.start;
    while (start + 1 < participant.end) {
      const token = tokens[start];
      // (Tagged SCONJ, whatever relation the parse gave it: "that such quantity" with "that" as det; no
      // nominal group opens with a subordinator.)
      if (token === undefined) break;
      const word = view.lower[start] ?? '';
      // (Not the prepositions the tagger may tag SCONJ: "by written notice".)
      const subordinator =
        view.pos[start] === 'SCONJ' && (word === 'that' || NON_PREPOSITION_SUBORDINATORS.has(word));
      // "that" the tagger read as a demonstrative before a determiner or a name ("that such termination", "That all
      // Products", "that AMAG ceases"): no demonstrative comes before those.
      const next = tokens[start + 1];
      const beforeDeterminer =
        word === 'that' &&
        next !== undefined &&
        (view.pos[start + 1] === 'DET' ||
          view.pos[start + 1] === 'PROPN' ||
          THAT_NEXT_DETERMINERS.has(view.lower[start + 1] ?? '') ||
          // (a name in capitals, where "that" itself is not in capitals: "THAT PARTY HAS BEEN ADVISED")
          (next.text.length > 1 &&
            next.text === next.text.toUpperCase() &&
            /\p{Lu}/u.test(next.text) &&
            token.text !== token.text.toUpperCase()));
      if (!subordinator && !beforeDeterminer) break;
      start += 1;
      while (start + 1 < participant.end && view.pos[start] === 'PUNCT') start += 1;
    }
    if (start === participant.start) return;
    changed ??= [...participants];
    changed[at] = { ...participant, start, text: spanText(view, start, participant.end) };
  });
  return changed;
}

/**
 * CIRCUMSTANCE.TREE_POSTMODIFIER, after the tree stage (or where it left the word order's elements as they
 * were): a phrase hung on the noun of the circumstance right before it joins it, so does the rest of a
 * preposition of several words cut after its noun, and the first word of a two-word preposition that no element
 * holds opens the circumstance after it. The circumstances joined, or undefined when nothing changed.
 */
function joinedCircumstances(
  view: ClauseView,
  ideational: Ideational,
  disabled?: ReadonlySet<string>,
): Circumstance[] | undefined {
  if (ideational.circumstances.length === 0) return undefined;
  const tokens = view.syntactic.tokens;
  const circumstances = [...ideational.circumstances];
  let changed = false;
  // "from time | to time": one circumstance of time.
  for (let at = circumstances.length - 1; at > 0; at -= 1) {
    const before = circumstances[at - 1]!;
    const after = circumstances[at]!;
    if (
      after.start === before.end &&
      after.end === after.start + 2 &&
      before.end === before.start + 2 &&
      view.lower[before.start] === 'from' &&
      view.lower[before.start + 1] === 'time' &&
      view.lower[after.start] === 'to' &&
      view.lower[after.start + 1] === 'time'
    ) {
      circumstances.splice(at - 1, 2, {
        ...before,
        end: after.end,
        text: spanText(view, before.start, after.end),
      });
      changed = true;
    }
  }
  // "**Subject** to the provisions of this Section": the first word of a two-word preposition, left out of
  // every element and of the verbal group, opens the circumstance after it.
  const group = view.verbalGroup;
  for (let at = 0; at < circumstances.length; at += 1) {
    const circumstance = circumstances[at]!;
    const first = circumstance.start - 1;
    const complex = first >= 0 ? complexPrepositionAt(view.lower, first) : undefined;
    if (complex?.words !== 2) continue;
    const inElement = [...ideational.participants, ...circumstances].some(
      (element) => element.start <= first && first < element.end,
    );
    const inEvent =
      first === view.head ||
      first === view.finite ||
      (group !== undefined && group.start <= first && first < group.end);
    if (inElement || inEvent) continue;
    circumstances[at] = {
      type: complex.type,
      subtype: complex.subtype,
      start: first,
      end: circumstance.end,
      text: spanText(view, first, circumstance.end),
    };
    changed = true;
  }
  let tree: Tree | undefined;
  for (let at = circumstances.length - 1; at > 0; at -= 1) {
    const before = circumstances[at - 1]!;
    const phrase = circumstances[at]!;
    if (phrase.start !== before.end) continue;
    // A preposition of several words cut after its noun ("in connection | with the subject matter"): one
    // circumstance of the type it names, wherever the parse hung the rest.
    const complex = complexPrepositionAt(view.lower, before.start);
    const cut = complex?.words === before.end - before.start + 1 ? complex : undefined;
    // "(except | in accordance with Section 14.1)": a preposition that takes a phrase as its complement, left alone
    // before it, opens it.
    const lone =
      before.end === before.start + 1 && PHRASE_TAKING_PREPOSITIONS.has(view.lower[before.start] ?? '');
    if (cut === undefined && !lone) {
      if (!POSTMODIFIER_JOINS.has(view.lower[phrase.start] ?? '') || !hasTree(view)) continue;
      tree ??= localTree(view, disabled);
      const head = spanHead(view, tree, phrase.start, phrase.end);
      const noun = tree.heads[head] ?? -1;
      if (tokens[head]?.deprel !== 'nmod' || noun < before.start || noun >= before.end) continue;
      if (!PHRASE_END_TAGS.has(view.pos[noun] ?? '')) continue;
    }
    circumstances.splice(at - 1, 2, {
      type: cut?.type ?? before.type,
      subtype: cut === undefined ? before.subtype : cut.subtype,
      start: before.start,
      end: phrase.end,
      text: spanText(view, before.start, phrase.end),
    });
    changed = true;
  }
  return changed ? circumstances : undefined;
}

/** Tags of the head of a sentence that is a nominal group (VERBLESS_HEAD). */
const NOMINAL_HEAD_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'PRON', 'NUM']);
/** Relations of the words before a nominal head that belong to its group. */
const PREMODIFIER = /^(det|det:poss|nmod:poss|amod|compound|nummod|advmod|flat)$/;

/**
 * PARTICIPANT.TREE_VERBLESS_HEAD: where the sentence's root is a nominal with no Subject, copula or auxiliary
 * and the word order's verb sits elsewhere (inside a clause or a modifier of that nominal, or a word the tagger
 * misread), the nominal group of the root is no participant of that verb.
 */
function verblessHead(
  view: ClauseView,
  tree: Tree,
  previous: Ideational,
  disabled?: ReadonlySet<string>,
): TreeTransitivity | undefined {
  // A clause with a Finite has a process of its own, whatever the parse made its root.
  if (disabled?.has(VERBLESS_HEAD) === true || view.finite >= 0) return undefined;
  // Nor has a clause that opens with its verb ("Empty the pockets.", "(a) install Network Equipment", "(f) monitoring
  // resolution status"), a command or list item the parse took for a nominal, or one with an auxiliary anywhere.
  let first = 0;
  while (
    view.pos[first] === 'PUNCT' ||
    view.pos[first] === 'NUM' ||
    view.pos[first] === 'X' ||
    view.pos[first] === 'SYM' ||
    isParenthesisedEnumerator(view.lower, first, first + 1) ||
    (view.lower[first + 1] === ')' && /^[a-z]$/.test(view.lower[first] ?? ''))
  )
    first += 1;
  if (view.head === first || view.pos.includes('AUX')) return undefined;
  const { predicate } = tree;
  const tokens = view.syntactic.tokens;
  if (!NOMINAL_HEAD_TAGS.has(view.pos[predicate] ?? '') || tokens[predicate]?.headStart !== null)
    return undefined;
  const children = tree.children[predicate] ?? NO_INDICES;
  if (children.some((child) => /^(nsubj|csubj|expl|cop|aux)(:|$)/.test(tokens[child]?.deprel ?? '')))
    return undefined;
  let start = predicate;
  for (let at = children.length - 1; at >= 0; at -= 1) {
    const child = children[at]!;
    if (child > predicate) continue;
    if (!PREMODIFIER.test(tokens[child]?.deprel ?? '')) break;
    const span = subtreeSpan(view, tree, child);
    if (span.end !== start) break;
    start = span.start;
  }
  const participants = previous.participants.filter(
    (participant) => !(participant.start <= predicate && start < participant.end),
  );
  if (participants.length === previous.participants.length) return undefined;
  return {
    ideational: { ...previous, participants },
    premises: NO_PREMISES,
    rules: [{ label: 'participants', rule: VERBLESS_HEAD }],
  };
}

/** The tree stage proper: the elements read off the tree (see `treeTransitivity`). */
function treeElements(
  view: ClauseView,
  previous: Ideational,
  disabled?: ReadonlySet<string>,
): TreeTransitivity {
  const unchanged: TreeTransitivity = { ideational: previous, premises: NO_PREMISES, rules: NO_RULES };
  const raw = previous.rawTransitivity;
  if (disabled?.has(TREE_STAGE) === true) return unchanged;
  if (raw.verbLemma === null) return verblessTransitivity(view, previous, unchanged, disabled);
  if (MOVED_EVENT.some((id) => raw.matched.includes(id))) return unchanged;
  if (raw.matched.includes('PROCESS.MINOR_CLAUSE')) return unchanged;
  if (!hasTree(view)) return unchanged;
  const tree = localTree(view, disabled);
  const { predicate } = tree;
  if (predicate < 0) return unchanged;
  const copular = (tree.children[predicate] ?? []).some((child) =>
    /^cop(:|$)/.test(view.syntactic.tokens[child]?.deprel ?? ''),
  );
  // A nominal or adverb with "be" as its copula before it, in a relational clause: its phrase is the Attribute.
  const beCopulaAt =
    (tree.children[predicate] ?? []).find(
      (child) =>
        child < predicate &&
        /^cop(:|$)/.test(view.syntactic.tokens[child]?.deprel ?? '') &&
        view.syntactic.tokens[child]?.lemma === 'be',
    ) ?? -1;
  const copulaPredicate =
    previous.processType === 'relational' &&
    beCopulaAt >= 0 &&
    PHRASE_PREDICATE_TAGS.has(view.pos[predicate] ?? '') &&
    // "will be substantially in the form ...": an adverb of manner the parse made the predicate is none.
    !(view.pos[predicate] === 'ADV' && (view.lower[predicate] ?? '').endsWith('ly')) &&
    !isParenthesisedEnumerator(view.lower, predicate, predicate + 1)
      ? predicate
      : -1;
  // The word-order Event must be the predicate, its copula or one of its auxiliaries.
  const event = view.head;
  if (
    event >= 0 &&
    event !== predicate &&
    !(
      tree.heads[event] === predicate &&
      /^(aux|cop|xcomp)(:|$)/.test(view.syntactic.tokens[event]?.deprel ?? '')
    )
  )
    return verblessHead(view, tree, previous, disabled) ?? unchanged;
  if (event < 0 && !copular) return unchanged;
  const fired: LabelRule[] = [];
  const fire = (label: string, rule: string) => {
    if (!fired.some((entry) => entry.label === label && entry.rule === rule)) fired.push({ label, rule });
  };
  if (tree.pastEnumerator) fire('participants', ENUMERATOR_PREDICATE);
  const premises: Premise[] = [];
  const participants: Participant[] = [];
  const circumstances: Circumstance[] = [];
  const covered: { start: number; end: number }[] = [];
  const tokens = view.syntactic.tokens;
  // The predicate and the verbs of the Event's verbal group chained to it ("has to pay a deposit").
  const predicates = new Set<number>([predicate]);
  const group = view.verbalGroup;
  if (group !== undefined)
    for (let index = group.start; index < group.end; index += 1)
      if (
        tree.heads[index] === predicate &&
        CHAINED.test(tokens[index]?.deprel ?? '') &&
        view.pos[index] === 'VERB'
      )
        predicates.add(index);
  // PARTICIPANT.TREE_COORDINATED_VERB: "shall indemnify, defend and hold harmless Licensee": a verb the
  // parse hangs on a predicate with no object of its own as its conjunct, with no Subject of its own and
  // inside the clause (SEGMENT.COORDINATED_VERBS kept it there), shares the predicate's participants:
  // the object after the last verb is the Goal of them all.
  if (disabled?.has(COORDINATED_VERB) !== true) {
    const hasChild = (at: number, relation: RegExp) =>
      (tree.children[at] ?? []).some((child) => relation.test(tokens[child]?.deprel ?? ''));
    for (const conjunct of tree.children[predicate] ?? [])
      if (
        conjunct > predicate &&
        /^conj(:|$)/.test(tokens[conjunct]?.deprel ?? '') &&
        view.pos[conjunct] === 'VERB' &&
        !hasChild(predicate, /^obj(:|$)/) &&
        !hasChild(conjunct, /^(nsubj|csubj|expl|aux)(:|$)/)
      ) {
        predicates.add(conjunct);
        fire('participants', COORDINATED_VERB);
      }
  }
  // Tokens of the Event and the Finite: no participant's span may hold them.
  const eventTokens = new Uint8Array(tokens.length);
  for (const at of predicates) eventTokens[at] = 1;
  if (group !== undefined)
    for (let index = group.start; index < group.end; index += 1) eventTokens[index] = 1;
  if (view.finite >= 0) eventTokens[view.finite] = 1;
  // Starts of word-order elements kept after an object whose subtree the parser made swallow them.
  const ownTail = new Set<number>();
  // Ends a kept tail circumstance is extended to, by its start (TAIL_JOIN).
  const joinedEnds = new Map<number, number>();
  // The predicates' dependents in text order (one predicate's children are already in it).
  let candidates: readonly number[] = tree.children[predicate] ?? NO_INDICES;
  if (predicates.size > 1) {
    const merged: number[] = [];
    for (const at of predicates) merged.push(...(tree.children[at] ?? []));
    candidates = merged.sort((a, b) => a - b);
  }
  const context: TreeContext = {
    view,
    processType: previous.processType,
    passive: raw.voice === 'passive',
    verbLemma: raw.verbLemma,
    previous,
    subjects: candidates.filter((index) => /^(nsubj|csubj)(:|$)/.test(tokens[index]?.deprel ?? '')),
    hasObject: candidates.some((index) => /^obj(:|$)/.test(tokens[index]?.deprel ?? '')),
    copulaPredicate: disabled?.has(COPULA_OBLIQUE) === true ? -1 : copulaPredicate,
    nounTypes: disabled?.has(NOUN_TYPE) !== true,
    pointsInTime: disabled?.has(FOR_POINT_IN_TIME) !== true,
    references: disabled?.has(REFERENCE_NUMBER) !== true,
    perAccordance: disabled?.has(PER_ACCORDANCE) !== true,
    uponParty: disabled?.has(UPON_PARTY) !== true,
    coordinatedPrepositions: disabled?.has(COORDINATED_PREPOSITION_TYPE) !== true,
    identifyingObjects: disabled?.has(IDENTIFYING_OBJECT) !== true,
    ownTypes: disabled?.has(OWN_TYPE) !== true,
  };
  /**
   * A one-word element that is the predicate's phrasal-verb particle (CIRCUMSTANCE.TREE_PARTICLE): hung on it as
   * `compound:prt`, or after its object when the verb takes that particle ("tore the old fence down").
   */
  const particle = (start: number, end: number): boolean => {
    if (end !== start + 1 || disabled?.has(PARTICLE) === true) return false;
    const head = tree.heads[start] ?? -1;
    if (!predicates.has(head)) return false;
    if (tokens[start]?.deprel === 'compound:prt') return true;
    // A prepositional verb's own preposition left alone after it, its object gone, right before another
    // phrase (UD makes it the verb's obl): "is entered **into** by and among the Company".
    if (
      view.pos[start] === 'ADP' &&
      /^obl(:|$)/.test(tokens[start]?.deprel ?? '') &&
      view.pos[start + 1] === 'ADP' &&
      PREPOSITIONAL_VERBS.get(raw.verbLemma ?? '')?.has(view.lower[start] ?? '') === true
    )
      return true;
    if (PHRASAL_PARTICLES.get(raw.verbLemma ?? '')?.has(view.lower[start] ?? '') !== true) return false;
    return (tree.children[head] ?? []).some(
      (child) => head < child && child < start && /^obj(:|$)/.test(tokens[child]?.deprel ?? ''),
    );
  };
  /** A prepositional phrase cut off a Subject, as the process's circumstance (SUBJECT_FRONT, SUBJECT_BACK). */
  const addPhrase = (phrase: { start: number; end: number }): void => {
    const kind = phraseCircumstance(view, tree, phrase, context);
    if (kind === undefined) return;
    circumstances.push({ ...kind, text: spanText(view, phrase.start, phrase.end), ...phrase });
    covered.push(phrase);
    premises.push({
      label: premiseLabel('circumstance', kind.type),
      value: relationPremise('nmod', view.lower[phrase.start] ?? null),
    });
  };
  // CIRCUMSTANCE.TREE_CONJUNCTION_WORDS: the words of a binding conjunction of several words before its `mark` ("**as
  // soon** as the Buyer becomes aware", "**even** if": UD's adverbs, TREE.COMPLEX_CONJUNCTION) are no circumstance of
  // the verb they hang on (before, "as soon" was one of time).
  const conjunctions =
    disabled?.has(CONJUNCTION_WORDS) === true ? NO_SPANS : conjunctionSpans(view, tree, predicates);
  for (const index of candidates) {
    const conjunction = conjunctions.find((span) => span.start <= index && index < span.end);
    if (conjunction !== undefined) {
      covered.push(conjunction);
      fire('circumstances', CONJUNCTION_WORDS);
      continue;
    }
    let deprel = tokens[index]?.deprel ?? '';
    // A prepositional phrase the parser labels nmod on a verb is an oblique ("Drop by my house").
    if (deprel === 'nmod' && view.pos[tree.heads[index] ?? -1] === 'VERB') deprel = 'obl';
    // CIRCUMSTANCE.TREE_COPULA_TIME: "He's on vacation **this week**": a bare nominal of time the parse hangs on the
    // copula's predicate as nmod is the clause's circumstance of time (before, lost with the word order's Value).
    if (
      /^nmod:(?:unmarked|tmod)$/.test(deprel) &&
      tree.heads[index] === copulaPredicate &&
      copulaPredicate >= 0 &&
      TIME_PERIOD_NOUNS.has(view.lower[index] ?? '') &&
      disabled?.has(COPULA_TIME) !== true
    ) {
      deprel = 'obl:unmarked';
      fire('circumstances', COPULA_TIME);
    }
    if (
      (deprel === 'advcl' || deprel === 'advmod') &&
      subjectToPhrase(view, tree, index) &&
      disabled?.has(SUBJECT_TO) !== true
    ) {
      deprel = 'obl';
      fire('circumstances', SUBJECT_TO);
    }
    if (!CANDIDATE.test(deprel)) continue;
    const span = subtreeSpan(view, tree, index);
    if (/^nsubj(:|$)/.test(deprel) && disabled?.has(SUBJECT_FRONT) !== true) {
      const phrases: { start: number; end: number }[] = [];
      const start = subjectFrontEnd(view, tree, index, span.start, phrases);
      if (start > span.start) {
        span.start = start;
        fire('participants', SUBJECT_FRONT);
        // The phrase left out is the process's circumstance, typed by its preposition ("in some cases").
        for (const phrase of phrases) addPhrase(phrase);
      }
      // SUBJECT_BACK: "The Company, in its sole discretion, may terminate": a prepositional phrase set off by
      // commas at the end of the Subject, right before the Finite, is the process's circumstance.
      const back =
        disabled?.has(SUBJECT_BACK) === true ? undefined : subjectBackPhrase(view, tree, index, span);
      if (back !== undefined) {
        span.end = trimmedEnd(view, span.start, back.start, index + 1);
        fire('participants', SUBJECT_BACK);
        addPhrase(back);
      }
    }
    if (/^(nsubj|obj|iobj)(:|$)/.test(deprel) && disabled?.has(CORE_PREPOSITION) !== true) {
      let start = span.start;
      while (
        start < index &&
        (view.pos[start] === 'ADP' || view.pos[start] === 'SCONJ') &&
        /^(case|mark)$/.test(tokens[start]?.deprel ?? '') &&
        tree.heads[start] === index
      )
        start += 1;
      if (start > span.start) {
        span.start = start;
        fire('participants', CORE_PREPOSITION);
      }
    }
    if (/^(obj|iobj)(:|$)/.test(deprel) && disabled?.has(OBJECT_TAIL) !== true) {
      // "gave the twins a parcel", "told a secret to her friend": where the parser hangs a second object or a
      // prepositional phrase under an object, the word order's boundary holds (its own element after the object).
      const own = previous.participants.find(
        (participant) => participant.start <= index && index < participant.end,
      );
      if (own !== undefined && own.end < span.end) {
        const inTail = [...previous.participants, ...previous.circumstances].filter(
          (element) => element.start >= own.end && element.start < span.end,
        );
        // A person or party as the object takes the phrase as the process's ("provide the Buyer | with a
        // copy", "indemnify Landlord | for any losses", "warned the passengers | about turbulence": a Receiver).
        const objectWord = tokens[index];
        const personal =
          inTail.length === 0 ||
          objectWord === undefined ||
          own.role === 'receiver' ||
          own.role === 'beneficiary' ||
          view.pos[index] === 'PRON' ||
          view.pos[index] === 'PROPN' ||
          /^\p{Lu}/u.test(objectWord.text) ||
          PARTY_NOUNS.has(objectWord.lemma);
        const included: typeof inTail = [];
        // Complements of an adjective after the object's noun ("taxes applicable | to the Products").
        const postposed: typeof inTail = [];
        const coordinated = inTail.filter((element) => {
          if (disabled?.has(INCLUDING_QUALIFIER) !== true && includedQualifier(view, tree, index, element)) {
            included.push(element);
            return true;
          }
          if (
            !personal &&
            !('role' in element) &&
            element.type !== 'extent' &&
            !(element.type === 'location' && element.subtype === 'time') &&
            disabled?.has(OBJECT_POSTMODIFIER) !== true
          ) {
            // Hung on the object's noun, directly or through other postmodifiers ("a royalty on net sales of the Product").
            let head = spanHead(view, tree, element.start, element.end);
            for (let steps = 0; steps < tokens.length && tree.heads[head] !== index; steps += 1) {
              if (tokens[head]?.deprel !== 'nmod' || (tree.heads[head] ?? -1) < 0) break;
              head = tree.heads[head] as number;
            }
            if (
              tree.heads[head] === index &&
              tokens[head]?.deprel === 'nmod' &&
              NOUN_POSTMODIFYING_PREPOSITIONS.has(view.lower[element.start] ?? '') &&
              !COMPLEX_PREPOSITION_PARTS.has(view.lower[element.end - 1] ?? '') &&
              PHRASE_END_TAGS.has(view.pos[element.end - 1] ?? '')
            ) {
              fire('participants', OBJECT_POSTMODIFIER);
              return true;
            }
          }
          if (
            disabled?.has(COMPARATIVE_MODIFIER) !== true &&
            element.end === element.start + 1 &&
            view.pos[element.start] === 'ADJ' &&
            tree.heads[element.start] === index &&
            tokens[element.start]?.deprel === 'amod' &&
            view.lower[element.end] === 'than' &&
            view.lower[element.start - 1] !== '('
          ) {
            fire('participants', COMPARATIVE_MODIFIER);
            return true;
          }
          const through = pathToObject(view, tree, index, element.start, element.end);
          const rule =
            through === 'conj'
              ? COORDINATION
              : through === 'acl' || through === 'amod'
                ? POSTMODIFIER_CLAUSE
                : through === 'appos'
                  ? APPOSITION
                  : null;
          if (rule === null || disabled?.has(rule) === true) return false;
          if (through === 'amod') {
            postposed.push(element);
            return true;
          }
          fire('participants', rule);
          return true;
        });
        // An "including" phrase after the object's first tail element would be cut off the object with that tail:
        // it stays the element it was.
        const firstTail = Math.min(
          ...inTail.filter((element) => !coordinated.includes(element)).map((element) => element.start),
        );
        for (const element of included)
          if (element.start > firstTail) coordinated.splice(coordinated.indexOf(element), 1);
          else fire('participants', INCLUDING_QUALIFIER);
        // So is an adjective's complement after an element that stays ("provide the Upgrades | to Corio | free of
        // additional charge": "of additional charge" is no part of the Upgrades cut off by "to Corio").
        for (const element of postposed)
          if (element.start > firstTail) coordinated.splice(coordinated.indexOf(element), 1);
          else fire('participants', POSTMODIFIER_CLAUSE);
        // CIRCUMSTANCE.TREE_TAIL_JOIN: an element there that the tree hangs on a word of the tail circumstance before
        // it, a conjunct or a postmodifier of its noun ("in the Company's logo, | corporate colors, | trademarks", "at
        // the age | of four months"), extends that circumstance.
        if (disabled?.has(TAIL_JOIN) !== true) {
          const hosts = inTail.filter(
            (element) => !coordinated.includes(element) && !('role' in element) && element.start >= firstTail,
          );
          for (const element of [...coordinated].sort((a, b) => a.start - b.start)) {
            if (element.start <= firstTail || included.includes(element)) continue;
            const host = hosts.filter((candidate) => candidate.start < element.start).at(-1);
            if (host === undefined) continue;
            const hostEnd = joinedEnds.get(host.start) ?? host.end;
            let between = hostEnd;
            while (between < element.start && /^(PUNCT|CCONJ)$/.test(view.pos[between] ?? '')) between += 1;
            if (between !== element.start) continue;
            // One constituent of the tree ("Shopping Channels", where the parse made "Channels" a second object, is
            // none).
            let exits = 0;
            for (let at = element.start; at < element.end; at += 1) {
              const up = tree.heads[at] ?? -1;
              if (view.pos[at] !== 'PUNCT' && (up < element.start || up >= element.end)) exits += 1;
            }
            if (exits !== 1) continue;
            // Not a phrase of time or extent (the process's own, CIRCUMSTANCE.TREE_TIME_TAIL).
            if ('type' in element && (element.type === 'extent' || element.subtype === 'time')) continue;
            let head = spanHead(view, tree, element.start, element.end);
            let joins = false;
            for (
              let steps = 0;
              steps < tokens.length && /^(conj|nmod)(:|$)/.test(tokens[head]?.deprel ?? '');
              steps += 1
            ) {
              head = tree.heads[head] ?? -1;
              if (head < 0) break;
              if (host.start <= head && head < hostEnd) {
                joins = true;
                break;
              }
            }
            // Hung on a word before the circumstance whose list a coordinator already closed there ("any right,
            // title **or** interest in the Company's logo, | corporate colors"): no conjunct of that list can follow,
            // so it is the circumstance's.
            if (
              !joins &&
              head >= 0 &&
              head < host.start &&
              /^conj(:|$)/.test(tokens[spanHead(view, tree, element.start, element.end)]?.deprel ?? '')
            )
              joins = (tree.children[head] ?? []).some(
                (conjunct) =>
                  conjunct < host.start &&
                  /^conj(:|$)/.test(tokens[conjunct]?.deprel ?? '') &&
                  (tree.children[conjunct] ?? []).some(
                    (child) => tokens[child]?.deprel === 'cc' && child < conjunct,
                  ),
              );
            if (!joins) continue;
            joinedEnds.set(host.start, element.end);
            // Its words are the circumstance's now: no element of their own.
            covered.push({ start: element.start, end: element.end });
            fire('circumstances', TAIL_JOIN);
          }
        }
        const tail = inTail
          .filter((element) => !coordinated.includes(element))
          .map((element) => element.start);
        if (tail.length > 0) {
          span.end = Math.min(...tail);
          for (const start of tail) ownTail.add(start);
          span.end = trimmedEnd(view, span.start, span.end, index + 1);
          fire('participants', OBJECT_TAIL);
        }
      }
    }
    if (/^obl(:|$)/.test(deprel) && disabled?.has(TIME_TAIL) !== true) {
      // "broke out in several cities | on Wednesday": a phrase of time the parser hangs on an oblique's noun
      // (nmod) is the process's circumstance of time where the word order reads it as its own circumstance.
      const own = previous.circumstances.find(
        (circumstance) => circumstance.start <= index && index < circumstance.end,
      );
      if (own !== undefined && own.end < span.end) {
        const timed = previous.circumstances
          .filter(
            (element) =>
              element.start >= own.end &&
              element.start < span.end &&
              element.type === 'location' &&
              element.subtype === 'time' &&
              /^nmod(:|$)/.test(tokens[spanHead(view, tree, element.start, element.end)]?.deprel ?? ''),
          )
          .map((element) => element.start);
        if (timed.length > 0) {
          span.end = Math.min(...timed);
          for (const start of timed) ownTail.add(start);
          span.end = trimmedEnd(view, span.start, span.end, index + 1);
          fire('circumstances', TIME_TAIL);
        }
      }
    }
    let holdsEvent = false;
    for (let at = span.start; at < span.end; at += 1) if (eventTokens[at] === 1) holdsEvent = true;
    if (holdsEvent) continue;
    if (particle(span.start, span.end)) {
      covered.push(span);
      fire('circumstances', PARTICLE);
      continue;
    }
    const caseWord = (tree.children[index] ?? []).find(
      (child) => child < index && /^case(:|$)/.test(tokens[child]?.deprel ?? ''),
    );
    const dependent: TreeDependent = {
      index,
      deprel,
      start: span.start,
      end: span.end,
      preposition: caseWord === undefined ? null : (view.lower[caseWord] ?? null),
    };
    const applied = applyTreeRules(PARTICIPANT_TREE_RULES, dependent, context, disabled);
    if (applied === undefined) continue;
    const { rule, outcome } = applied;
    if (outcome.kind === 'participant' && outcome.end !== undefined) span.end = outcome.end;
    if (outcome.kind !== 'none' || outcome.drop === true) covered.push(span);
    fire(outcome.kind === 'circumstance' ? 'circumstances' : 'participants', rule);
    const relation = relationPremise(deprel, dependent.preposition);
    if (outcome.kind === 'participant') {
      let start = span.start;
      if (
        outcome.dropPreposition === true &&
        caseWord !== undefined &&
        caseWord === start &&
        start + 1 < span.end
      ) {
        start += 1;
        // A contract's preamble: "made **by and between** Acme Corp. and Beta LLC", "by and among": the Actor
        // is the parties.
        if (
          view.lower[start] === 'and' &&
          PARTY_PAIR_PREPOSITIONS.has(view.lower[start + 1] ?? '') &&
          start + 2 < span.end
        )
          start += 2;
        // "accepted by, the Company": a comma (colon, semicolon) after the preposition left out opens no participant.
        while (/^[,;:]$/.test(view.lower[start] ?? '') && start + 1 < span.end) start += 1;
      }
      participants.push({ role: outcome.role, text: spanText(view, start, span.end), start, end: span.end });
      premises.push({ label: premiseLabel('participant', outcome.role), value: relation });
    } else if (outcome.kind === 'circumstance') {
      circumstances.push({
        type: outcome.type,
        subtype: outcome.subtype,
        text: spanText(view, span.start, span.end),
        start: span.start,
        end: span.end,
      });
      premises.push({ label: premiseLabel('circumstance', outcome.type), value: relation });
    }
  }
  // Word-order elements the tree has no dependent for: kept when the tree hangs them on the predicate
  // (or they are the predicate: the Attribute of a copula), dropped when their head sits inside an
  // element of the tree or elsewhere in the clause.
  const overlaps = (start: number, end: number) =>
    covered.some((span) => start < span.end && span.start < end);
  /** The part of a span outside the tree's elements (cut at the edges), or null when nothing is left. */
  const trim = (start: number, end: number): { start: number; end: number } | null => {
    for (const span of covered) {
      if (!(start < span.end && span.start < end)) continue;
      if (span.start <= start) start = Math.max(start, span.end);
      else end = Math.min(end, span.start);
    }
    while (start < end && view.pos[start] === 'PUNCT') start += 1;
    while (end > start && view.pos[end - 1] === 'PUNCT') end -= 1;
    return start < end && !overlaps(start, end) ? { start, end } : null;
  };
  /** The adjective a linking verb takes as its `xcomp` ("remain **liable** for the payment"; LINKING_COMPLEMENT). */
  const linkingAdjective = (at: number): boolean =>
    view.pos[at] === 'ADJ' &&
    /^xcomp(:|$)/.test(tokens[at]?.deprel ?? '') &&
    // (Not a clause of its own: "gonna be pissed off at me".)
    !(tree.children[at] ?? NO_INDICES).some((child) =>
      /^(cop|mark|nsubj)(:|$)/.test(tokens[child]?.deprel ?? ''),
    ) &&
    predicates.has(tree.heads[at] ?? -1) &&
    (LINKING_VERBS.has(raw.verbLemma ?? '') || BECOMING_VERBS.has(raw.verbLemma ?? '')) &&
    // (Not "keep each such registration effective": a verb with an object of its own.)
    !(tree.children[tree.heads[at] ?? -1] ?? NO_INDICES).some((child) =>
      /^obj(:|$)/.test(tokens[child]?.deprel ?? ''),
    );
  const conjuncts = disabled?.has(ATTRIBUTE_CONJUNCT) !== true;
  const onPredicate = (start: number, end: number): boolean => {
    if (start <= predicate && predicate < end) return true;
    if (ownTail.has(start)) return true;
    const head = spanHead(view, tree, start, end);
    if (predicates.has(head)) return true;
    const headOfHead = tree.heads[head] ?? -1;
    if (headOfHead < 0) return true;
    if (disabled?.has(LINKING_COMPLEMENT) !== true && linkingAdjective(headOfHead)) {
      fire('circumstances', LINKING_COMPLEMENT);
      return true;
    }
    if (!predicates.has(headOfHead)) return disabled?.has(NOT_ON_PREDICATE) === true;
    const relation = tokens[head]?.deprel ?? '';
    if (relation === 'nmod' && view.pos[headOfHead] === 'VERB') return true;
    if (NOT_AN_ELEMENT.test(relation)) return disabled?.has(NOT_ON_PREDICATE) === true;
    return true;
  };
  let dropped = false;
  const keptParticipants: Participant[] = [];
  for (const participant of previous.participants) {
    const span = trim(participant.start, participant.end);
    if (span === null) continue;
    if (!onPredicate(span.start, span.end)) {
      dropped = true;
      continue;
    }
    keptParticipants.push(
      span.start === participant.start && span.end === participant.end
        ? participant
        : { ...participant, text: spanText(view, span.start, span.end), ...span },
    );
  }
  // The predicate of "be" (its copula) as the word order's circumstance: PARTICIPANT.TREE_CIRCUMSTANTIAL_ATTRIBUTE.
  // (after the copula: "For purposes of Section 5.4, the manager shall be: ____" is no Attribute).
  const copula =
    (tree.children[predicate] ?? []).find(
      (child) => /^cop(:|$)/.test(tokens[child]?.deprel ?? '') && tokens[child]?.lemma === 'be',
    ) ?? -1;
  const beCopula =
    previous.processType === 'relational' &&
    disabled?.has(CIRCUMSTANTIAL_ATTRIBUTE) !== true &&
    copula >= 0 &&
    ![...participants, ...keptParticipants].some(
      (participant) => participant.role === 'attribute' || participant.role === 'value',
    );
  const keptCircumstances: Circumstance[] = [];
  let circumstantialAttribute = false;
  for (const circumstance of previous.circumstances) {
    const span = trim(circumstance.start, circumstance.end);
    if (span === null) continue;
    if (beCopula && copula < span.start && span.start <= predicate && predicate < span.end) {
      // With the phrases that postmodify the predicate's noun ("for the benefit | of the Buyer"; predicatePhrase).
      span.end = Math.max(span.end, predicatePhrase(view, tree, predicate, copula, conjuncts).end);
      covered.push(span);
      keptParticipants.push({ role: 'attribute', text: spanText(view, span.start, span.end), ...span });
      const caseWord = (tree.children[predicate] ?? []).find(
        (child) => child < predicate && /^case(:|$)/.test(tokens[child]?.deprel ?? ''),
      );
      const relation = relationPremise(
        tokens[predicate]?.deprel ?? 'root',
        caseWord === undefined ? null : (view.lower[caseWord] ?? null),
      );
      premises.push({ label: premiseLabel('participant', 'attribute'), value: relation });
      fire('participants', CIRCUMSTANTIAL_ATTRIBUTE);
      circumstantialAttribute = true;
      continue;
    }
    if (particle(span.start, span.end)) {
      fire('circumstances', PARTICLE);
      continue;
    }
    if (!onPredicate(span.start, span.end)) {
      dropped = true;
      continue;
    }
    const joinedEnd = joinedEnds.get(circumstance.start);
    if (joinedEnd !== undefined && span.start === circumstance.start && span.end === circumstance.end)
      span.end = joinedEnd;
    keptCircumstances.push(
      span.start === circumstance.start && span.end === circumstance.end
        ? circumstance
        : { ...circumstance, text: spanText(view, span.start, span.end), ...span },
    );
  }
  // PARTICIPANT.TREE_ATTRIBUTE_PHRASE: the Attribute of "be" is its predicate's whole phrase.
  if (copulaPredicate >= 0 && disabled?.has(ATTRIBUTE_PHRASE) !== true) {
    const phrase = predicatePhrase(view, tree, copulaPredicate, beCopulaAt, conjuncts);
    const tied = (participant: Participant) =>
      participant.role === 'attribute' || participant.role === 'value';
    const meets = (element: { start: number; end: number }, span: { start: number; end: number }) =>
      element.start < span.end && span.start < element.end;
    const inside = (element: { start: number; end: number }, span: { start: number; end: number }) =>
      span.start <= element.start && element.end <= span.end;
    const holds = (element: { start: number; end: number }) =>
      element.start <= copulaPredicate && copulaPredicate < element.end;
    let holderList: Participant[] | undefined;
    let holderAt = -1;
    for (const list of [participants, keptParticipants]) {
      holderAt = list.findIndex((participant) => tied(participant) && holds(participant));
      if (holderAt >= 0) {
        holderList = list;
        break;
      }
    }
    const holder = holderList?.[holderAt];
    const span = { ...phrase };
    for (const element of [...(holder === undefined ? [] : [holder]), ...keptCircumstances.filter(holds)]) {
      span.start = Math.min(span.start, element.start);
      span.end = Math.max(span.end, element.end);
    }
    let clash = false;
    for (let at = span.start; at < span.end; at += 1)
      if (eventTokens[at] === 1 && at !== copulaPredicate) clash = true;
    for (const participant of participants)
      if (participant !== holder && (meets(participant, span) || tied(participant))) clash = true;
    for (const circumstance of circumstances) if (meets(circumstance, span)) clash = true;
    for (const participant of keptParticipants)
      if (
        participant !== holder &&
        (tied(participant) ? !inside(participant, span) : meets(participant, span))
      )
        clash = true;
    for (const circumstance of keptCircumstances)
      if (meets(circumstance, span) && !inside(circumstance, span)) clash = true;
    if (!clash && (holder === undefined || holder.start !== span.start || holder.end !== span.end)) {
      for (let at = keptParticipants.length - 1; at >= 0; at -= 1) {
        const participant = keptParticipants[at]!;
        if (participant !== holder && inside(participant, span)) keptParticipants.splice(at, 1);
      }
      for (let at = keptCircumstances.length - 1; at >= 0; at -= 1)
        if (inside(keptCircumstances[at]!, span)) keptCircumstances.splice(at, 1);
      const attribute: Participant = {
        role: holder?.role ?? 'attribute',
        text: spanText(view, span.start, span.end),
        ...span,
      };
      if (holder !== undefined && holderList !== undefined)
        holderList[holderList.indexOf(holder)] = attribute;
      else {
        keptParticipants.push(attribute);
        const caseWord = (tree.children[copulaPredicate] ?? []).find(
          (child) => child < copulaPredicate && /^case(:|$)/.test(tokens[child]?.deprel ?? ''),
        );
        premises.push({
          label: premiseLabel('participant', 'attribute'),
          value: relationPremise(
            tokens[copulaPredicate]?.deprel ?? 'root',
            caseWord === undefined ? null : (view.lower[caseWord] ?? null),
          ),
        });
        circumstantialAttribute = true;
      }
      fire('participants', ATTRIBUTE_PHRASE);
    }
  }
  // PARTICIPANT.TREE_ATTRIBUTE_CONJUNCT for an adjective of "be" or of a linking verb: "shall be null and void",
  // "looks cheap and tacky": the adjectives the parse joins to it (a comma or a conjunction between) are one
  // Attribute with it (an Attribute the word order made of one of them alone is part of it).
  const adjectives: number[] = [];
  if (conjuncts && copulaPredicate < 0 && beCopulaAt >= 0 && view.pos[predicate] === 'ADJ')
    adjectives.push(predicate);
  if (conjuncts)
    for (const at of predicates)
      for (const child of tree.children[at] ?? NO_INDICES)
        if (linkingAdjective(child)) adjectives.push(child);
  for (const adjective of adjectives) {
    for (const list of [participants, keptParticipants]) {
      const at = list.findIndex(
        (participant) =>
          participant.role === 'attribute' && participant.start <= adjective && adjective < participant.end,
      );
      if (at < 0) continue;
      const attribute = list[at]!;
      let end = attribute.end;
      for (const child of tree.children[adjective] ?? NO_INDICES) {
        if (child < end || view.pos[child] !== 'ADJ' || !/^conj(:|$)/.test(tokens[child]?.deprel ?? ''))
          continue;
        // ("proprietary, confidential and secret": the middle one has no conjunction of its own.)
        if (
          !nominalConjunct(view, tree, child) &&
          !(view.lower[child + 1] === ',' || view.pos[child + 1] === 'CCONJ')
        )
          continue;
        let between = end;
        while (between < child && (view.pos[between] === 'CCONJ' || view.lower[between] === ','))
          between += 1;
        if (between !== child) break;
        end = child + 1;
      }
      if (end === attribute.end) break;
      const part = (element: { role?: string; start: number; end: number }) =>
        element.role === 'attribute' && element.start >= attribute.end && element.end <= end;
      const elements = [...participants, ...keptParticipants, ...circumstances, ...keptCircumstances];
      if (
        elements.some(
          (element) =>
            element !== attribute && !part(element) && element.start < end && attribute.end < element.end,
        )
      )
        break;
      list[at] = { ...attribute, text: spanText(view, attribute.start, end), end };
      for (const other of [participants, keptParticipants])
        for (let index = other.length - 1; index >= 0; index -= 1)
          if (part(other[index]!)) other.splice(index, 1);
      fire('participants', ATTRIBUTE_CONJUNCT);
      break;
    }
  }
  // An Attribute makes the process attributive: a Token the word order read (with no Value) is its Carrier.
  if (circumstantialAttribute)
    for (const list of [participants, keptParticipants])
      for (let at = 0; at < list.length; at += 1)
        if (list[at]!.role === 'token') list[at] = { ...list[at]!, role: 'carrier' };
  if (dropped) fire('participants', NOT_ON_PREDICATE);
  const byStart = (a: { start: number }, b: { start: number }) => a.start - b.start;
  // The Subject's participant first, the rest in text order: the one holding the predicate's Subject in the tree,
  // else the word-order analysis's first (PARTICIPANT.SUBJECT_FIRST; the word order may miss a Subject set apart
  // from its verb, "The Servicer shall forthwith upon such termination deliver ...", and list the Goal first).
  const allParticipants = [...participants, ...keptParticipants];
  const subjectAt = disabled?.has(SUBJECT_FIRST) === true ? -1 : (context.subjects[0] ?? -1);
  const subject =
    subjectAt < 0 ? undefined : allParticipants.find((p) => p.start <= subjectAt && subjectAt < p.end);
  // Only a role a Subject takes in the clause's voice ("How many trees did the storm uproot?": a misparse makes
  // "trees" the Subject; its role, Goal in an active clause, says it is not).
  const subjectRoles =
    previous.rawTransitivity.voice === 'passive' ? PASSIVE_SUBJECT_ROLES : ACTIVE_SUBJECT_ROLES;
  const first =
    (subject !== undefined && subjectRoles.has(subject.role) ? subject : undefined) ??
    previous.participants[0];
  allParticipants.sort((a, b) => {
    const aFirst = first !== undefined && a.start <= first.start && first.start < a.end ? 0 : 1;
    const bFirst = first !== undefined && b.start <= first.start && first.start < b.end ? 0 : 1;
    return aFirst - bFirst || byStart(a, b);
  });
  const allCircumstances = [...circumstances, ...keptCircumstances].sort(byStart);
  return {
    ideational: {
      ...previous,
      participants: allParticipants,
      circumstances: allCircumstances,
    },
    premises,
    rules: fired,
  };
}

/** Whether a "to" phrase names a party (PARTICIPANT.TREE_RECIPIENT): its head a pronoun, a name, a party noun or a capitalised term. */
function isRecipient(dependent: TreeDependent, context: TreeContext): boolean {
  const { view } = context;
  const word = view.syntactic.tokens[dependent.index]?.text ?? '';
  const lower = view.lower[dependent.index] ?? '';
  // Not a place or forum, the contract or another instrument or thing ("amendments made to this Agreement"), or a
  // relative pronoun that stands for one ("to which").
  if (DESTINATION_NOUNS.has(lower) || INSTRUMENT_TERMS.has(lower) || lower === 'which' || lower === 'what')
    return false;
  return namesParty(view.pos[dependent.index], lower, word);
}
