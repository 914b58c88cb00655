import type { CohesiveReference, Mood, Syntactic, Textual, ThemeElement, Token } from '@cae/core';
import type { ClauseView } from './clause-view';
import { MODAL_ADJUNCTS } from './lexicons/modal-lexicon';
import {
  CONJUNCTIVE_ADJUNCTS,
  CONTINUATIVES,
  GREETINGS,
  GROUP_ADDRESS_WORDS,
  INTERPERSONAL_THEMES,
  TEXTUAL_THEMES,
} from './lexicons/mood-lexicon';
import { REFERRING_PERSONAL_PRONOUNS } from './lexicons/tenor-lexicon';
import {
  APPOSITION_OPENERS,
  COMPARATIVE_REFERENCES,
  DEMONSTRATIVES,
  FLOATING_QUANTIFIERS,
  PERSON_PRONOUNS_HE_SHE,
  S_CLITICS,
  WH_MODIFIERS,
} from './lexicons/word-classes';
import { enumeratorEnd, pastCoordinator } from './list-operator';

/** Demonstratives as cohesive references (the class of lexicons/, as a set). */
const DEMONSTRATIVE_REFERENCES: ReadonlySet<string> = new Set(DEMONSTRATIVES);

/** Earlier clauses a reference can point back to, newest last; the theme rules switched off. */
export interface CohesionContext {
  readonly previous: readonly Syntactic[];
  /** Rule ids switched off (`createPipeline({ disabledRules })`). */
  readonly disabled?: ReadonlySet<string> | undefined;
}

/** "Hi Tom, I moved out": a greeting and the name of the one addressed are an interpersonal theme. */
export const THEME_GREETING_VOCATIVE = 'THEME.GREETING_VOCATIVE';

/** "Tom, I moved out": a name the tree reads as called out (`vocative`) before a comma is an interpersonal theme. */
export const THEME_TREE_VOCATIVE = 'THEME.TREE_VOCATIVE';

/** Words of the name after a greeting, at most ("Dear Mr. J. Alvarez,"). */
const GREETING_NAME_WORDS = 4;
/** A word of a name: capitalised ("Tom", "Mr.", "O'Neill", "J."). */
const NAME_WORD = /^\p{Lu}[\p{L}.'’-]*$/u;

/**
 * The index after the greeting and the name addressed that open the clause ("Hi Tom", "Dear Ms. Okafor",
 * "Hello all", "Hi Tom and Ana", "Hi", "Hey, Mr. Lee"), or 0: a greeting (GREETINGS), up to four words of a
 * name (capitalised, joined by "and", "or" or "&") or one word addressing a group (GROUP_ADDRESS_WORDS), then a
 * comma and more of the clause; "dear" needs a name.
 */
function greetingEnd(view: ClauseView): number {
  const { lower } = view;
  let greeting = 0;
  if (GREETINGS.has(`${lower[0]}_${lower[1]}`)) greeting = 2;
  else if (GREETINGS.has(lower[0] ?? '')) greeting = 1;
  else return 0;
  // "Hey, Mr. Lee, you ...": a comma may set the name off from the greeting too.
  if (lower[greeting] === ',' && lower[0] !== 'dear') {
    const name = nameEnd(view, greeting + 1);
    if (name > greeting + 1 && clauseAfterComma(view, name)) return name;
  }
  const end = nameEnd(view, greeting);
  if (end === greeting && lower[0] === 'dear') return 0;
  return clauseAfterComma(view, end) ? end : 0;
}

/**
 * The index after the name addressed that starts at `from` (up to four capitalised words joined by "and", "or"
 * or "&", or one word addressing a group), `from` when there is none.
 */
function nameEnd(view: ClauseView, from: number): number {
  const tokens = view.syntactic.tokens;
  if (GROUP_ADDRESS_WORDS.has(view.lower[from] ?? '')) return from + 1;
  let at = from;
  while (at < tokens.length && at - from < GREETING_NAME_WORDS) {
    const text = tokens[at]?.text ?? '';
    const joins = (text === 'and' || text === 'or' || text === '&') && at > from;
    if (!joins && (!NAME_WORD.test(text) || view.pos[at] === 'PRON')) break;
    at += 1;
  }
  return at > from && !NAME_WORD.test(tokens[at - 1]?.text ?? '') ? from : at;
}

/**
 * The index after a name the tree reads as called out that opens the clause before a comma ("Tom, I moved
 * out", "Mrs. Ruiz, the boiler is fixed"): up to four capitalised words (`nameEnd`), one of them the tree's
 * `vocative`, the others hanging inside the name, and no relative pronoun or "a" after the comma (a name the
 * tree misreads: "Atwood, a prize-winner, was there", "Kalkat, who chairs the council, said"); or 0.
 */
function treeVocativeEnd(view: ClauseView): number {
  const end = nameEnd(view, 0);
  if (end === 0 || !clauseAfterComma(view, end) || APPOSITION_OPENERS.has(view.lower[end + 1] ?? ''))
    return 0;
  const tokens = view.syntactic.tokens;
  const starts = new Set<number>();
  for (let index = 0; index < end; index += 1) starts.add((tokens[index] as Token).start);
  let vocative = false;
  for (let index = 0; index < end; index += 1) {
    const token = tokens[index] as Token;
    if (token.deprel === 'vocative') vocative = true;
    else if (token.headStart === null || !starts.has(token.headStart)) return 0;
  }
  return vocative ? end : 0;
}

/** Whether a comma stands at `at` and a word of the clause after it. */
function clauseAfterComma(view: ClauseView, at: number): boolean {
  return view.lower[at] === ',' && at + 1 < view.lower.length && view.pos[at + 1] !== 'PUNCT';
}

/** THEME.LIST_NUMBER: see `analyzeTheme`. */
export const LIST_NUMBER_THEME = 'THEME.LIST_NUMBER';
const UNGROUPED_INTERJECTION = 'THEME.UNGROUPED_INTERJECTION';
const VOCATIVE = 'THEME.VOCATIVE';
const POLAR_FINITE = 'THEME.POLAR_FINITE';
const LETS = 'THEME.LETS';
const WH_GROUP = 'THEME.WH_GROUP';
const OPENING_CIRCUMSTANCE = 'THEME.OPENING_CIRCUMSTANCE';
const COORDINATED_NOMINAL = 'THEME.COORDINATED_NOMINAL';
const POSTMODIFIER = 'THEME.POSTMODIFIER';

/**
 * The theme rules `createPipeline({ disabledRules })` switches off (each described where `analyzeTheme`
 * applies it; THEME.SPEAKER_LABEL and THEME.LABEL_NON_FINITE choose the view the analysis reads).
 */
export const THEME_RULE_IDS: readonly string[] = [
  THEME_GREETING_VOCATIVE,
  THEME_TREE_VOCATIVE,
  LIST_NUMBER_THEME,
  UNGROUPED_INTERJECTION,
  VOCATIVE,
  POLAR_FINITE,
  LETS,
  WH_GROUP,
  OPENING_CIRCUMSTANCE,
  COORDINATED_NOMINAL,
  POSTMODIFIER,
  'THEME.SPEAKER_LABEL',
  'THEME.LABEL_NON_FINITE',
];

/**
 * Theme and rheme (ANNOTATION.md, "Theme"): textual and interpersonal themes, then the first
 * experiential group as topical theme; marked when a declarative's topical theme is not the Subject.
 */
export function analyzeTheme(view: ClauseView, mood: Mood, context: CohesionContext): Textual {
  const { syntactic } = view;
  const { tokens, groups } = syntactic;
  const elements: ThemeElement[] = [];
  const conjunctiveAdjuncts: string[] = [];
  let themeEnd = 0;
  let markedTheme = false;
  const off = (id: string): boolean => context.disabled?.has(id) === true;
  // THEME.GREETING_VOCATIVE: "Hi Tom, I moved out on the 1st.", "Dear Ms. Okafor, we received your letter.":
  // the greeting and the name of the one addressed are one interpersonal element (a vocative), and the
  // topical theme is what follows the comma ("I", unmarked).
  let greeting = context.disabled?.has(THEME_GREETING_VOCATIVE) === true ? 0 : greetingEnd(view);
  if (greeting === 0 && context.disabled?.has(THEME_TREE_VOCATIVE) !== true) greeting = treeVocativeEnd(view);
  if (greeting > 0) {
    elements.push({ kind: 'interpersonal', text: spanOf(syntactic, 0, greeting), start: 0, end: greeting });
    themeEnd = greeting;
  }
  // THEME.LIST_NUMBER: the number or letter of a list item ("1. The Tenant shall pay", "(a) the Tenant shall
  // keep", "2. Can I pay rent online?") is no element of the theme: the theme opens the clause with it, as with a
  // speaker's label, and its elements start after it.
  const listNumberEnd = context.disabled?.has(LIST_NUMBER_THEME) === true ? -1 : enumeratorEnd(tokens);
  const listNumberStart = listNumberEnd < 0 ? 0 : pastCoordinator(tokens);
  for (let position = 0; position < groups.length; position += 1) {
    const group = groups[position] as (typeof groups)[number];
    if (group.start < themeEnd) continue;
    if (group.start >= listNumberStart && group.end <= listNumberEnd) {
      themeEnd = Math.max(themeEnd, group.end);
      continue;
    }
    // THEME.UNGROUPED_INTERJECTION: an interjection (in no group) before the topical theme is part of the
    // theme: "Please send me the lease" (interpersonal), "No, I never got it", "Well, I think so" (a
    // continuative: textual).
    for (let index = themeEnd; index < group.start && !off(UNGROUPED_INTERJECTION); index += 1) {
      if (view.pos[index] !== 'INTJ') continue;
      const lower = view.lower[index] ?? '';
      const kind = INTERPERSONAL_THEMES.has(lower)
        ? 'interpersonal'
        : TEXTUAL_THEMES.has(lower) || CONTINUATIVES.has(lower)
          ? 'textual'
          : undefined;
      if (kind === undefined) continue;
      elements.push({ kind, text: tokens[index]?.text ?? '', start: index, end: index + 1 });
      themeEnd = index + 1;
    }
    const word = view.lower[group.start] ?? '';
    const text = group.text;
    if (group.type === 'conjunction' || (group.type === 'adverbial' && TEXTUAL_THEMES.has(word))) {
      elements.push({ kind: 'textual', text, start: group.start, end: group.end });
      if (CONJUNCTIVE_ADJUNCTS.has(word)) conjunctiveAdjuncts.push(word);
      themeEnd = group.end;
      continue;
    }
    if (
      group.type === 'adverbial' &&
      (INTERPERSONAL_THEMES.has(word) || MODAL_ADJUNCTS[word] !== undefined)
    ) {
      elements.push({ kind: 'interpersonal', text, start: group.start, end: group.end });
      themeEnd = group.end;
      continue;
    }
    const nextGroup = groups[position + 1];
    if (
      mood === 'imperative' &&
      !off(VOCATIVE) &&
      group.type === 'nominal' &&
      group.end - group.start <= 3 &&
      view.lower[group.end] === ',' &&
      nextGroup !== undefined &&
      (nextGroup.type === 'verbal' || nextGroup.type === 'adverbial')
    ) {
      // THEME.VOCATIVE: "Sarah, pass me the salt": a vocative before a command is an interpersonal theme.
      elements.push({ kind: 'interpersonal', text, start: group.start, end: group.end });
      themeEnd = group.end;
      continue;
    }
    if (
      mood === 'interrogative' &&
      !off(POLAR_FINITE) &&
      group.type === 'verbal' &&
      view.finite === group.start &&
      (view.head !== group.start ||
        (group.end === group.start + 1 &&
          view.pos[group.start] === 'AUX' &&
          nextGroup?.type === 'nominal' &&
          nextGroup.start === group.end))
    ) {
      // THEME.POLAR_FINITE: in a polar interrogative the Finite is an interpersonal theme and the Subject
      // after it the topical theme.
      elements.push({
        kind: 'interpersonal',
        text: tokens[group.start]?.text ?? '',
        start: group.start,
        end: group.start + 1,
      });
      themeEnd = group.start + 1;
      continue;
    }
    let end = group.end;
    let next = position + 1;
    if (
      group.type === 'verbal' &&
      !off(LETS) &&
      view.lemma[group.head] === 'let' &&
      S_CLITICS.has(view.lower[group.end] ?? '')
    ) {
      // THEME.LETS: "Let's" is one element of the theme.
      end = group.end + 1;
    } else if (
      group.start === group.end - 1 &&
      !off(WH_GROUP) &&
      WH_MODIFIERS.has(word) &&
      (nextGroup?.type === 'nominal' || nextGroup?.type === 'adjectival') &&
      nextGroup.start === group.end &&
      view.pos[nextGroup.head] !== 'PRON'
    ) {
      // THEME.WH_GROUP: "What a mess (this is)", "How kind (you are)": the WH word with the group it modifies.
      end = nextGroup.end;
      next = position + 2;
    } else if (group.type === 'prepositional' && !off(OPENING_CIRCUMSTANCE)) {
      // THEME.OPENING_CIRCUMSTANCE: "Notwithstanding any other provision of this Agreement, ...", "Despite weeks of talks between
      // unions and management, ...": an opening circumstance runs over its post-modifying phrases to
      // the comma that closes it (no verb before the comma).
      const close = openingCircumstanceEnd(view, groups, position);
      if (close > position + 1) {
        end = (groups[close - 1] as (typeof groups)[number]).end;
        next = close;
      }
    } else if (group.type === 'nominal') {
      // THEME.COORDINATED_NOMINAL: "Salt and pepper are essential": nominal groups joined by "and"/"or"
      // are one element.
      next = off(COORDINATED_NOMINAL) ? position + 1 : coordinatedNominalEnd(view, groups, position);
      end = (groups[next - 1] as (typeof groups)[number]).end;
      // THEME.POSTMODIFIER: prepositional phrases between the Subject and the verb belong to it ("The key to success is").
      let probe = next;
      while (groups[probe]?.type === 'prepositional' && groups[probe]?.start === groups[probe - 1]?.end)
        probe += 1;
      if (
        probe > next &&
        !off(POSTMODIFIER) &&
        groups[probe]?.type === 'verbal' &&
        groups[probe]?.start === groups[probe - 1]?.end
      ) {
        end = (groups[probe - 1] as (typeof groups)[number]).end;
        next = probe;
      }
    }
    elements.push({
      kind: 'topical',
      text: end === group.end ? text : spanOf(syntactic, group.start, end),
      start: group.start,
      end,
    });
    themeEnd = end;
    // The Subject is the nominal group before the verbal group (modal adjuncts and floating "all" may come
    // between); "Yesterday the tenant returned" is marked.
    while (
      groups[next]?.type === 'adverbial' ||
      (groups[next]?.type === 'nominal' &&
        FLOATING_QUANTIFIERS.has(view.lower[groups[next]?.start ?? -1] ?? '') &&
        groups[next]?.end === (groups[next]?.start ?? 0) + 1)
    )
      next += 1;
    const following = groups[next];
    const subjectLike =
      group.type === 'nominal' && view.head >= 0 && group.end <= view.head && following?.type === 'verbal';
    markedTheme = mood === 'declarative' && !subjectLike && group.type !== 'verbal';
    break;
  }
  for (let index = 0; index < tokens.length; index += 1) {
    const word = view.lower[index] ?? '';
    if (
      index >= themeEnd &&
      CONJUNCTIVE_ADJUNCTS.has(word) &&
      view.pos[index] === 'ADV' &&
      !conjunctiveAdjuncts.includes(word)
    ) {
      conjunctiveAdjuncts.push(word);
    }
  }
  const rheme = span(syntactic, themeEnd, tokens.length);
  return {
    theme: { text: spanOf(syntactic, 0, themeEnd), start: 0, end: themeEnd, elements },
    rheme,
    markedTheme,
    conjunctiveAdjuncts,
    cohesiveReferences: findReferences(view, context),
  };
}

/**
 * "Salt and pepper", "a hammer or a saw": index after the last nominal group joined by "and"/"or" to
 * the one at `at` (`at + 1` when none is); `joins` may refuse a nominal group (one already used).
 */
export function coordinatedNominalEnd(
  view: ClauseView,
  groups: Syntactic['groups'],
  at: number,
  joins: (group: Syntactic['groups'][number]) => boolean = () => true,
): number {
  let next = at + 1;
  for (;;) {
    const conjunction = groups[next];
    const nominal = groups[next + 1];
    const word = conjunction === undefined ? '' : (view.lower[conjunction.start] ?? '');
    if (
      conjunction?.type !== 'conjunction' ||
      conjunction.start !== groups[next - 1]?.end ||
      (word !== 'and' && word !== 'or') ||
      nominal?.type !== 'nominal' ||
      nominal.start !== conjunction.end ||
      !joins(nominal)
    )
      return next;
    next += 2;
  }
}

const CIRCUMSTANCE_PARTS = new Set(['prepositional', 'nominal', 'adjectival', 'conjunction']);

/**
 * Index after the last group of an opening circumstance that starts at group `at` and is closed by a
 * comma, or `at + 1` when the groups up to the comma are not all parts of a circumstance (a verb, a
 * subordinator) or no comma closes it.
 */
export function openingCircumstanceEnd(view: ClauseView, groups: Syntactic['groups'], at: number): number {
  const first = groups[at];
  if (first === undefined || first.type !== 'prepositional') return at + 1;
  let probe = at + 1;
  let last = first;
  while (probe < groups.length) {
    if (view.lower[last.end] === ',') return probe;
    const group = groups[probe] as (typeof groups)[number];
    if (group.start !== last.end || !CIRCUMSTANCE_PARTS.has(group.type)) return at + 1;
    if (group.type === 'conjunction' && view.pos[group.start] !== 'CCONJ') return at + 1;
    last = group;
    probe += 1;
  }
  return at + 1;
}

/**
 * The theme of a label line's utterance (THEME.SPEAKER_LABEL) in the whole clause: the theme still opens the
 * clause (the label comes first in it, and is none of its elements), the elements, the rheme and the
 * cohesive references are shifted past the label's `offset` tokens.
 */
export function afterLabel(textual: Textual, syntactic: Syntactic, offset: number): Textual {
  const themeEnd = textual.theme.end + offset;
  return {
    ...textual,
    theme: {
      text: spanOf(syntactic, 0, themeEnd),
      start: 0,
      end: themeEnd,
      elements: textual.theme.elements.map((element) => ({
        ...element,
        start: element.start + offset,
        end: element.end + offset,
      })),
    },
    rheme: span(syntactic, textual.rheme.start + offset, textual.rheme.end + offset),
    cohesiveReferences: textual.cohesiveReferences.map((reference) => ({
      ...reference,
      tokenIndex: reference.tokenIndex + offset,
    })),
  };
}

function spanOf(syntactic: Syntactic, start: number, end: number): string {
  const { tokens } = syntactic;
  const first = tokens[start];
  const last = tokens[end - 1];
  return first === undefined || last === undefined || end <= start
    ? ''
    : spanText(syntactic, first.start, last.end);
}

function span(
  syntactic: Syntactic,
  start: number,
  end: number,
): { text: string; start: number; end: number } {
  return { text: spanOf(syntactic, start, end), start, end };
}

function spanText(syntactic: Syntactic, start: number, end: number): string {
  return syntactic.text.slice(start - syntactic.start, end - syntactic.start);
}

function findReferences(view: ClauseView, context: CohesionContext): CohesiveReference[] {
  const references: CohesiveReference[] = [];
  const { tokens } = view.syntactic;
  for (let index = 0; index < tokens.length; index += 1) {
    const word = view.lower[index] ?? '';
    const tag = view.pos[index];
    let kind: CohesiveReference['kind'] | null = null;
    if (REFERRING_PERSONAL_PRONOUNS.has(word) && tag === 'PRON') kind = 'personal';
    else if (
      DEMONSTRATIVE_REFERENCES.has(word) &&
      (tag === 'PRON' || tag === 'DET') &&
      view.syntactic.relation !== 'relative'
    )
      kind = 'demonstrative';
    else if (COMPARATIVE_REFERENCES.has(word) && (tag === 'ADJ' || tag === 'DET')) kind = 'comparative';
    if (kind === null) continue;
    references.push({
      text: tokens[index]?.text ?? word,
      tokenIndex: index,
      kind,
      antecedentClauseId: resolve(word, kind, context),
    });
  }
  return references;
}

function resolve(word: string, kind: CohesiveReference['kind'], context: CohesionContext): string | null {
  const { previous } = context;
  if (previous.length === 0) return null;
  if (kind !== 'personal') return previous[previous.length - 1]?.id ?? null;
  const wantsPerson = PERSON_PRONOUNS_HE_SHE.has(word);
  // The nearest earlier clause (up to five back) with a compatible nominal head is the antecedent.
  for (let back = previous.length - 1; back >= 0 && back >= previous.length - 5; back -= 1) {
    const clause = previous[back] as Syntactic;
    for (const token of clause.tokens) {
      if (wantsPerson ? token.pos === 'PROPN' : token.pos === 'NOUN' || token.pos === 'PROPN')
        return clause.id;
    }
  }
  return null;
}
