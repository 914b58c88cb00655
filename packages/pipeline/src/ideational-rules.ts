import type { Ideational, LabelRule, Participant, Premise } from '@cae/core';
import type { ClauseView } from './clause-view';
import {
  INSTRUMENT_TERMS,
  PREAMBLE_WORDS,
  PROCESS_ADJECTIVE_VERBS,
  PROCESS_ADJECTIVES,
} from './lexicons/contract-lexicon';
import { everyRule, type TableRule } from './rule-table';
import { spanText } from './transitivity-analyzer';

/**
 * What the participant and circumstance stages gave a clause, revised in place by the rows of
 * `IDEATIONAL_RULES`: its ideational analysis, and the premises and label rules of the tree stage.
 */
export interface IdeationalState {
  ideational: Ideational;
  premises: readonly Premise[];
  rules: readonly LabelRule[];
}

/** What the rows read besides the state: the clause and the mood rule that decided it. */
export interface IdeationalContext {
  readonly view: ClauseView;
  readonly moodRule: string;
}

const ELEMENT_LABEL = /^(participant|circumstance)s?[.]?/;

/** Index of a process adjective ("harmless") after its verb ("hold"), within four words, or -1. */
function processAdjective(view: ClauseView): number {
  const { lower, lemma, pos } = view;
  for (let index = 1; index < lower.length; index += 1) {
    if (!PROCESS_ADJECTIVES.has(lower[index] ?? '')) continue;
    for (let back = index - 1; back >= 0 && back >= index - 4; back -= 1)
      if (PROCESS_ADJECTIVE_VERBS.has(lemma[back] ?? '') && pos[back] === 'VERB') return index;
  }
  return -1;
}

/**
 * Whether the clause is the title line of a contract's preamble: "THIS SUPPLY AGREEMENT (this
 * "Agreement"), dated ...", "This Lease, between ...": a main clause with no Finite that opens with
 * "this" and a name of the instrument (lexicons/contract-lexicon.ts, INSTRUMENT_TERMS) before its first
 * punctuation, at most five words in, and holds a bracket or a word of the preamble (PREAMBLE_WORDS).
 */
function titleLine(view: ClauseView): boolean {
  const { lower, pos } = view;
  if (lower[0] !== 'this' || view.finite >= 0 || view.syntactic.dependency !== 'independent') return false;
  // A defined term in brackets or a word of the preamble ("dated", "between") after the name; "This
  // Agreement, including its schedules" cut off from its verb is a Subject, no title line.
  if (!lower.some((word) => word === '(' || PREAMBLE_WORDS.has(word))) return false;
  for (let index = 1; index < lower.length && index <= 5; index += 1) {
    if (pos[index] === 'PUNCT') return INSTRUMENT_TERMS.has(lower[index - 1] ?? '');
    if (pos[index] === 'AUX') return false;
  }
  return lower.length <= 6 && INSTRUMENT_TERMS.has(lower[lower.length - 1] ?? '');
}

/** Clears the participants and circumstances and gives the verbless default: the clause has no process. */
/** A full stop, "!" or "?" (not an ellipsis, which may run on inside a sentence). */
const FINAL_MARK = /^[.!?]$/;

/**
 * Index of a sentence-final mark in the clause that a reference or note follows (a bracket or a number
 * right after it: "Dulwich. [17]", "in 2019. 3"), or -1.
 */
function finalMarkIndex(view: ClauseView): number {
  const { lower, pos } = view;
  for (let index = 1; index < lower.length - 1; index += 1) {
    if (pos[index] !== 'PUNCT' || !FINAL_MARK.test(lower[index] ?? '')) continue;
    const next = lower[index + 1] ?? '';
    return next === '[' || next === '(' || pos[index + 1] === 'NUM' ? index : -1;
  }
  return -1;
}

/** Tokens of a reference besides its numbers: brackets, and the commas and dashes of a list or a range. */
const REFERENCE_MARK = /^[[\](),\u2013\u2014-]$/;
/** A sentence's final mark at the end of a text, closing quotation marks after it aside. */
const TEXT_ENDS_SENTENCE = /[.!?]["'\u201d\u2019]*$/;

/**
 * Whether tokens `start`..`end` of the clause are a reference left after the end of the sentence ("[17]",
 * "[3, 4]", "5"): numbers, brackets, commas and dashes only, a number among them, and the text of the
 * document before them (and before the bracket that opens them) ends with a final mark, closing quotation
 * marks aside, where the clause has no such mark right before them: the mark lies in another clause, the tree
 * having hung the reference on the root of this one ("Byron received his education there, and in 1799 entered
 * a school in Dulwich. [17]": the clause is "Byron received his education there ... [17]"), or a closing
 * quotation mark stands between ('... "the first object of his feelings." [20]').
 */
function detachedReference(view: ClauseView, start: number, end: number): boolean {
  const { lower, pos, syntactic } = view;
  let number = false;
  for (let index = start; index < end; index += 1) {
    if (pos[index] === 'NUM') number = true;
    else if (pos[index] !== 'PUNCT' || !REFERENCE_MARK.test(lower[index] ?? '')) return false;
  }
  // The reference's opening bracket, outside the element's span ("[" of "[17]").
  let from = start;
  while (from > 1 && (lower[from - 1] === '[' || lower[from - 1] === '(')) from -= 1;
  const first = syntactic.tokens[from];
  // A mark right before the reference in the clause is PARTICIPANT.AFTER_FINAL_MARK's case.
  if (!number || first === undefined || from === 0 || FINAL_MARK.test(lower[from - 1] ?? '')) return false;
  return TEXT_ENDS_SENTENCE.test(syntactic.text.slice(0, first.start - syntactic.start).trimEnd());
}

function noProcess(state: IdeationalState, rule: string): void {
  state.ideational = {
    ...state.ideational,
    processType: 'relational',
    participants: [],
    circumstances: [],
    rawTransitivity: { ...state.ideational.rawTransitivity, verbLemma: null, matched: 'PROCESS.VERBLESS' },
  };
  state.premises = state.premises.filter((premise) => !ELEMENT_LABEL.test(premise.label));
  state.rules = [
    ...state.rules.filter((rule) => !ELEMENT_LABEL.test(rule.label)),
    { label: 'participants', rule },
  ];
}

/**
 * Revisions of the ideational analysis after the participant and circumstance stages, in apply order
 * (each sees what the earlier ones did). `expect` of an example: the participants of the clause the rule
 * revises, `role=text` joined by " | " (empty: none).
 */
export const IDEATIONAL_RULES: readonly TableRule<IdeationalState, IdeationalContext, void>[] = [
  {
    id: 'PARTICIPANT.HOLD_HARMLESS',
    // "shall indemnify, defend and hold harmless Licensor", "hold them harmless": "hold harmless" is one
    // process (lexicons/contract-lexicon.ts, PROCESS_ADJECTIVES and PROCESS_ADJECTIVE_VERBS); the party held harmless is the Goal, and
    // the adjective is neither a participant of its own nor the first word of the Goal.
    when: (state, { view }) => {
      const { participants } = state.ideational;
      if (participants.length === 0) return false;
      const at = processAdjective(view);
      return at >= 0 && participants.some((participant) => participant.start === at);
    },
    decide: (state, { view }) => {
      const at = processAdjective(view);
      const participants: Participant[] = [];
      for (const participant of state.ideational.participants) {
        if (participant.start !== at) participants.push(participant);
        else if (participant.end > at + 1)
          participants.push({
            ...participant,
            start: at + 1,
            text: spanText(view, at + 1, participant.end),
          });
      }
      state.ideational = { ...state.ideational, participants };
      state.rules = [...state.rules, { label: 'participants', rule: 'PARTICIPANT.HOLD_HARMLESS' }];
    },
    examples: [
      {
        text: 'The Tenant shall indemnify and hold harmless Landlord from all claims.',
        expect: 'actor=The Tenant | goal=Landlord',
      },
      {
        // ("hold them harmless" needs no revision since GROUP.PRONOUN_COMPLEMENT keeps "harmless" out of "them".)
        text: 'Seller agrees to hold harmless Buyer against any loss.',
        expect: 'actor=Seller | goal=Buyer',
      },
    ],
  },
  {
    id: 'PARTICIPANT.HEADING',
    // "7.7 Inspecting the Facilities.", "TRANSFER PRICE": a heading (MOOD.HEADING) names what follows; it
    // has no process of its own, so no participants and no circumstances, whatever its words look like.
    when: (state, { moodRule }) =>
      moodRule === 'MOOD.HEADING' &&
      (state.ideational.participants.length > 0 || state.ideational.circumstances.length > 0),
    decide: (state) => {
      state.ideational = {
        ...state.ideational,
        participants: [],
        circumstances: [],
      };
      state.premises = state.premises.filter((premise) => !ELEMENT_LABEL.test(premise.label));
      state.rules = [
        ...state.rules.filter((rule) => !ELEMENT_LABEL.test(rule.label)),
        { label: 'participants', rule: 'PARTICIPANT.HEADING' },
      ];
    },
    examples: [
      {
        text: '7.7 Inspecting the Storage Facilities.\nThe Buyer may inspect the warehouse.',
        expect: '',
      },
      { text: 'RETAINED SAMPLES\nThe Seller keeps ten samples of each batch.', expect: '' },
    ],
  },
  {
    id: 'PARTICIPANT.ADDRESS_LINE',
    // "Suite 400, 12 Harbor Road", "Attention: General Counsel" (MOOD.ADDRESS_LINE): a line of an address
    // names a place to write to; it has no process, so no participants, no circumstances and the
    // verbless default, whatever word the tagger read as a verb ("Dong" in a street name).
    when: (state, { moodRule }) =>
      moodRule === 'MOOD.ADDRESS_LINE' &&
      (state.ideational.participants.length > 0 ||
        state.ideational.circumstances.length > 0 ||
        state.ideational.rawTransitivity.verbLemma !== null),
    decide: (state) => noProcess(state, 'PARTICIPANT.ADDRESS_LINE'),
    examples: [
      { text: 'Attention: Head of Sales, 12 Dong Khoi Street', expect: '' },
      {
        text: 'Mill Trust Company 17 North Street Bristol, Maine 04321 Telephone: (555) 010-4411 Telefax: (555) 010-4412',
        expect: '',
      },
    ],
  },
  {
    id: 'PARTICIPANT.DATA_LINE',
    // "Sent: Tuesday, March 3, 2026 9:14 AM", "To: John Smith; Mary Jones" (MOOD.DATA_LINE): an e-mail's
    // header field, a time stamp or an address names a value; it has no process, so the date is no Actor
    // of "Sent" and "To" no circumstance of place.
    when: (state, { moodRule }) =>
      moodRule === 'MOOD.DATA_LINE' &&
      (state.ideational.participants.length > 0 ||
        state.ideational.circumstances.length > 0 ||
        state.ideational.rawTransitivity.verbLemma !== null),
    decide: (state) => noProcess(state, 'PARTICIPANT.DATA_LINE'),
    examples: [
      { text: 'Sent: Tuesday, March 3, 2026 9:14 AM', expect: '' },
      // ("To: John Smith; Mary Jones": its "To" is a form's label already, CIRCUMSTANCE.FORM_LABEL.)
      { text: 'Sent: Wednesday, April 4, 2001 10:15 AM', expect: '' },
    ],
  },
  {
    id: 'PARTICIPANT.AFTER_FINAL_MARK',
    // "He was born in Dulwich. [17]": a reference number or a note left after the sentence's final mark
    // (SPLIT.CITATION_MARK keeps it in the sentence) is no participant or circumstance of the process.
    when: (state, { view }) => {
      const final = finalMarkIndex(view);
      return (
        final >= 0 &&
        (state.ideational.participants.some((element) => element.start > final) ||
          state.ideational.circumstances.some((element) => element.start > final))
      );
    },
    decide: (state, { view }) => {
      const final = finalMarkIndex(view);
      state.ideational = {
        ...state.ideational,
        participants: state.ideational.participants.filter((element) => element.start < final),
        circumstances: state.ideational.circumstances.filter((element) => element.start < final),
      };
      state.rules = [...state.rules, { label: 'participants', rule: 'PARTICIPANT.AFTER_FINAL_MARK' }];
    },
    examples: [
      { text: 'He was born in Dulwich. [17]', expect: 'goal=He' },
      { text: 'The rate rose by 4 percent in 2019. [3]', expect: 'actor=The rate' },
    ],
  },
  {
    id: 'PARTICIPANT.DETACHED_REFERENCE',
    // "Byron received his education at Aberdeen, and in 1799 entered a school in Dulwich. [17]": the tree
    // hangs the reference number after the sentence's final mark on the root (UD's `dep`), so it joins the
    // first clause while the mark stays in the last; it is no participant or circumstance of the process
    // (PARTICIPANT.AFTER_FINAL_MARK sees only a mark inside the clause).
    when: (state, { view }) =>
      state.ideational.participants.some((element) => detachedReference(view, element.start, element.end)) ||
      state.ideational.circumstances.some((element) => detachedReference(view, element.start, element.end)),
    decide: (state, { view }) => {
      state.ideational = {
        ...state.ideational,
        participants: state.ideational.participants.filter(
          (element) => !detachedReference(view, element.start, element.end),
        ),
        circumstances: state.ideational.circumstances.filter(
          (element) => !detachedReference(view, element.start, element.end),
        ),
      };
      state.rules = [...state.rules, { label: 'participants', rule: 'PARTICIPANT.DETACHED_REFERENCE' }];
    },
    examples: [
      {
        text: 'The council built a new school, and in 2004 it opened a library. [7]',
        expect: 'actor=The council | goal=a new school',
      },
      {
        text: 'He gave the dog a bone, and then he left the house. [3, 4]',
        expect: 'actor=He | beneficiary=the dog | goal=a bone',
      },
      {
        text: 'She called it "the best year of her life." [9]',
        expect: 'sayer=She | receiver=it | verbiage=the best year of her life',
      },
    ],
  },
  {
    id: 'PARTICIPANT.TITLE_LINE',
    // 'THIS SUPPLY AGREEMENT (this "Agreement"), dated May 3, 2011, between ...': the title line of a
    // preamble with no Finite names the instrument (a fragment); a participle inside it ("dated",
    // "entered into") modifies the name and makes no process of the line, so it has no participants.
    when: (state, { view }) =>
      titleLine(view) &&
      (state.ideational.participants.length > 0 || state.ideational.circumstances.length > 0),
    decide: (state) => noProcess(state, 'PARTICIPANT.TITLE_LINE'),
    examples: [
      {
        text: 'THIS LEASE, dated June 2, 2009 ("Lease"), between North Realty, a Utah company, and Pine Foods, Inc.',
        expect: '',
      },
      {
        text: 'THIS SUPPLY AGREEMENT (this "Agreement"), entered into on the 3rd day of May 2011, by and among Alpha Ltd. and Beta Inc.',
        expect: '',
      },
    ],
  },
  {
    id: 'PARTICIPANT.NESTED_ELEMENT',
    // "and free from any and all Taxes": the stages gave a circumstance "from any and all Taxes" and, inside it, the
    // word order's Carrier "all Taxes"; "that the cooperation between the Company and EA is ...": the Goal holds the
    // circumstance "between the Company". An element lies inside no other: the one inside is dropped.
    when: (state) => nestedElements(state.ideational).size > 0,
    decide: (state) => {
      const nested = nestedElements(state.ideational);
      state.ideational = {
        ...state.ideational,
        participants: state.ideational.participants.filter((element) => !nested.has(element)),
        circumstances: state.ideational.circumstances.filter((element) => !nested.has(element)),
      };
      state.rules = [...state.rules, { label: 'participants', rule: 'PARTICIPANT.NESTED_ELEMENT' }];
    },
    examples: [
      {
        text: 'and free from any and all Taxes (including all applicable sales,',
        expect: 'attribute=all applicable sales',
      },
      {
        text: 'We believe that the cooperation between the Company and EA is an important component to achieve their respective strategic objectives.',
        expect:
          'actor=an important component | goal=the cooperation between the Company and EA | goal=their respective strategic objectives',
      },
    ],
  },
];

/** Elements (participants and circumstances) whose span lies inside another element's, the larger one kept. */
function nestedElements(ideational: Ideational): Set<object> {
  const elements: { start: number; end: number }[] = [
    ...ideational.participants,
    ...ideational.circumstances,
  ];
  const nested = new Set<object>();
  for (const inner of elements)
    for (const outer of elements)
      if (
        outer !== inner &&
        outer.start <= inner.start &&
        inner.end <= outer.end &&
        (outer.end - outer.start > inner.end - inner.start ||
          elements.indexOf(outer) < elements.indexOf(inner))
      ) {
        nested.add(inner);
        break;
      }
  return nested;
}

/** The ids of the ideational revisions, in apply order, for `createPipeline({ disabledRules })`. */
export const IDEATIONAL_RULE_IDS: readonly string[] = IDEATIONAL_RULES.map((rule) => rule.id);

/** Applies `IDEATIONAL_RULES` (skipping the disabled ones) to the state, in place. */
export function reviseIdeational(
  state: IdeationalState,
  context: IdeationalContext,
  disabled?: ReadonlySet<string>,
): void {
  everyRule(IDEATIONAL_RULES, state, context, disabled);
}
