import { type ClauseSegment, inFirstTokenOrder } from './clause-segmenter';
import { DECLARATION_VERBS } from './lexicons/contract-lexicon';
import {
  boundConjunctionStart,
  COORDINATORS,
  FREE_RELATIVE_WH,
  MINOR_EXPRESSIONS,
  REPORTING_VERBS,
  WH_SUBORDINATORS,
  WH_WORDS,
} from './lexicons/mood-lexicon';
import {
  FINITE_OPERATOR_FORMS,
  FREE_RELATIVE_HEADS,
  MODAL_FORMS,
  NON_FINITE_OPENERS,
  OPENING_PUNCTUATION,
  OPENING_WH_ADVERBS,
  SUBORDINATING_WH,
  verbForm,
  WH_OPENERS,
} from './lexicons/word-classes';
import { hasPosReading } from './pos-corrector';
import { ruleOff } from './segment-rules';
import {
  determinedGerund,
  findVerbalGroups,
  infinitiveRunBefore,
  isFiniteLexicalForm,
  isSubjectLike,
  modifierParticiple,
  notLimitedToStart,
  type TokenArrays,
  titleCaseGerund,
  type VerbalGroup,
} from './verbal-group';

/** The parse of a sentence, as pass 1 keeps it. */
export interface SentenceTree extends TokenArrays {
  /** Index of each token's head, -1 for the root. */
  readonly heads: readonly number[];
  /** UD relation of each token to its head. */
  readonly deprels: readonly string[];
}

/** Smallest and largest token index in the subtree of `node` within [from, to). */
export function subtreeSpan(
  tree: { readonly heads: readonly number[] },
  node: number,
  from: number,
  to: number,
): [number, number] {
  let start = node;
  let end = node;
  // Heads point backwards and forwards: widen until no token in range hangs below what is covered.
  let changed = true;
  const inside = new Set([node]);
  while (changed) {
    changed = false;
    for (let index = from; index < to; index += 1) {
      if (inside.has(index)) continue;
      const head = tree.heads[index] ?? -1;
      if (head >= 0 && inside.has(head)) {
        inside.add(index);
        if (index > end) end = index;
        if (index < start) start = index;
        changed = true;
      }
    }
  }
  return [start, end];
}

const CLAUSAL = /^(ccomp|parataxis|conj|advcl)(:|$)/;
const SUBJECT = /^(nsubj|csubj|expl)(:|$)/;

function hasSubject(tree: SentenceTree, node: number, from: number, to: number): boolean {
  for (let index = from; index < to; index += 1)
    if (tree.heads[index] === node && SUBJECT.test(tree.deprels[index] ?? '')) return true;
  return false;
}

/**
 * Where the main clause starts and its verb, from the parse: after the subtree of an opening `advcl` of
 * the root; or, when the parser made the opening clause the root (its verb has a `mark` before it, "If
 * you cannot wait you should book"), at the first clausal dependent after it that has its own Subject.
 */
function mainClauseStart(
  tree: SentenceTree,
  root: number,
  from: number,
  to: number,
): [number, number] | null {
  for (let index = from; index < root; index += 1) {
    if (tree.heads[index] !== root) continue;
    const relation = tree.deprels[index] ?? '';
    if (relation.startsWith('advcl')) return [subtreeSpan(tree, index, from, to)[1] + 1, root];
    if (relation === 'mark') {
      for (let child = root + 1; child < to; child += 1) {
        if (tree.heads[child] !== root || !CLAUSAL.test(tree.deprels[child] ?? '')) continue;
        if (!hasSubject(tree, child, from, to)) continue;
        return [subtreeSpan(tree, child, from, to)[0], child];
      }
      return null;
    }
  }
  return null;
}

/**
 * SEGMENT.TREE_MAIN_AFTER_OPENING: a sentence whose clauses are all dependent because an opening
 * dependent clause ran on into the main clause with no comma between ("If you cannot wait you should
 * book an earlier flight", "When the guests arrive we eat"). The parse knows better: the root of the
 * sentence is the main clause's verb and the opening clause is its `advcl`. The run-on segment is cut
 * after the opening clause's subtree; what follows is the independent main clause, and the opening
 * clause (and any clause that began inside the main clause's part) hangs on it. Returns the segments
 * (the same array when nothing changed).
 */
export function splitMainAfterOpening(
  tree: SentenceTree,
  segments: ClauseSegment[],
  from: number,
  to: number,
): ClauseSegment[] {
  if (segments.some((segment) => segment.dependency === 'independent')) return segments;
  const first = segments[0];
  if (first === undefined || first.dependency !== 'hypotactic' || first.parent !== -1) return segments;
  let root = -1;
  for (let index = from; index < to; index += 1) if ((tree.heads[index] ?? 0) < 0) root = index;
  if (root < 0) return segments;
  if (!first.tokens.includes(root)) return promoteRootClause(tree, segments, root);
  const found = mainClauseStart(tree, root, from, to);
  if (found === null) return splitTrailingDependent(tree, segments, root, from, to);
  let [cut] = found;
  const verb = found[1];
  while (cut < verb && tree.pos[cut] === 'PUNCT') cut += 1;
  if (cut > verb || cut <= (first.tokens[0] ?? from) || !first.tokens.includes(cut)) return segments;
  const mainTokens = first.tokens.filter((index) => index >= cut);
  const openingTokens = first.tokens.filter((index) => index < cut);
  if (openingTokens.length === 0 || mainTokens.length === 0) return segments;
  // The main clause's verbal group: the one holding the root (or, verbless, none).
  const groups = findVerbalGroups(tree, cut, (mainTokens[mainTokens.length - 1] ?? cut) + 1);
  const group =
    groups.find((candidate) => candidate.start <= verb && verb < candidate.end) ?? groups[0] ?? null;
  if (group === null) return segments;
  const main: ClauseSegment = {
    tokens: mainTokens,
    dependency: 'independent',
    relation: null,
    parent: -1,
    group,
  };
  return withFirstSplit(segments, [{ ...first, tokens: openingTokens, parent: 1 }, main], cut);
}

/**
 * The segments with the first one replaced by its two parts, cut at token `cut`: the others renumbered, and a clause
 * that hung on the first segment hung on the part it begins in.
 */
function withFirstSplit(
  segments: readonly ClauseSegment[],
  parts: readonly [ClauseSegment, ClauseSegment],
  cut: number,
): ClauseSegment[] {
  const out: ClauseSegment[] = [...parts];
  for (let index = 1; index < segments.length; index += 1) {
    const segment = segments[index] as ClauseSegment;
    const parent =
      segment.parent < 0
        ? -1
        : segment.parent === 0
          ? (segment.tokens[0] ?? 0) >= cut
            ? 1
            : 0
          : segment.parent + 1;
    out.push({ ...segment, parent });
  }
  return out;
}

/** Words that open a thanks formula ("**Thanks** for the update", "**Many thanks**"). */
const THANKS_WORDS: ReadonlySet<string> = new Set(['thanks', 'thx', 'thanx']);

/**
 * SEGMENT.THANKS_THEN_CLAUSE: "Thanks for the update, the numbers look right to me.", "Thanks, I will send it
 * tomorrow.": a sentence that opens with a thanks formula ("Thanks", "Many thanks", with a "for" phrase and no verb
 * but an "-ing" form), then a comma and a clause with its own Subject and Finite, is two clauses: the formula (a
 * `minor` clause) and the statement after the comma, independent. Before, the first segment held both, one
 * `declarative` (or `minor`, the statement lost in it). Returns the segments (the same array when nothing changed).
 */
export function thanksThenClause(
  tree: SentenceTree,
  segments: ClauseSegment[],
  from: number,
  _to: number,
): ClauseSegment[] {
  const first = segments[0];
  if (first === undefined || first.tokens[0] !== from) return segments;
  let at = from;
  if (tree.lower[at] === 'many') at += 1;
  // ("Thanks to urban planning, the streets are a grid": "thanks to" is a preposition.)
  if (!THANKS_WORDS.has(tree.lower[at] ?? '') || tree.lower[at + 1] === 'to') return segments;
  const last = first.tokens[first.tokens.length - 1] ?? from;
  let comma = -1;
  for (let index = at + 1; index <= last && comma < 0; index += 1) {
    if (!first.tokens.includes(index)) return segments;
    if (tree.lower[index] === ',') comma = index;
    else if (
      tree.pos[index] === 'AUX' ||
      (tree.pos[index] === 'VERB' && !(tree.lower[index] ?? '').endsWith('ing'))
    )
      return segments;
  }
  if (comma < 0 || comma >= last) return segments;
  const rest = first.tokens.filter((index) => index > comma);
  const groups = findVerbalGroups(tree, comma + 1, last + 1);
  const group = groups[0];
  // The clause after the comma: a Subject, then a verbal group with a Finite.
  if (group === undefined || group.finite < 0 || group.start <= comma + 1 || !rest.includes(group.start))
    return segments;
  for (let index = comma + 1; index < group.start; index += 1)
    if (!/^(DET|NOUN|PROPN|PRON|ADJ|NUM)$/.test(tree.pos[index] ?? '')) return segments;
  const formula: ClauseSegment = {
    tokens: first.tokens.filter((index) => index <= comma),
    dependency: 'independent',
    relation: null,
    parent: -1,
    group: null,
  };
  return withFirstSplit(segments, [formula, { ...first, tokens: rest, group }], comma + 1);
}

/**
 * The other run-on: the sentence's first segment holds the root's own clause and, after it, a
 * dependent clause whose marker made the whole segment read as dependent ("Now, people wonder if it
 * can survive"). The root takes no marker of its own; its `advcl` or `ccomp` that runs to the segment's
 * end is cut off as the dependent clause, and the rest is the independent main clause.
 */
function splitTrailingDependent(
  tree: SentenceTree,
  segments: ClauseSegment[],
  root: number,
  from: number,
  to: number,
): ClauseSegment[] {
  const first = segments[0] as ClauseSegment;
  const last = first.tokens[first.tokens.length - 1] ?? from;
  for (let index = from; index < to; index += 1)
    if (tree.heads[index] === root && tree.deprels[index] === 'mark') return segments;
  for (let child = root + 1; child <= last; child += 1) {
    if (tree.heads[child] !== root || !/^(advcl|ccomp)(:|$)/.test(tree.deprels[child] ?? '')) continue;
    const [start, end] = subtreeSpan(tree, child, from, to);
    let cut = start;
    if (cut <= root || !first.tokens.includes(cut)) continue;
    // The dependent must reach the segment's end (before its closing punctuation).
    let tail = last;
    while (tail > end && tree.pos[tail] === 'PUNCT') tail -= 1;
    if (end < tail) continue;
    while (cut > root + 1 && tree.pos[cut - 1] === 'PUNCT') cut -= 1;
    const mainTokens = first.tokens.filter((index) => index < start);
    const dependentTokens = first.tokens.filter((index) => index >= start);
    const mainGroups = findVerbalGroups(tree, first.tokens[0] ?? from, start);
    const dependentGroups = findVerbalGroups(tree, start, last + 1);
    const mainGroup = mainGroups.find((group) => group.start <= root && root < group.end) ?? null;
    const dependentGroup =
      dependentGroups.find((group) => group.start <= child && child < group.end) ??
      dependentGroups[0] ??
      null;
    if (mainGroup === null || dependentGroup === null || mainTokens.length === 0) return segments;
    const out: ClauseSegment[] = [
      { tokens: mainTokens, dependency: 'independent', relation: null, parent: -1, group: mainGroup },
      { ...first, tokens: dependentTokens, parent: 0, group: dependentGroup },
    ];
    for (let index = 1; index < segments.length; index += 1) {
      const segment = segments[index] as ClauseSegment;
      out.push({
        ...segment,
        parent: segment.parent < 0 ? -1 : segment.parent === 0 ? 1 : segment.parent + 1,
      });
    }
    return out;
  }
  return segments;
}

/**
 * The opening dependent clause was cut off right, but the clause after it was read as its dependent
 * ("As you can see | there are several blanks": reported): when the parse makes the later clause's
 * verb the root and the opening clause its `advcl`, the later clause is the independent main clause
 * and the opening clause hangs on it.
 */
function promoteRootClause(tree: SentenceTree, segments: ClauseSegment[], root: number): ClauseSegment[] {
  const first = segments[0] as ClauseSegment;
  const openingVerb = first.group?.head ?? -1;
  if (openingVerb < 0 || tree.heads[openingVerb] !== root) return segments;
  if (!(tree.deprels[openingVerb] ?? '').startsWith('advcl')) return segments;
  const at = segments.findIndex(
    (segment) => segment.group !== null && segment.group.start <= root && root < segment.group.end,
  );
  if (at <= 0) return segments;
  return segments.map((segment, index) => {
    if (index === at) return { ...segment, dependency: 'independent', relation: null, parent: -1 };
    if (index === 0) return { ...segment, parent: at };
    return segment;
  });
}

/** Relations by which a phrase, not a clause, hangs on a head (UD universal part). */
const PHRASAL = new Set([
  'nsubj',
  'obj',
  'iobj',
  'obl',
  'nmod',
  'advmod',
  'appos',
  'punct',
  'vocative',
  'dislocated',
  'det',
  'amod',
  'compound',
  'flat',
  'nummod',
  'case',
  'cc',
]);

/**
 * SEGMENT.TREE_PHRASE_INTO_CLAUSE: a segment that the tree shows to be a phrase of another clause
 * ("On the administrative level, | the directors expressed ...", "Thomas Sam, a practising homeopath, |
 * decided ...") joins that clause. It qualifies when it holds no root and no verb but a participle modifying a word inside it (amod, acl),
 * is no minor clause, and every
 * token whose head lies outside it hangs there by a phrasal relation (Subject, object, oblique,
 * modifier, apposition, punctuation) on one and the same segment, next to it or past clauses that hang
 * on it. A segment the phrase
 * opened the sentence with keeps its place as the independent clause. Returns the segments (the same
 * array when nothing changed).
 */
/**
 * Whether segment `target` is next to segment `local`, or only clauses that hang on `local` (a relative
 * clause of the phrase: "Countries | that are colored red, | have ...") come between them.
 */
function between(segments: readonly ClauseSegment[], local: number, target: number): boolean {
  const [low, high] = local < target ? [local, target] : [target, local];
  for (let index = low + 1; index < high; index += 1)
    if ((segments[index] as ClauseSegment).parent !== local) return false;
  return true;
}

/** A minor clause of its own ("Thanks, I will", "Yes, we do"): an interjection or a minor formula. */
function minorSegment(tree: SentenceTree, segment: ClauseSegment): boolean {
  // The words are joined only when there are few enough to make a minor expression: most segments are
  // longer than the longest one, and need only the scan for an interjection.
  let count = 0;
  for (const index of segment.tokens) {
    if (tree.pos[index] === 'PUNCT') continue;
    if (tree.pos[index] === 'INTJ') return true;
    count += 1;
  }
  if (count > MINOR_EXPRESSION_MAX_WORDS) return false;
  const words: string[] = [];
  for (const index of segment.tokens) if (tree.pos[index] !== 'PUNCT') words.push(tree.lower[index] ?? '');
  return MINOR_EXPRESSIONS.has(words.join('_'));
}

/**
 * Most words joined by "_" in an entry of MINOR_EXPRESSIONS (a word may hold a "_" of its own, so this
 * counts the pieces of the entry, which is at least its words).
 */
export const MINOR_EXPRESSION_MAX_WORDS = Math.max(
  0,
  ...[...MINOR_EXPRESSIONS].map((expression) => expression.split('_').length),
);

export function mergePhraseSegments(
  tree: SentenceTree,
  segments: ClauseSegment[],
  from: number,
  to: number,
): ClauseSegment[] {
  if (segments.length < 2) return segments;
  const owner: number[] = new Array(to - from).fill(-1);
  segments.forEach((segment, local) => {
    for (const index of segment.tokens) owner[index - from] = local;
  });
  let out = segments;
  for (let local = 0; local < out.length; local += 1) {
    const segment = out[local] as ClauseSegment;
    if (segment.tokens.length === 0 || minorSegment(tree, segment)) continue;
    // A verbal group makes a clause unless it is a non-finite verb inside the phrase ("a practising
    // homeopath"): a finite verb, or one the tree hangs outside, is a clause whatever its relation.
    const group = segment.group;
    if (group !== null) {
      const verbHead = tree.heads[group.head] ?? -1;
      let first = 0;
      while (first < segment.tokens.length && tree.pos[segment.tokens[first] ?? 0] === 'PUNCT') first += 1;
      if (
        group.finite >= 0 ||
        verbHead < 0 ||
        owner[verbHead - from] !== local ||
        !/^(amod|acl)(:|$)/.test(tree.deprels[group.head] ?? '') ||
        group.head === segment.tokens[first]
      )
        continue;
    }
    let target = -1;
    let phrasal = true;
    for (const index of segment.tokens) {
      const head = tree.heads[index] ?? -1;
      if (head < 0) {
        phrasal = false;
        break;
      }
      const at = owner[head - from] ?? -1;
      if (at === local) continue;
      const relation = universalOf(tree.deprels[index] ?? '');
      if (relation === 'punct') continue;
      if (!PHRASAL.has(relation) || at < 0 || (target >= 0 && at !== target)) {
        phrasal = false;
        break;
      }
      target = at;
    }
    if (!phrasal || target < 0 || !between(out, local, target)) continue;
    const into = out[target] as ClauseSegment;
    // The phrase held the independent clause's place: the clause it joins takes it over.
    // SEGMENT.TREE_SUBJECT_ACROSS_RELATIVE: "The girl | who stood before the desk | was tall": the
    // word order opened the clause after the Subject's relative clause as dependent on it (a preposition
    // read as a subordinator), but the tree hangs the Subject on its verb: it is the main clause. Without
    // the rule it keeps its dependent place.
    const acrossRelative =
      into.parent >= 0 &&
      out[into.parent]?.dependency === 'embedded' &&
      out[into.parent]?.parent === local &&
      segment.tokens.some(
        (index) =>
          owner[(tree.heads[index] ?? -1) - from] === target && /^nsubj/.test(tree.deprels[index] ?? ''),
      ) &&
      !ruleOff(tree, 'SEGMENT.TREE_SUBJECT_ACROSS_RELATIVE');
    const promote =
      segment.dependency === 'independent' &&
      (into.parent === local || (into.dependency === 'paratactic' && into.parent < 0) || acrossRelative);
    const keep = Math.min(local, target);
    const drop = Math.max(local, target);
    const merged: ClauseSegment = {
      ...into,
      tokens: [...into.tokens, ...segment.tokens].sort((a, b) => a - b),
      // It took the phrase's place in the clause complex when it hung on the phrase.
      ...(into.parent === local
        ? { dependency: segment.dependency, relation: segment.relation, parent: segment.parent }
        : promote
          ? { dependency: 'independent' as const, relation: null, parent: -1 }
          : {}),
    };
    const next: ClauseSegment[] = [];
    out.forEach((other, index) => {
      if (index === drop) return;
      const kept = index === keep ? merged : other;
      let parent = kept.parent === local || kept.parent === target ? keep : kept.parent;
      if (index === keep && parent === keep) parent = -1;
      if (parent > drop) parent -= 1;
      next.push(parent === kept.parent ? kept : { ...kept, parent });
    });
    out = next;
    owner.fill(-1);
    out.forEach((other, index) => {
      for (const token of other.tokens) owner[token - from] = index;
    });
    local = keep - 1;
  }
  return out;
}

/** Whether two token lists hold the same tokens once punctuation is left out of both, in the same order. */
export function sameWords(tree: SentenceTree, a: readonly number[], b: readonly number[]): boolean {
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < a.length && tree.pos[a[i] as number] === 'PUNCT') i += 1;
    while (j < b.length && tree.pos[b[j] as number] === 'PUNCT') j += 1;
    if (i >= a.length || j >= b.length) return i >= a.length && j >= b.length;
    if (a[i] !== b[j]) return false;
    i += 1;
    j += 1;
  }
}

/** Relations of a verb that modifies a word of its clause rather than heading the clause. */
const MODIFIER_VERB = /^(amod|acl|csubj|nsubj|compound|obl|nmod|advcl)(:|$)/;

/**
 * SEGMENT.TREE_CLAUSE_HEAD: the verbal group of a clause is the one the tree makes its head. The
 * segmenter takes the first verbal group it meets, which may be a participle or a gerund inside a
 * nominal group ("In fact, specialized workers often know their jobs", "Practising your joke is
 * crucial"): when the one token of the segment that hangs outside it (or is the root) is a verb of
 * another group, and the first group's verb hangs below it as a modifier or Subject, that group becomes
 * the clause's (its Finite and Event). Changes the segments in place.
 */
export function treeClauseHeads(
  tree: SentenceTree,
  segments: readonly ClauseSegment[],
  from: number,
  to: number,
): void {
  for (const segment of segments) {
    const first = segment.group;
    if (first === null || segment.tokens.length === 0) continue;
    const inside = new SegmentTokens(segment.tokens, from, to);
    let top = -1;
    let tops = 0;
    for (const index of segment.tokens) {
      if (tree.pos[index] === 'PUNCT') continue;
      const head = tree.heads[index] ?? -1;
      if (head >= 0 && inside.has(head)) continue;
      tops += 1;
      top = index;
    }
    if (tops !== 1) continue;
    const clauseHead = top;
    if (tree.pos[top] !== 'VERB' && tree.pos[top] !== 'AUX') {
      // "Practising your joke is crucial": the predicate's copula carries the clause's Finite.
      top = -1;
      for (const index of segment.tokens)
        if (tree.heads[index] === clauseHead && tree.deprels[index] === 'cop') top = index;
      if (top < 0) continue;
    }
    if (!(first.start <= top && top < first.end)) {
      if (!MODIFIER_VERB.test(tree.deprels[first.head] ?? '') || !below(tree, first.head, clauseHead, inside))
        continue;
      const start = segment.tokens[0] ?? from;
      const end = Math.min(to, (segment.tokens[segment.tokens.length - 1] ?? start) + 1);
      const group = findVerbalGroups(tree, start, end).find(
        (candidate) => candidate.start <= top && top < candidate.end && inside.has(candidate.start),
      );
      if (group === undefined) continue;
      segment.group = group;
    }
    const group = segment.group as VerbalGroup;
    const opening = group.start;
    if (
      group.finite < 0 &&
      (opening === clauseHead || opening === top) &&
      tree.pos[opening] === 'VERB' &&
      subjectBefore(tree, clauseHead, inside)
    ) {
      // "The 20th century, however, marked ...", "We started working with friends": the tree's Subject
      // before the group's first verb, a tensed form, makes it the Finite even where words between
      // hide the Subject from the group finder.
      if (isFiniteLexicalForm(tree.lower[opening] ?? '', tree.lemmas[opening] ?? '', true))
        segment.group = { ...group, finite: opening };
    }
  }
}

/** The tokens of a segment of the sentence [from, to), marked by index for membership tests. */
class SegmentTokens {
  readonly tokens: readonly number[];
  readonly #from: number;
  readonly #marks: Uint8Array;

  constructor(tokens: readonly number[], from: number, to: number) {
    this.tokens = tokens;
    this.#from = from;
    this.#marks = new Uint8Array(to - from);
    for (const index of tokens) this.#marks[index - from] = 1;
  }

  has(index: number): boolean {
    return this.#marks[index - this.#from] === 1;
  }
}

/** Whether `head` has a Subject (nsubj, csubj, expl) in the segment before it. */
function subjectBefore(tree: SentenceTree, head: number, inside: SegmentTokens): boolean {
  for (const index of inside.tokens)
    if (index < head && tree.heads[index] === head && SUBJECT.test(tree.deprels[index] ?? '')) return true;
  return false;
}

/** Whether `node` hangs (directly or through words of the segment) below `ancestor`. */
function below(tree: SentenceTree, node: number, ancestor: number, inside: SegmentTokens): boolean {
  let current = tree.heads[node] ?? -1;
  for (let steps = 0; current >= 0 && steps < 64; steps += 1) {
    if (current === ancestor) return true;
    if (!inside.has(current)) return false;
    current = tree.heads[current] ?? -1;
  }
  return false;
}

/**
 * Relations by which a clause hangs on its head in the tree (UD): each opens a clause of its own. A
 * `conj` does when its word is a verb ("came and left"), an `xcomp` only with its own Subject.
 */
const COPULAR_CONJUNCT = 'SEGMENT.TREE_COPULAR_CONJUNCT';

const ADVERBIAL_NOT_RELATIVE = 'SEGMENT.TREE_ADVERBIAL_NOT_RELATIVE';

/**
 * SEGMENT.TREE_ADVERBIAL_NOT_RELATIVE: word order reads a WH-word right after a noun as a relative clause's
 * ("Landlords raise rents | when demand grows"); where the parse hangs that clause on a verb as `advcl`, it
 * is adverbial (hypotactic, relation "when"), as the parse says. After a noun, "when" opens an `advcl` in 132
 * and a relative clause (`acl`, `acl:relcl`) in 16 of EWT and GUM train's sentences. Off, the word order's
 * relative stands.
 */
/**
 * The segments with SEGMENT.TREE_ADVERBIAL_NOT_RELATIVE applied where the parse and the word order found the
 * same clauses: a relative clause the parse hangs on a verb as `advcl` becomes hypotactic on the clause of
 * that verb. Returns the same array when nothing changes.
 */
function adverbialClauses(
  tree: SentenceTree,
  segments: ClauseSegment[],
  from: number,
  to: number,
): ClauseSegment[] {
  let out = segments;
  segments.forEach((segment, local) => {
    if (segment.relation !== 'relative') return;
    const inside = new Set(segment.tokens);
    const head = segment.tokens.find(
      (index) => tree.pos[index] !== 'PUNCT' && !inside.has(tree.heads[index] ?? -1),
    );
    if (head === undefined || !adverbialNotRelative(tree, segment, head, from, to)) return;
    const governor = tree.heads[head] as number;
    const parent = segments.findIndex((other) => other.tokens.includes(governor));
    if (parent < 0 || parent === local) return;
    const first = tree.lower[segment.tokens.find((index) => tree.pos[index] !== 'PUNCT') ?? head] ?? '';
    const mark = childBy(tree, head, 'mark', from, to);
    if (out === segments) out = [...segments];
    out[local] = {
      ...segment,
      dependency: 'hypotactic',
      relation: mark >= 0 ? (tree.lower[mark] ?? first) : WH_SUBORDINATORS.has(first) ? first : ',',
      parent,
    };
  });
  return out;
}

function adverbialNotRelative(
  tree: SentenceTree,
  source: ClauseSegment,
  head: number,
  from: number,
  to: number,
): boolean {
  if (source.relation !== 'relative' || ruleOff(tree, ADVERBIAL_NOT_RELATIVE)) return false;
  if (universalOf(tree.deprels[head] ?? '') !== 'advcl') return false;
  const governor = tree.heads[head] ?? -1;
  if (governor < from || governor >= to) return false;
  const tag = tree.pos[governor];
  return tag === 'VERB' || tag === 'AUX' || copulaOrAuxiliaryHeads(tree, governor, governor + 1)[0] === 1;
}
const TREE_CLAUSE_RELATION = /^(advcl|ccomp|acl:relcl|parataxis|csubj(:.*)?)$/;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Whether the word holds a letter or a digit: ASCII read by code, anything past ASCII by WORD_CHARACTER. */
function hasWordCharacter(word: string): boolean {
  for (let at = 0; at < word.length; at += 1) {
    const code = word.charCodeAt(at);
    if ((code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122)) return true;
    if (code > 127) return WORD_CHARACTER.test(word);
  }
  return false;
}

/**
 * Which tokens of [from, to) have a `cop` or `aux` dependent in [from, to) (by index from `from`): what
 * `childBy(tree, index, 'cop' | 'aux', from, to) >= 0` answers, for every token in one pass.
 */
export function copulaOrAuxiliaryHeads(tree: SentenceTree, from: number, to: number): Uint8Array {
  const flags = new Uint8Array(to - from);
  for (let index = from; index < to; index += 1) {
    const head = tree.heads[index] ?? -1;
    if (head < from || head >= to) continue;
    const deprel = tree.deprels[index] ?? '';
    if (hasUniversal(deprel, 'cop') || hasUniversal(deprel, 'aux')) flags[head - from] = 1;
  }
  return flags;
}

/** A word with two letters or digits, or one alone: what can head a clause. */
const CLAUSE_WORD = /[a-z0-9]{2}|^[a-z0-9]$/i;

/**
 * Members of a run of coordinated verbs that share one clause (hung as `conj` or `parataxis`, with no
 * clause of their own), by rule id, in apply order.
 */
const RUN_MEMBER_RULES: ReadonlyArray<
  readonly [string, (tree: SentenceTree, index: number, from: number, to: number) => boolean]
> = [
  ['SEGMENT.COORDINATED_INFINITIVE_VERBS', infinitiveMember],
  ['SEGMENT.INFINITIVE_RUN_ADJUNCTS', infinitiveRunWithAdjuncts],
  ['SEGMENT.TREE_MODAL_VERB_RUN', modalRunMember],
  ['SEGMENT.PARTICIPLE_RUN', participleRunMember],
];

/**
 * Whether token `index` heads a clause of its own in the tree (the root does too). `copulaOrAuxiliary`
 * is copulaOrAuxiliaryHeads(tree, from, to).
 */
function headsTreeClause(
  tree: SentenceTree,
  index: number,
  from: number,
  to: number,
  copulaOrAuxiliary: Uint8Array,
): boolean {
  const tag = tree.pos[index];
  if (tag === 'PUNCT' || tag === 'SYM') return false;
  if ((tree.heads[index] ?? -1) < 0) return true;
  const relation = tree.deprels[index] ?? '';
  const head = tree.heads[index] ?? -1;
  // A clause that is the Subject before its verb ("What he said is true") or a free relative ("what
  // you're hearing is ...") stays in the clause it is the Subject of, which keeps its Subject.
  if (relation.startsWith('csubj') && index < head) return false;
  if (
    relation === 'acl:relcl' &&
    FREE_RELATIVE_HEADS.has(tree.lower[head] ?? '') &&
    head < (tree.heads[head] ?? -1)
  )
    return false;
  // A clause has a predicator: a verb, or a word with a copula or auxiliary ("as even as possible" has none).
  if (tag !== 'VERB' && tag !== 'AUX' && copulaOrAuxiliary[index - from] === 0) return false;
  // An "-ing" verb after its determiner is a nominal ("None of the foregoing shall apply").
  if (determinedGerund(tree, index) && childBy(tree, index, 'det', from, to) === index - 1) return false;
  // A capitalised "-ing" word inside a Title-Case name ("the Operating Committee") is a nominal.
  if (titleCaseGerund(tree, index)) return false;
  // "including, but not limited to, ...": one preposition (SEGMENT.NOT_LIMITED_TO).
  const word = tree.lower[index] ?? '';
  if (word === 'limited' && notLimitedToStart(tree, index) >= 0) return false;
  // "any right, express or implied, in ...": a participle coordinated with an adjective
  // (SEGMENT.COORDINATED_MODIFIER_PARTICIPLE), with no Subject or auxiliary of its own.
  if (relation === 'conj' && modifierParticiple(tree, index) && !hasSubjectOrAuxiliary(tree, index, from, to))
    return false;
  if (!CLAUSE_WORD.test(word) || word.endsWith('-')) return false;
  // An -ing clause after "of" completes an adjective or noun ("capable of binding copper").
  if (relation === 'advcl' && tree.lower[childBy(tree, index, 'mark', from, to)] === 'of') return false;
  if (
    (relation === 'conj' || relation === 'parataxis') &&
    RUN_MEMBER_RULES.some(([id, member]) => !ruleOff(tree, id) && member(tree, index, from, to))
  )
    return false;
  if (TREE_CLAUSE_RELATION.test(relation)) return true;
  // A content clause of a noun ("no doubt that the letter is a copy") is a clause too.
  if (relation === 'acl' && tree.lower[childBy(tree, index, 'mark', from, to)] === 'that') return true;
  if (relation === 'conj') {
    if (tag === 'VERB' || tag === 'AUX')
      return ruleOff(tree, 'SEGMENT.COORDINATED_VERBS') || !declarationPair(tree, index, head, from, to);
    // SEGMENT.TREE_COPULAR_CONJUNCT: a conjunct whose predicate is an adjective, noun or phrase with a
    // copula or auxiliary and a Subject of its own ("I took photographs, and I would be happy to share
    // them", "but this time the crew was safe") is a clause, as a verb's conjunct is; UD hangs it on its
    // predicate, not on the verb. Without a Subject of its own it shares the first conjunct's clause ("The
    // flat was clean and in good repair"). Off, a conjunct is a clause only when its word is a verb.
    return !ruleOff(tree, COPULAR_CONJUNCT) && hasSubject(tree, index, from, to);
  }
  if (relation === 'xcomp') return hasSubject(tree, index, from, to);
  return false;
}

/** Whether `node` has a Subject or an auxiliary (nsubj, csubj, expl, aux) in [from, to). */
function hasSubjectOrAuxiliary(tree: SentenceTree, node: number, from: number, to: number): boolean {
  for (let child = from; child < to; child += 1)
    if (tree.heads[child] === node && /^(nsubj|csubj|expl|aux)(:|$)/.test(tree.deprels[child] ?? ''))
      return true;
  return false;
}

/**
 * SEGMENT.COORDINATED_VERBS on the tree: "Licensee represents and warrants that ...", "The parties
 * acknowledge and agree that ...": a verb of a party's declaration (lexicons/contract-lexicon.ts) in
 * `conj` with another right before it, with nothing but a coordinator or commas between and no Subject
 * or auxiliary of its own, is no clause of its own: the pair shares the clause it projects.
 */
function declarationPair(tree: SentenceTree, index: number, head: number, from: number, to: number): boolean {
  if (head >= index || !DECLARATION_VERBS.has(tree.lemmas[index] ?? '')) return false;
  if (!DECLARATION_VERBS.has(tree.lemmas[head] ?? '')) return false;
  for (let between = head + 1; between < index; between += 1)
    if (tree.pos[between] !== 'CCONJ' && tree.lower[between] !== ',') return false;
  return !hasSubjectOrAuxiliary(tree, index, from, to);
}

/**
 * SEGMENT.COORDINATED_INFINITIVE_VERBS on the tree: "agrees to defend, indemnify, and hold harmless the
 * buyer": a bare verb (base form, no Subject, auxiliary or subordinator of its own) that the parse hangs
 * as `conj` or `parataxis` anywhere, with nothing before it back to a to-infinitive but commas,
 * coordinators and other bare verbs, is a member of the infinitive ("to" left out) sharing the object
 * after the last member: no clause of its own.
 */
function infinitiveMember(tree: SentenceTree, index: number, from: number, to: number): boolean {
  if (tree.pos[index] !== 'VERB' || tree.lower[index] !== tree.lemmas[index]) return false;
  for (let child = from; child < to; child += 1)
    if (
      tree.heads[child] === index &&
      /^(nsubj|csubj|expl|aux|mark|cop)(:|$)/.test(tree.deprels[child] ?? '')
    )
      return false;
  let between = index - 1;
  let separated = false;
  while (between > from && (tree.pos[between] === 'CCONJ' || tree.lower[between] === ',')) {
    separated = true;
    between -= 1;
  }
  if (!separated) return false;
  while (between > from) {
    if (tree.pos[between] !== 'VERB' || tree.lower[between] !== tree.lemmas[between]) return false;
    if (tree.lower[between - 1] === 'to' && tree.pos[between - 1] === 'PART') return true;
    between -= 1;
    let gap = false;
    while (between > from && (tree.pos[between] === 'CCONJ' || tree.lower[between] === ',')) {
      gap = true;
      between -= 1;
    }
    if (!gap) return false;
  }
  return false;
}

/** Dependents that give a verb a clause of its own: a Subject, an auxiliary, a subordinator, a copula. */
const OWN_CLAUSE_DEPENDENT = /^(nsubj|csubj|expl|aux|mark|cop)(:|$)/;

/**
 * Back from a member of a run of coordinated verbs: its adverbs ("otherwise"), then commas and
 * coordinators (at least one), then, with `adverbsAfter`, adverbs again ("unreasonably withheld,
 * conditioned"); the word before them, the member before, or -1 when no separator stands there.
 */
function memberBefore(tree: SentenceTree, member: number, from: number, adverbsAfter: boolean): number {
  let at = member - 1;
  while (at > from && tree.pos[at] === 'ADV') at -= 1;
  let separated = false;
  while (at > from && (tree.pos[at] === 'CCONJ' || tree.lower[at] === ',')) {
    separated = true;
    at -= 1;
  }
  if (!separated) return -1;
  while (adverbsAfter && at > from && tree.pos[at] === 'ADV') at -= 1;
  return at;
}

/**
 * SEGMENT.TREE_MODAL_VERB_RUN: "Provider may not assign, delegate or otherwise transfer this Agreement",
 * "The Agent shall not sell, lease or license the Software": a bare verb (base form, no Subject,
 * auxiliary, subordinator or copula of its own) that the parse hangs as `conj` or `parataxis`, with
 * nothing before it back to the first verb of a modal operator but commas, coordinators, adverbs
 * ("otherwise", "directly") and other bare verbs, is a member of the operator's run sharing its Subject,
 * its Finite and the object after the last member: no clause of its own (before, each member after the
 * first came out a command with no Subject).
 */
function modalRunMember(tree: SentenceTree, index: number, from: number, to: number): boolean {
  const bare = (at: number) => tree.pos[at] === 'VERB' && tree.lower[at] === tree.lemmas[at];
  if (!bare(index)) return false;
  for (let child = from; child < to; child += 1)
    if (tree.heads[child] === index && OWN_CLAUSE_DEPENDENT.test(tree.deprels[child] ?? '')) return false;
  const before = (member: number): number => memberBefore(tree, member, from, false);
  for (let member = before(index); member >= from; member = before(member)) {
    if (!bare(member)) return false;
    // The run's first verb: its modal operator ("may", "shall not") right before it, a dependent of it.
    let operator = member - 1;
    while (operator > from && (tree.lower[operator] === 'not' || tree.pos[operator] === 'ADV')) operator -= 1;
    if (
      tree.pos[operator] === 'AUX' &&
      MODAL_FORMS.has(tree.lower[operator] ?? '') &&
      tree.heads[operator] === member
    )
      return true;
  }
  return false;
}

/** "part" for a past participle, "ing" for an "-ing" form of a lexical verb, else null. */
function participleForm(tree: SentenceTree, index: number): 'part' | 'ing' | null {
  return verbForm(tree.lower[index] ?? '', tree.lemmas[index] ?? '', tree.pos[index]);
}

const STRANDED_PREPOSITION_RUN = 'SEGMENT.STRANDED_PREPOSITION_RUN';

/**
 * A preposition at `at`, before `member`, left right after a verb: a particle or preposition of the member before
 * ("enter into | and fully perform", "governed by | and construed"), whatever the parse hung it on.
 */
function prepositionLeftBefore(tree: SentenceTree, at: number, member: number): boolean {
  return at < member && tree.pos[at] === 'ADP' && tree.pos[at - 1] === 'VERB';
}

/**
 * SEGMENT.STRANDED_PREPOSITION_RUN: "This Agreement will be governed **by** and construed in accordance with the laws
 * of New York": the preposition at `at`, right after a verb and followed by nothing but a coordinator or commas up to
 * `member`, with nothing hung on it, is left there, its noun the one after the last member of the run (the parse
 * makes it the `mark` of the member after the coordinator): it is passed over like a comma and gives that member no
 * clause of its own, so the run shares one clause; before, "This Agreement will be governed by" was a clause with a
 * circumstance "by" alone.
 */
function strandedBefore(tree: SentenceTree, at: number, member: number, from: number, to: number): boolean {
  if (at <= from || !prepositionLeftBefore(tree, at, member)) return false;
  for (let child = from; child < to; child += 1) if (tree.heads[child] === at) return false;
  let separated = false;
  for (let between = at + 1; between < member; between += 1) {
    if (tree.pos[between] !== 'CCONJ' && tree.lower[between] !== ',') return false;
    separated = true;
  }
  return separated;
}

/**
 * SEGMENT.PARTICIPLE_RUN on the tree: "The Software may not be sold, revealed, disclosed or otherwise
 * communicated", "responsible for promoting, distributing and selling the Products": a participle or
 * "-ing" form with no Subject, auxiliary, subordinator or copula of its own, hung as `conj` or
 * `parataxis`, with nothing before it back to the run's first verb but commas, coordinators, adverbs
 * and other members of the same form, is no clause of its own. A run of past participles starts on a
 * passive (the first verb has its `aux:pass`); a run of "-ing" forms on an "-ing" form.
 */
function participleRunMember(tree: SentenceTree, index: number, from: number, to: number): boolean {
  const form = participleForm(tree, index);
  if (form === null) return false;
  const strandedOn = !ruleOff(tree, STRANDED_PREPOSITION_RUN);
  const ownClause = (at: number): boolean => {
    for (let child = from; child < to; child += 1)
      if (
        tree.heads[child] === at &&
        OWN_CLAUSE_DEPENDENT.test(tree.deprels[child] ?? '') &&
        !(strandedOn && strandedBefore(tree, child, at, from, to))
      )
        return true;
    return false;
  };
  if (ownClause(index)) return false;
  const before = (member: number): number => {
    const at = memberBefore(tree, member, from, true);
    // SEGMENT.STRANDED_PREPOSITION_RUN: the preposition left after the member before is passed over.
    return strandedOn && at > from && strandedBefore(tree, at, member, from, to) ? at - 1 : at;
  };
  // The verb hangs on a member of the run (its first, as UD hangs conjuncts, or the one before it), so
  // that it goes to the run's clause.
  const head = tree.heads[index] ?? -1;
  let onRun = false;
  for (let member = before(index); member >= from; member = before(member)) {
    if (member === head) onRun = true;
    // The first of an "-ing" run may be tagged a noun ("responsible for marketing, promoting and ...").
    const nominal =
      form === 'ing' && tree.pos[member] === 'NOUN' && (tree.lower[member] ?? '').endsWith('ing');
    if (nominal) return onRun;
    if (participleForm(tree, member) !== form) return false;
    const relation = tree.deprels[member] ?? '';
    const first = ownClause(member) || (relation !== 'conj' && relation !== 'parataxis');
    if (!first) continue;
    if (!onRun) return false;
    if (form === 'ing') return true;
    for (let child = from; child < to; child += 1)
      if (tree.heads[child] === member && tree.deprels[child] === 'aux:pass') return true;
    // SEGMENT.POSTMODIFIER_PARTICIPLE_RUN: "All property owned or leased by the Company is insured": the
    // run's first participle postmodifies the noun right before it (`acl`), and so does the run.
    return (
      relation === 'acl' &&
      (tree.pos[member - 1] === 'NOUN' || tree.pos[member - 1] === 'PROPN') &&
      !ruleOff(tree, 'SEGMENT.POSTMODIFIER_PARTICIPLE_RUN')
    );
  }
  return false;
}

/**
 * SEGMENT.INFINITIVE_RUN_ADJUNCTS on the tree: "has full power to enter into and fully perform this
 * lease", "shall proceed to diligently and in good faith negotiate and sign a lease": a bare verb (no
 * Subject, auxiliary or subordinator of its own) hung as `conj` or `parataxis` that is a member of a
 * to-infinitive's run, where the run holds what SEGMENT.COORDINATED_INFINITIVE_VERBS does not pass
 * over: adverbs or one prepositional phrase before a member ("fully perform", "in good faith
 * negotiate"), a preposition or particle left after a member's verb ("enter into"), or coordinated
 * adverbs right after the "to" ("to diligently and in good faith negotiate"). Going back from the verb:
 * its adjuncts, commas and coordinators, then either another member (its particle, the verb, its
 * adjuncts) and "to" or more separators, or adverbs and "to". The member is no clause of its own.
 */
function infinitiveRunWithAdjuncts(tree: SentenceTree, index: number, from: number, to: number): boolean {
  if (tree.pos[index] !== 'VERB' || tree.lower[index] !== tree.lemmas[index]) return false;
  for (let child = from; child < to; child += 1) {
    if (tree.heads[child] !== index) continue;
    if (!/^(nsubj|csubj|expl|aux|mark|cop)(:|$)/.test(tree.deprels[child] ?? '')) continue;
    // A preposition left after the member before it ("enter into | and fully perform") that the parse
    // hangs on this verb as its marker is that member's particle, no subordinator of this one.
    if (!prepositionLeftBefore(tree, child, index)) return false;
  }
  return infinitiveRunBefore(tree, index, from);
}

/**
 * The words of the conjunction whose `mark` is at `mark`: it and the words right after it that hang on it as `fixed` ("in
 * the event that": TREE.COMPLEX_CONJUNCTION; "so that", "whether or not"), or the conjunction of several words it ends
 * ("as soon as", "even if").
 */
function markPhrase(tree: SentenceTree, mark: number, from: number, to: number): string {
  let phrase = tree.lower[mark] ?? '';
  for (
    let index = mark + 1;
    index < to && tree.heads[index] === mark && tree.deprels[index] === 'fixed';
    index += 1
  )
    phrase += ` ${tree.lower[index] ?? ''}`;
  // "as soon as", "even if": UD's adverbs before the mark.
  const start = boundConjunctionStart(
    tree.lower,
    mark,
    from,
    to,
    (at) => tree.heads[at] ?? -1,
    (at) => tree.deprels[at],
  );
  return start < 0 ? phrase : tree.lower.slice(start, mark + 1).join(' ');
}

/** The first dependent of `head` in [from, to) by `relation` (universal part), or -1. */
export function childBy(
  tree: SentenceTree,
  head: number,
  relation: string,
  from: number,
  to: number,
): number {
  for (let index = from; index < to; index += 1)
    if (tree.heads[index] === head && hasUniversal(tree.deprels[index] ?? '', relation)) return index;
  return -1;
}

/** Whether the universal part of `deprel` (before any ":subtype") is `relation`, without cutting a string. */
function hasUniversal(deprel: string, relation: string): boolean {
  return (
    deprel.startsWith(relation) &&
    (deprel.length === relation.length || deprel.charCodeAt(relation.length) === 58)
  );
}

/** The universal part of a UD relation ("nsubj:pass" -> "nsubj"). */
/** Relations by which a verb heads a clause of its own under its head. */
const CLAUSAL_RELATIONS: ReadonlySet<string> = new Set([
  'root',
  'advcl',
  'ccomp',
  'xcomp',
  'acl',
  'csubj',
  'conj',
  'parataxis',
]);

function universalOf(deprel: string): string {
  const colon = deprel.indexOf(':');
  return colon < 0 ? deprel : deprel.slice(0, colon);
}

/** The verbal group of a tree clause: the one holding its head, or its head's aux/cop, within its tokens. */
function treeClauseGroup(tree: SentenceTree, tokens: readonly number[], head: number): VerbalGroup | null {
  const inside = new Set(tokens);
  const anchors = [head];
  for (const index of tokens)
    if (tree.heads[index] === head && /^(aux|cop)(:|$)/.test(tree.deprels[index] ?? '')) anchors.push(index);
  let runStart = 0;
  let fallback: VerbalGroup | null = null;
  for (let at = 1; at <= tokens.length; at += 1) {
    if (at < tokens.length && tokens[at] === (tokens[at - 1] as number) + 1) continue;
    const start = tokens[runStart] as number;
    const end = (tokens[at - 1] as number) + 1;
    runStart = at;
    for (const group of findVerbalGroups(tree, start, end)) {
      if (!inside.has(group.head)) continue;
      if (anchors.some((anchor) => group.start <= anchor && anchor < group.end)) return group;
      if (fallback === null || (fallback.finite < 0 && group.finite >= 0)) fallback = group;
    }
  }
  return fallback;
}

/**
 * SEGMENT.TREE_OPENING_ADVCL: where the word-order segments and the parse find the same clauses, an
 * opening clause the word order labelled independent while the parse hangs it as `advcl` on a later
 * clause that is independent ("In order to organize the files, | the brain has developed ...") becomes
 * that clause's hypotactic dependent (relation: its `mark`, "to", or ","). Returns the heuristic
 * segments, the same array when nothing changes.
 */
function openingAdverbialClauses(
  tree: SentenceTree,
  heuristic: ClauseSegment[],
  heads: readonly number[],
  order: readonly number[],
  matched: readonly number[],
  tokensOf: readonly (readonly number[])[],
  from: number,
  to: number,
): ClauseSegment[] {
  let out = heuristic;
  order.forEach((at, local) => {
    const known = matched[local] as number;
    const segment = heuristic[known] as ClauseSegment;
    const head = heads[at] as number;
    if (segment.dependency !== 'independent' || (tree.deprels[head] ?? '') !== 'advcl') return;
    const up = tree.heads[head] ?? -1;
    if (up < from || up >= to) return;
    const parentAt = tokensOf.findIndex((tokens) => tokens.includes(up));
    const parentLocal = order.indexOf(parentAt);
    if (parentLocal <= local) return;
    const parentKnown = matched[parentLocal] as number;
    const parentSegment = heuristic[parentKnown] as ClauseSegment;
    // "Upon waking each morning, | you begin ...": the word order took the opening clause for the main
    // clause and the later one, which the parse makes the root with a Subject of its own, for its
    // dependent; the root's clause is the main clause.
    const inverted =
      parentSegment.dependency === 'hypotactic' &&
      parentSegment.parent === known &&
      (tree.heads[up] ?? -1) < 0 &&
      childBy(tree, up, 'nsubj', from, to) >= 0;
    if (parentSegment.dependency !== 'independent' && !inverted) return;
    const mark = childBy(tree, head, 'mark', from, to);
    // A clause with a Subject of its own and no subordinator ("I am losing weight, God be praised")
    // stays a main clause whatever the parse hangs it on.
    if (mark < 0 && childBy(tree, head, 'nsubj', from, to) >= 0) return;
    const first = tree.lower[segment.tokens.find((index) => tree.pos[index] !== 'PUNCT') ?? head] ?? '';
    if (out === heuristic) out = heuristic.map((item) => ({ ...item }));
    const relabelled = out[known] as ClauseSegment;
    relabelled.dependency = 'hypotactic';
    relabelled.relation = mark >= 0 ? (tree.lower[mark] ?? ',') : first === 'to' ? 'to' : ',';
    relabelled.parent = parentKnown;
    if (inverted) {
      const main = out[parentKnown] as ClauseSegment;
      main.dependency = 'independent';
      main.relation = null;
      main.parent = -1;
    }
  });
  return out;
}

/**
 * SEGMENT.TREE_CLAUSES: clause boundaries from the parse. Every token belongs to the clause of its
 * nearest ancestor that heads one (the root; advcl, ccomp, acl:relcl, parataxis, csubj; conj of a
 * verb; xcomp with its own Subject); punctuation goes with the word before it (an opening bracket or
 * quotation mark with the word after it), so no clause is punctuation alone and a parenthesis stays in
 * the clause it stands in. The parent clause is the clause of the head's head. Where the word-order
 * segmenter found the same clause (the same words), its labels are kept (they know quotations,
 * reported clauses and purpose "to"); the other clauses take theirs from the relation: `advcl` is
 * hypotactic (relation: its `mark`), `ccomp` hypotactic ("reported" after a verb of saying, "that"),
 * or embedded after a WH-word, `acl:relcl` and `csubj` embedded, `conj` and `parataxis` of a main
 * clause paratactic (relation: the coordinator or the punctuation before). Returns the heuristic
 * segments (the same array) when both agree on every clause.
 */
export function treeClauseSegments(
  tree: SentenceTree,
  heuristic: ClauseSegment[],
  from: number,
  to: number,
): ClauseSegment[] {
  const segments = segmentsFromTree(tree, heuristic, from, to);
  return ruleOff(tree, 'SEGMENT.OPENING_NON_FINITE_ROOT')
    ? segments
    : openingNonFiniteRoot(tree, segments, from, to);
}

/** Finite forms that may stand as the Finite of a clause after its Subject (for `openingNonFiniteRoot`). */
const FINITE_FORM =
  /^(am|is|are|was|were|has|have|had|do|does|did|can|could|will|would|shall|should|may|might|must|'s|'re|'m|'ve|'d|'ll|’s|’re|’m|’ve|’d|’ll)$/;

/**
 * SEGMENT.OPENING_NON_FINITE_ROOT: "Using proceeds from the fund, | the town has paid ...", parsed with
 * "Using" as the root and the finite clause as its parataxis: an opening clause whose root is an "-ing"
 * verb or a "to"-infinitive with no Subject, auxiliary or copula of its own is a non-finite dependent;
 * the first later clause hanging on it with a Subject and a finite operator or tensed verb of its own,
 * and no subordinator, is the main clause (a relative clause, embedded, is none). Returns the segments, the same array when nothing changes.
 */
function openingNonFiniteRoot(
  tree: SentenceTree,
  segments: ClauseSegment[],
  from: number,
  to: number,
): ClauseSegment[] {
  const first = segments[0];
  if (first === undefined || first.dependency !== 'independent' || segments.length < 2) return segments;
  const root = first.tokens.find((index) => (tree.heads[index] ?? 0) < 0);
  if (root === undefined || tree.pos[root] !== 'VERB') return segments;
  const word = tree.lower[root] ?? '';
  // Its subordinators: only "to" or "in order to" (no "if", "when", "because").
  let infinitive = false;
  for (let index = from; index < to; index += 1) {
    if (tree.heads[index] !== root || !hasUniversal(tree.deprels[index] ?? '', 'mark')) continue;
    const mark = tree.lower[index] ?? '';
    if (mark === 'to') infinitive = true;
    else if (mark !== 'in') return segments;
  }
  if (!word.endsWith('ing') && !infinitive) return segments;
  for (const relation of ['nsubj', 'csubj', 'expl', 'aux', 'cop'])
    if (childBy(tree, root, relation, from, to) >= 0) return segments;
  const at = segments.findIndex((segment, index) => {
    if (index === 0 || segment.dependency === 'embedded') return false;
    if (segment.parent !== 0 && segment.dependency !== 'paratactic') return false;
    const inside = new Set(segment.tokens);
    const head = segment.tokens.find((token) => !inside.has(tree.heads[token] ?? -1));
    if (head === undefined || (tree.heads[head] ?? -1) !== root) return false;
    if (childBy(tree, head, 'mark', from, to) >= 0) return false;
    if (childBy(tree, head, 'nsubj', from, to) < 0) return false;
    return segment.tokens.some(
      (token) =>
        (tree.heads[token] === head || token === head) &&
        (FINITE_FORM.test(tree.lower[token] ?? '') ||
          (token === head && isFiniteLexicalForm(tree.lower[token] ?? '', tree.lemmas[token] ?? '', true))),
    );
  });
  if (at < 0) return segments;
  const out = segments.map((segment) => ({ ...segment }));
  const main = out[at] as ClauseSegment;
  main.dependency = 'independent';
  main.relation = null;
  main.parent = -1;
  const opening = out[0] as ClauseSegment;
  opening.dependency = 'hypotactic';
  opening.relation = infinitive ? 'to' : ',';
  opening.parent = at;
  return out;
}

function segmentsFromTree(
  tree: SentenceTree,
  heuristic: ClauseSegment[],
  from: number,
  to: number,
): ClauseSegment[] {
  const clauseOf: number[] = new Array(to - from).fill(-1);
  // Punctuation and other tokens with no letter or digit ("•", "[***]") go with the words around them.
  const wordless = new Uint8Array(to - from);
  for (let index = from; index < to; index += 1)
    wordless[index - from] =
      tree.pos[index] === 'PUNCT' || !hasWordCharacter(tree.lower[index] ?? '') ? 1 : 0;
  // Where the word order is its own evidence, it stands: a parenthesised clause of a contract
  // (SEGMENT.PARENTHESIS_CLOSES_CLAUSE), and an opening "what"/"how" with no question mark (an
  // exclamative or a free relative Subject, which the parse often makes a clause apart), and an opening
  // Finite with no question mark ("Should it snow, the school will close": an inverted conditional).
  if (
    !ruleOff(tree, 'SEGMENT.PARENTHESIS_CLOSES_CLAUSE') &&
    heuristic.some((segment) => tree.lower[segment.tokens[0] ?? from] === '(')
  )
    return heuristic;
  const opening = tree.lower[from] ?? '';
  // ("Having failed to ..., he became ...": a non-finite "having"/"being" opens no inverted clause.)
  if (
    (opening === 'what' ||
      opening === 'how' ||
      (tree.pos[from] === 'AUX' && !NON_FINITE_OPENERS.has(opening))) &&
    !(tree.lower[to - 1] ?? '').includes('?')
  )
    return heuristic;
  // A contract's "shall" sentence keeps the word-order segments, around which the contract modality
  // rules (an operator carried into the clause it governs, a party's duty) were measured.
  for (let index = from; index < to; index += 1) if (tree.lower[index] === 'shall') return heuristic;
  const heads: number[] = [];
  const copulaOrAuxiliary = copulaOrAuxiliaryHeads(tree, from, to);
  for (let index = from; index < to; index += 1)
    if (headsTreeClause(tree, index, from, to, copulaOrAuxiliary)) heads.push(index);
  if (heads.length === 0) return heuristic;
  // The clause number of each clause-heading token, -1 for the others (by index from `from`).
  const headAt: number[] = new Array(to - from).fill(-1);
  for (let at = 0; at < heads.length; at += 1) headAt[(heads[at] as number) - from] = at;
  // Each word to the clause of its nearest clause-heading ancestor.
  for (let index = from; index < to; index += 1) {
    if (wordless[index - from] === 1) continue;
    let current = index;
    for (let steps = 0; steps < 128 && current >= from && current < to; steps += 1) {
      const at = headAt[current - from] as number;
      if (at >= 0) {
        clauseOf[index - from] = at;
        break;
      }
      // SEGMENT.NOT_LIMITED_TO: what hangs on the "limited" of "including, but not limited to, X" goes
      // with "including", whose preposition it is part of.
      const but = tree.lower[current] === 'limited' ? notLimitedToStart(tree, current) : -1;
      current = but >= 0 ? but - (tree.lower[but - 1] === ',' ? 2 : 1) : (tree.heads[current] ?? -1);
    }
  }
  // A word the walk did not place (a cycle or a head outside the sentence) joins the root's clause.
  const rootAt = heads.findIndex((head) => (tree.heads[head] ?? -1) < 0);
  if (rootAt >= 0 && wordless[(heads[rootAt] as number) - from] === 1) return heuristic;
  for (let index = from; index < to; index += 1)
    if (wordless[index - from] === 0 && (clauseOf[index - from] as number) < 0)
      clauseOf[index - from] = Math.max(0, rootAt);
  // Punctuation: with the word before it; an opening bracket or quotation mark, or punctuation that
  // opens the sentence, with the word after it.
  for (let index = from; index < to; index += 1) {
    if (wordless[index - from] === 0) continue;
    let at = -1;
    if (!OPENING_PUNCTUATION.has(tree.lower[index] ?? '')) {
      for (let back = index - 1; back >= from && at < 0; back -= 1)
        if (wordless[back - from] === 0 || !OPENING_PUNCTUATION.has(tree.lower[back] ?? ''))
          at = clauseOf[back - from] ?? -1;
    }
    for (let next = index + 1; next < to && at < 0; next += 1)
      if (wordless[next - from] === 0) at = clauseOf[next - from] ?? -1;
    clauseOf[index - from] = at < 0 ? Math.max(0, rootAt) : at;
  }
  const tokensOf: number[][] = heads.map(() => []);
  for (let index = from; index < to; index += 1) tokensOf[clauseOf[index - from] as number]?.push(index);
  if (rootAt >= 0 && !trustedRoot(tree, heads[rootAt] as number, from, to)) {
    // An untrusted root still makes the main clause when it opens where the word-order main clause
    // opens and holds its Finite (its mood reads the same words).
    const main = heuristic.find((segment) => segment.dependency === 'independent');
    const firstWord = (tokens: readonly number[]): number =>
      tokens.find((index) => tree.pos[index] !== 'PUNCT') ?? -1;
    const rootTokens = tokensOf[rootAt] as number[];
    if (
      main === undefined ||
      firstWord(main.tokens) !== firstWord(rootTokens) ||
      (main.group !== null &&
        (!rootTokens.includes(main.group.head) ||
          (main.group.finite >= 0 && !rootTokens.includes(main.group.finite))))
    )
      return heuristic;
  }
  // Clauses in the order of their first token; empty ones (cannot happen: a head is its own word) dropped.
  const order = heads
    .map((_, at) => at)
    .filter((at) => (tokensOf[at] as number[]).length > 0)
    .sort((a, b) => ((tokensOf[a] as number[])[0] as number) - ((tokensOf[b] as number[])[0] as number));
  const localOf = new Map(order.map((at, local) => [at, local]));
  // The word-order segments by their words (punctuation aside), to keep their labels where they agree.
  // (The last word-order segment with the same words, as a map from the words to segments would give.)
  const matched = order.map((at) => {
    const tokens = tokensOf[at] as number[];
    for (let known = heuristic.length - 1; known >= 0; known -= 1)
      if (sameWords(tree, (heuristic[known] as ClauseSegment).tokens, tokens)) return known;
    return -1;
  });
  // Where both find the same clauses (the same words), the word-order segments stand as they are, but
  // for an opening clause the word order took for a main clause that the parse hangs on a later clause
  // as its `advcl` ("In order to organize the files, | the brain has developed ...").
  if (order.length === heuristic.length && matched.every((at) => at >= 0))
    return adverbialClauses(
      tree,
      ruleOff(tree, 'SEGMENT.TREE_OPENING_ADVCL')
        ? heuristic
        : openingAdverbialClauses(tree, heuristic, heads, order, matched, tokensOf, from, to),
      from,
      to,
    );
  const heuristicToLocal = new Map<number, number>();
  matched.forEach((at, local) => {
    if (at >= 0) heuristicToLocal.set(at, local);
  });
  const out: ClauseSegment[] = order.map((at) => {
    const head = heads[at] as number;
    const tokens = tokensOf[at] as number[];
    return {
      tokens,
      dependency: 'independent',
      relation: null,
      parent: -1,
      group: treeClauseGroup(tree, tokens, head),
    };
  });
  const parentOf = (local: number): number => {
    const head = heads[order[local] as number] as number;
    const up = tree.heads[head] ?? -1;
    if (up < from || up >= to) return -1;
    return localOf.get(clauseOf[up - from] as number) ?? -1;
  };
  // Labels in tree order (a parent before its dependents), so a conjunct can copy its first conjunct's.
  const depth = (local: number): number => {
    let steps = 0;
    for (let current = parentOf(local); current >= 0 && steps < 64; current = parentOf(current)) steps += 1;
    return steps;
  };
  const rootLocal = rootAt >= 0 ? (localOf.get(rootAt) ?? -1) : -1;
  const byDepth = out.map((_, local) => local).sort((a, b) => depth(a) - depth(b));
  for (const local of byDepth) {
    const segment = out[local] as ClauseSegment;
    const head = heads[order[local] as number] as number;
    const known = matched[local] as number;
    if (local === rootLocal) {
      // The root's clause is the main clause, whatever the word order read it as.
      if (known >= 0 && (heuristic[known] as ClauseSegment).group !== null)
        segment.group = (heuristic[known] as ClauseSegment).group;
      continue;
    }
    if (
      known >= 0 &&
      (heuristic[known] as ClauseSegment).dependency !== 'independent' &&
      !adverbialNotRelative(tree, heuristic[known] as ClauseSegment, head, from, to)
    ) {
      const source = heuristic[known] as ClauseSegment;
      segment.dependency = source.dependency;
      segment.relation = source.relation;
      if (source.group !== null) segment.group = source.group;
      segment.parent = source.parent < 0 ? -1 : (heuristicToLocal.get(source.parent) ?? parentOf(local));
      if (segment.parent < 0 && segment.dependency !== 'independent' && segment.dependency !== 'paratactic')
        segment.parent = parentOf(local);
      continue;
    }
    const parent = parentOf(local);
    if (parent < 0) continue;
    const relation = universalOf(tree.deprels[head] ?? '');
    const first = tree.lower[segment.tokens.find((index) => tree.pos[index] !== 'PUNCT') ?? head] ?? '';
    const mark = childBy(tree, head, 'mark', from, to);
    const markWord = mark >= 0 ? markPhrase(tree, mark, from, to) : '';
    const up = out[parent] as ClauseSegment;
    if (relation === 'conj' || relation === 'parataxis') {
      if (up.dependency === 'independent' || up.dependency === 'paratactic') {
        const cc = childBy(tree, head, 'cc', from, to);
        const before = (segment.tokens[0] as number) - 1;
        segment.dependency = 'paratactic';
        segment.relation =
          cc >= 0 ? (tree.lower[cc] ?? null) : before >= from ? (tree.lower[before] ?? null) : null;
        segment.parent = -1;
      } else {
        segment.dependency = up.dependency;
        segment.relation = up.relation;
        segment.parent = up.parent;
      }
    } else if (relation === 'advcl' || relation === 'xcomp') {
      segment.dependency = 'hypotactic';
      segment.relation =
        markWord !== ''
          ? markWord
          : relation === 'xcomp' || first === 'to'
            ? 'to'
            : WH_SUBORDINATORS.has(first)
              ? first
              : ',';
      segment.parent = parent;
    } else if (relation === 'ccomp') {
      if (WH_OPENERS.has(first) && markWord !== 'that') {
        segment.dependency = 'embedded';
        segment.relation = first;
      } else {
        const upHead = heads[order[parent] as number] as number;
        segment.dependency = 'hypotactic';
        segment.relation = REPORTING_VERBS.has(tree.lemmas[upHead] ?? '') ? 'reported' : 'that';
      }
      segment.parent = parent;
    } else if (relation === 'acl') {
      segment.dependency = 'embedded';
      segment.relation = (tree.deprels[head] ?? '') === 'acl:relcl' ? 'relative' : 'that';
      segment.parent = parent;
    } else {
      // csubj: the clause is the Subject of its parent ("What he said is true").
      segment.dependency = 'embedded';
      segment.relation = WH_OPENERS.has(first) ? first : markWord !== '' ? markWord : 'subject';
      segment.parent = parent;
    }
  }
  // No clause is its own parent or hangs on a clause that hangs on it (punctuation moved between clauses).
  out.forEach((segment, local) => {
    const seen = new Set([local]);
    for (let current = segment.parent; current >= 0; current = (out[current] as ClauseSegment).parent) {
      if (seen.has(current)) {
        segment.parent = -1;
        if (segment.dependency !== 'paratactic') segment.dependency = 'independent';
        break;
      }
      seen.add(current);
    }
  });
  return out;
}

/**
 * Whether the parse's root can carry the main clause: a verb (or a predicate with its copula or
 * auxiliary) with no subordinator of its own ("If ...", "In doing so": the parser made the opening
 * dependent clause the root), and with a Subject unless it is a command (a base form first) or asks.
 * A root that is none of these is a parse the word-order segments are trusted over.
 */
const NEGATORS_OF_COMMAND: ReadonlySet<string> = new Set(['not', "n't", 'never']);
const OPENING_ADVERBIAL_COMMAND = 'SEGMENT.OPENING_ADVERBIAL_COMMAND';

/** Whether `head` has a Subject among the words [from, to). */
function hasSubjectChild(tree: SentenceTree, head: number, from: number, to: number): boolean {
  for (let index = from; index < to; index += 1)
    if (tree.heads[index] === head && /^(?:nsubj|csubj|expl)$/.test(universalOf(tree.deprels[index] ?? '')))
      return true;
  return false;
}

/** Whether word `index` lies in an adverbial clause (`advcl`) that hangs on `root` and opens before it. */
function inOpeningAdverbial(tree: SentenceTree, index: number, root: number, from: number): boolean {
  let current = index;
  for (let steps = 0; steps < 64 && current >= from && current < root; steps += 1) {
    const head = tree.heads[current] ?? -1;
    if (head === root)
      return universalOf(tree.deprels[current] ?? '') === 'advcl' && openingAdjunct(tree, current, root);
    current = head;
  }
  return false;
}

/**
 * Whether the adverbial clause headed by `clause` reads as an opening adjunct: a subordinator or "to" opens it, or
 * its verb is an "-ing" or "-ed" form with no Subject, and a comma closes it before the command ("Joke-telling is
 * one of the best ways to ease tension, make a new friend": a statement the parse hung on "make" is none).
 */
function openingAdjunct(tree: SentenceTree, clause: number, root: number): boolean {
  let marked = false;
  let subject = false;
  let last = clause;
  for (let index = 0; index < root; index += 1) {
    if (tree.heads[index] !== clause) continue;
    const relation = universalOf(tree.deprels[index] ?? '');
    if (relation === 'mark') marked = true;
    if (relation === 'nsubj' || relation === 'csubj' || relation === 'expl') subject = true;
  }
  for (let index = clause + 1; index < root; index += 1) {
    let up = index;
    for (let steps = 0; steps < 64 && up >= 0 && up !== clause && up !== root; steps += 1)
      up = tree.heads[up] ?? -1;
    if (up === clause && tree.lower[index] !== ',') last = index;
  }
  if (tree.lower[last + 1] !== ',') return false;
  return marked || (!subject && /(?:ing|ed)$/.test(tree.lower[clause] ?? ''));
}

function trustedRoot(tree: SentenceTree, root: number, from: number, to: number): boolean {
  // "WARNING: To reduce the risk of fire, do not expose ...": a label's word is the root, and the command after
  // its colon and an adverbial clause hangs on it; that command is judged as a sentence of its own, and the
  // label stands as a clause apart (SEGMENT.OPENING_ADVERBIAL_COMMAND, as the command after an adverbial
  // clause below; a label before any other utterance stays in the utterance's clause, from the word order).
  if (
    tree.lower[root + 1] === ':' &&
    tree.pos[root] !== 'VERB' &&
    tree.pos[root] !== 'AUX' &&
    !ruleOff(tree, OPENING_ADVERBIAL_COMMAND)
  )
    for (let child = root + 2; child < to; child += 1)
      if (
        tree.heads[child] === root &&
        universalOf(tree.deprels[child] ?? '') === 'parataxis' &&
        inOpeningAdverbial(tree, root + 2, child, root + 2) &&
        !hasSubjectChild(tree, child, root + 2, to)
      )
        return trustedRoot(tree, child, root + 2, to);
  // A root auxiliary of do-support or a modal ("What did the kids pick up?") left its verb elsewhere.
  if (
    tree.pos[root] === 'AUX' &&
    /^(do|can|could|will|would|shall|should|may|might|must)$/.test(tree.lemmas[root] ?? '')
  )
    return false;
  let verbal = tree.pos[root] === 'VERB' || tree.pos[root] === 'AUX';
  let subject = false;
  for (let index = from; index < to; index += 1) {
    if (tree.heads[index] !== root) continue;
    const relation = universalOf(tree.deprels[index] ?? '');
    if (relation === 'mark' || (relation === 'case' && index < root)) return false;
    // "When the dough rises, knead it": a subordinating WH-adverb on the root makes it the opening clause.
    if (relation === 'advmod' && index < root && OPENING_WH_ADVERBS.has(tree.lower[index] ?? ''))
      return false;
    if (relation === 'cop' || relation === 'aux') verbal = true;
    if (relation === 'nsubj' || relation === 'csubj' || relation === 'expl') subject = true;
  }
  if (!verbal) return false;
  if (subject) return true;
  if (tree.lower[to - 1] === '?') return true;
  // A command: the base form with nothing before it but adverbs, interjections and punctuation, a negative
  // command's "do not", and an adverbial clause of its own ("To reduce the risk of fire, do not expose ...").
  const word = tree.lower[root] ?? '';
  if (tree.pos[root] !== 'VERB' || word !== tree.lemmas[root]) return false;
  for (let index = from; index < root; index += 1) {
    const tag = tree.pos[index];
    if (tag === 'ADV' || tag === 'INTJ' || tag === 'PUNCT' || tag === 'CCONJ') continue;
    if (
      tree.heads[index] === root &&
      (tree.lemmas[index] === 'do' || NEGATORS_OF_COMMAND.has(tree.lower[index] ?? ''))
    )
      continue;
    if (ruleOff(tree, OPENING_ADVERBIAL_COMMAND) || !inOpeningAdverbial(tree, index, root, from))
      return false;
  }
  return true;
}

/** A clause that depends on another (hypotactic or embedded, its parent found): its conjuncts share that. */
function dependsOnAnother(segment: ClauseSegment): boolean {
  return (segment.dependency === 'hypotactic' || segment.dependency === 'embedded') && segment.parent >= 0;
}

/**
 * SEGMENT.TREE_CONJUNCT_OF_DEPENDENT: "If the tenant pays | and the landlord agrees, | the lease ends",
 * "if the other party breaches this Agreement | and fails to cure the breach": a clause joined by a
 * coordinator (paratactic, no parent) whose one link out of itself in the parse is a `conj` on a clause
 * that depends on another is a conjunct of that dependent clause, so it depends on the same clause: its
 * parent is that clause's parent (it stays paratactic, its relation the coordinator). Switched off, it
 * has no parent, as a main clause's conjunct. Only in a sentence the parse holds apart (60 tokens at most),
 * and only after a coordinator ("and", "or", "but", "nor"): after a comma the clause is as often the main
 * clause the dependent one opened ("In the event that the supplier hires staff abroad, | the supplier
 * shall ensure ...").
 */
export function conjunctsOfDependents(
  tree: SentenceTree,
  segments: ClauseSegment[],
  from: number,
  to: number,
): void {
  if (segments.length < 2) return;
  const clauseAt = new Int32Array(to - from).fill(-1);
  segments.forEach((segment, at) => {
    for (const index of segment.tokens) if (index >= from && index < to) clauseAt[index - from] = at;
  });
  segments.forEach((segment, at) => {
    if (segment.dependency !== 'paratactic' || segment.parent >= 0) return;
    // Joined by a coordinator: a comma or semicolon between two clauses is as often the main clause's edge.
    if (!COORDINATORS.has(segment.relation ?? '')) return;
    let link = -1;
    for (const index of segment.tokens) {
      const head = tree.heads[index] ?? -1;
      if (head < from || head >= to || clauseAt[head - from] === at || tree.pos[index] === 'PUNCT') continue;
      if (link >= 0) return;
      link = index;
    }
    if (link < 0 || universalOf(tree.deprels[link] ?? '') !== 'conj') return;
    const first = segments[clauseAt[(tree.heads[link] as number) - from] as number];
    if (first === undefined || !dependsOnAnother(first)) return;
    // A conjunct with a Subject of its own is as often a main clause's, which the parse hung on the verb
    // before it ("I knew someone who had one | and I loved it"): only where the clause it would depend on
    // comes after it ("If the tenant pays | and the landlord agrees, | the lease ends").
    const parentStart = (segments[first.parent] as ClauseSegment).tokens[0] ?? -1;
    if (
      parentStart < (segment.tokens[0] ?? 0) &&
      segment.tokens.some((index) => SUBJECT.test(tree.deprels[index] ?? ''))
    )
      return;
    // No clause may come to hang on itself through its new parent.
    for (let up = first.parent, steps = 0; up >= 0 && steps < segments.length; steps += 1) {
      if (up === at) return;
      up = (segments[up] as ClauseSegment).parent;
    }
    segment.parent = first.parent;
  });
}

/**
 * "C. Provide the manual, | as the Maker may deem necessary", "Feel the meaning, | don't just think",
 * "provided such transfer | has no effect": a piece whose top verb (the root, or a verb hanging outside
 * the piece) has no Subject, "to" or auxiliary of its own is a command or a subordinating verb, no
 * Subject.
 */
function verbFirstPiece(tree: SentenceTree, tokens: readonly number[]): boolean {
  const inside = new Set(tokens);
  for (const index of tokens) {
    const head = tree.heads[index] ?? -1;
    if (head >= 0 && inside.has(head)) continue;
    // A participle the parse reads as a modifier ("xeno, pronounced 'zee-no,'") opens no clause.
    if (tree.pos[index] !== 'VERB' || /^(amod|acl)(:|$)/.test(tree.deprels[index] ?? '')) continue;
    let own = false;
    for (const other of tokens)
      if (tree.heads[other] === index && /^(nsubj|mark|aux)(:|$)/.test(tree.deprels[other] ?? '')) own = true;
    if (!own) return true;
  }
  return false;
}

/**
 * "as the Maker | may deem it necessary", "(which, in that case, | shall mean ...)": the piece holds the
 * subordinator, or the relative pronoun as Subject, of the clause after it: that clause opens inside it.
 */
function opensInside(tree: SentenceTree, tokens: readonly number[], after: readonly number[]): boolean {
  const later = new Set(after);
  for (const index of tokens) {
    if (!later.has(tree.heads[index] ?? -1)) continue;
    const relation = universalOf(tree.deprels[index] ?? '');
    if (relation === 'mark' || (relation === 'nsubj' && WH_WORDS.has(tree.lower[index] ?? ''))) return true;
    if (relation === 'nsubj' && tree.lower[index] === 'that') return true;
  }
  return false;
}

/** '"include," "includes" and ...': the word stands between quotation marks that touch it. */
function quotedWord(tree: QuotedTree, index: number): boolean {
  return (
    QUOTE_MARK.test(tree.values[index - 1] ?? '') &&
    QUOTE_MARK.test(tree.values[index + 1] ?? '') &&
    tree.ends[index - 1] === tree.starts[index] &&
    tree.ends[index] === tree.starts[index + 1]
  );
}
const QUOTE_MARK = /^["“”'‘’]$/;

type QuotedTree = SentenceTree & {
  readonly values: readonly string[];
  readonly starts: readonly number[];
  readonly ends: readonly number[];
};

/** A word inside the sentence that opens a quotation or a title: capitalised, or between touching marks. */
function quotationWord(tree: QuotedTree, index: number): boolean {
  return /^[A-Z]/.test(tree.values[index] ?? '') || quotedWord(tree, index);
}

/**
 * SEGMENT.SUBJECT_PIECE_THEN_FINITE: the Finite that opens the clause (its first word), or -1. "C. Own,
 * maintain, | be employed by": a base "be" is no Finite; '2.2 "Including," | "Includes"': a capital or
 * quoted word inside the sentence opens a quotation or a title.
 */
function openingFinite(tree: QuotedTree, into: ClauseSegment, group: VerbalGroup): number {
  const finite = group.finite;
  if (finite < 0 || into.tokens.find((index) => tree.pos[index] !== 'PUNCT') !== finite) return -1;
  return tree.lower[finite] === 'be' || quotationWord(tree, finite) ? -1 : finite;
}

/**
 * SEGMENT.SUBJECT_PIECE_THEN_PAST_VERB: "the image of his grandmother crying | faded in his memory",
 * "This process – bringing the towns together – | created a state": the clause opens with a lexical
 * verb in a tensed form ("-ed" or an irregular past, not "-ing", no "by" after it, not right after a
 * noun) that the parse hangs as `advcl`, `conj` or `parataxis` on a participle ("-ing" or "-en", not a
 * base form) modifying a noun of the piece before it (`acl`): the
 * parse chained the tensed verb to the participle, the segmentation read it as non-finite. The verb is
 * the Finite (after the Subject it is tensed). Returns its index, or -1.
 */
function openingPastVerb(
  tree: QuotedTree,
  into: ClauseSegment,
  group: VerbalGroup,
  piece: readonly number[],
): number {
  const verb = group.head;
  if (group.finite >= 0 || into.tokens.find((index) => tree.pos[index] !== 'PUNCT') !== verb) return -1;
  const word = tree.lower[verb] ?? '';
  const lemma = tree.lemmas[verb] ?? '';
  if (tree.pos[verb] !== 'VERB' || word === lemma || !isFiniteLexicalForm(word, lemma, true)) return -1;
  if (tree.lower[verb + 1] === 'by' || quotationWord(tree, verb)) return -1;
  // "its activities | conducted in the territory": right after a noun, a participle qualifying it.
  const before = tree.pos[verb - 1];
  if (before !== 'VERB' && before !== 'PUNCT') return -1;
  if (!/^(advcl|conj|parataxis)(:|$)/.test(tree.deprels[verb] ?? '')) return -1;
  const participle = tree.heads[verb] ?? -1;
  return piece.includes(participle) &&
    tree.pos[participle] === 'VERB' &&
    tree.lower[participle] !== tree.lemmas[participle] &&
    universalOf(tree.deprels[participle] ?? '') === 'acl'
    ? verb
    : -1;
}

/** Tags before a clause's first element: "And, uh, what you want ...". */
const OPENING_SKIPPED: ReadonlySet<string> = new Set(['PUNCT', 'CCONJ', 'INTJ']);

/**
 * SEGMENT.SUBJECT_PIECE_THEN_FINITE: "Fatty food, which took days to hunt, | is now in the fridge", "To
 * spend that much, on a painting, | was unthinkable": a clause in its own right (independent) with no
 * Finite (or opening with a free relative: "what", "whatever") and a word that can be a Subject, right
 * before (punctuation between) a clause that opens with its Finite and has no Subject in the parse (no
 * nsubj, csubj or expl among its words), is that clause's Subject the segmentation cut off: the two
 * join, with the second one's verbal group (the Finite) and the first one's place in the clause
 * complex. Left alone: a question ("The keys, are they ...?"), a quotation, a piece opening with a verb
 * (`verbFirstPiece`) or holding a finite operator, the subordinator or the relative pronoun of the
 * clause after it (`opensInside`), and a Finite that is a base "be", capitalised or quoted. Without
 * the rule the first piece stays a fragment of its own. With `mode` 'past', SEGMENT.SUBJECT_PIECE_THEN_PAST_VERB:
 * the clause after opens with a tensed lexical verb the segmentation read as non-finite
 * (`openingPastVerb`), which becomes the Finite.
 */
export function joinSubjectPieceToFinite(
  tree: QuotedTree,
  segments: ClauseSegment[],
  to: number,
  mode: 'finite' | 'past' = 'finite',
): ClauseSegment[] {
  if (segments.length < 2 || tree.lower[to - 1] === '?') return segments;
  for (let local = 0; local < segments.length; local += 1) {
    const piece = segments[local] as ClauseSegment;
    const { tokens } = piece;
    if (piece.dependency !== 'independent' || tokens.length === 0) continue;
    // "What might look like a party | is in fact a stand": a free relative is a Subject with a Finite of its own.
    const opening = tokens.find((index) => !OPENING_SKIPPED.has(tree.pos[index] ?? 'X'));
    const freeRelative = opening !== undefined && FREE_RELATIVE_WH.has(tree.lower[opening] ?? '');
    if (piece.group !== null && piece.group.finite >= 0 && !freeRelative) continue;
    // "All notices shall be in writing, | shall be deemed ...": a piece with a finite operator of its own
    // (one its verbal group missed) is a clause, not a Subject.
    if (
      !freeRelative &&
      tokens.some((index) => tree.pos[index] === 'AUX' && FINITE_OPERATOR_FORMS.has(tree.lower[index] ?? ''))
    )
      continue;
    if (!tokens.some((index) => isSubjectLike(tree.pos[index]) || tree.pos[index] === 'VERB')) continue;
    if (verbFirstPiece(tree, tokens)) continue;
    const last = tokens[tokens.length - 1] as number;
    let target = -1;
    let targetFirst = to;
    for (let other = 0; other < segments.length; other += 1) {
      const first = (segments[other] as ClauseSegment).tokens[0];
      if (first !== undefined && first > last && first < targetFirst) {
        target = other;
        targetFirst = first;
      }
    }
    if (target < 0) continue;
    let onlyPunctuation = true;
    for (let index = last + 1; index < targetFirst; index += 1)
      if (tree.pos[index] !== 'PUNCT') onlyPunctuation = false;
    const into = segments[target] as ClauseSegment;
    const group = into.group;
    if (
      !onlyPunctuation ||
      into.dependency === 'embedded' ||
      into.relation === 'quote' ||
      group === null ||
      into.tokens.some((index) => SUBJECT.test(tree.deprels[index] ?? '')) ||
      opensInside(tree, tokens, into.tokens)
    )
      continue;
    const finite =
      mode === 'finite' ? openingFinite(tree, into, group) : openingPastVerb(tree, into, group, tokens);
    if (finite < 0 || (mode === 'past' && freeRelative)) continue;
    const merged: ClauseSegment = {
      ...into,
      tokens: [...tokens, ...into.tokens].sort((a, b) => a - b),
      dependency: piece.dependency,
      relation: piece.relation,
      parent: piece.parent,
      group: finite === group.finite ? group : { ...group, finite },
    };
    const next: ClauseSegment[] = [];
    segments.forEach((other, index) => {
      if (index === target) return;
      const kept = index === local ? merged : other;
      let parent = kept.parent === target ? local : kept.parent;
      if (index === local && parent === local) parent = -1;
      if (parent > target) parent -= 1;
      next.push(parent === kept.parent ? kept : { ...kept, parent });
    });
    return next;
  }
  return segments;
}

/** Marks that close the Subject before a subordinate clause's subordinator ("The Company, as ..."). */
const SUBJECT_BEFORE_MARK_PUNCTUATION: ReadonlySet<string> = new Set([',', '—', '–', '--', '(']);
/** Whether the token at `index` is a mark that closes the Subject before a subordinator. */
function closesSubject(tree: SentenceTree, index: number): boolean {
  return SUBJECT_BEFORE_MARK_PUNCTUATION.has(tree.lower[index] ?? '');
}
/**
 * Relations of the Subject before the subordinator: a Subject, or a bare nominal the parse hung on the
 * verb as an unmarked oblique ("The tenant, if he wishes, may leave": `obl:unmarked`).
 */
const SUBJECT_BEFORE_MARK_RELATION = /^(nsubj|csubj|expl)(:|$)|^obl:unmarked$/;

/**
 * SEGMENT.SUBJECT_BEFORE_SUBORDINATOR: "The Company, | as the case may be, | shall pay the fee", "Her
 * boys, | as she called them, | didn't drink": a hypotactic clause whose subordinator (its `mark`) comes
 * after a stretch of words with no verb, closed by a comma or dash, where the parse makes a word of that
 * stretch the Subject (or an unmarked oblique) of a later clause's verb and that clause has no Subject
 * of its own: the stretch is
 * that clause's Subject, which the word order put before the subordinate clause it interrupts. The
 * stretch moves to the later clause (around the subordinate clause, as a relative clause sits inside
 * its main clause). Without the rule the later clause has no Subject and the subordinate clause opens
 * with a nominal group that is not its own.
 */
export function subjectBeforeSubordinator(tree: SentenceTree, segments: ClauseSegment[]): ClauseSegment[] {
  for (let local = 0; local < segments.length; local += 1) {
    const segment = segments[local] as ClauseSegment;
    if (segment.dependency !== 'hypotactic') continue;
    const { tokens } = segment;
    const mark = tokens.findIndex(
      (index, at) =>
        at > 0 && universalOf(tree.deprels[index] ?? '') === 'mark' && tree.pos[index] === 'SCONJ',
    );
    if (mark < 1) continue;
    const stretch = tokens.slice(0, mark);
    // A comma or dash closes the stretch, closing quotation marks may follow it ("“Her boys,” as ...").
    let closer = stretch.length - 1;
    while (
      closer > 0 &&
      tree.pos[stretch[closer] as number] === 'PUNCT' &&
      !closesSubject(tree, stretch[closer] as number)
    )
      closer -= 1;
    if (!closesSubject(tree, stretch[closer] as number)) continue;
    if (stretch.some((index) => tree.pos[index] === 'VERB' || tree.pos[index] === 'AUX')) continue;
    // The stretch is one phrase: its words hang inside it, or, one of them, as Subject on the verb.
    const inside = new Set(stretch);
    let subject = -1;
    let phrase = true;
    for (const index of stretch) {
      if (tree.pos[index] === 'PUNCT') continue;
      const head = tree.heads[index] ?? -1;
      if (inside.has(head)) continue;
      if (subject >= 0 || !SUBJECT_BEFORE_MARK_RELATION.test(tree.deprels[index] ?? '')) {
        phrase = false;
        break;
      }
      subject = index;
    }
    if (!phrase || subject < 0) continue;
    const verb = tree.heads[subject] ?? -1;
    const target = segments.findIndex((other, at) => at !== local && other.tokens.includes(verb));
    const into = segments[target];
    if (into === undefined || into.dependency === 'embedded' || (into.tokens[0] ?? -1) < (tokens[0] ?? 0))
      continue;
    if (into.tokens.some((index) => SUBJECT.test(tree.deprels[index] ?? '') && tree.heads[index] === verb))
      continue;
    const moved = segments.map((other, at) =>
      at === local
        ? { ...other, tokens: tokens.slice(mark) }
        : at === target
          ? { ...other, tokens: [...stretch, ...other.tokens].sort((a, b) => a - b) }
          : other,
    );
    return inFirstTokenOrder(moved);
  }
  return segments;
}

/**
 * SEGMENT.COORDINATED_SUBJECT_CUT: "If the transfer is not approved, Your executor, administrator | or
 * personal representative shall transfer ...", "the Joint Venture books | and records shall be audited":
 * the word order cut a coordinated Subject at its coordinator, because what follows ("or personal
 * representative shall transfer") looks like a coordinated clause with a Subject of its own. Where the
 * next clause opens with a coordinator the parse hangs on a nominal of the clause before (`cc` of a
 * `conj`), and that nominal's chain of conjuncts leads to the Subject of the next clause's verb, the
 * Subject's words before the cut (its subtree, with a coordinator or comma the parse gives the verb) move
 * to the next clause. Nothing moves when the stretch holds a verb or auxiliary, or would empty the clause
 * before. Without the rule the clause before ends in a nominal group that is not its own and the next
 * clause's Subject is only its last conjunct.
 */
export function coordinatedSubjectCut(
  tree: SentenceTree,
  segments: ClauseSegment[],
  from: number,
  to: number,
): ClauseSegment[] {
  for (let local = 1; local < segments.length; local += 1) {
    const segment = segments[local] as ClauseSegment;
    const group = segment.group;
    if (group === null || group.finite < 0) continue;
    const subject = firstConjunctBeforeCut(tree, segment, TAIL_SUBJECT_TAGS, from);
    const cc = segment.tokens[0] as number;
    if (subject < 0 || !SUBJECT.test(tree.deprels[subject] ?? '')) continue;
    const verb = tree.heads[subject] ?? -1;
    if (!segment.tokens.includes(verb) || verb < group.start || verb >= group.end) continue;
    const before = segments.findIndex((other) => other.tokens.includes(subject));
    const previous = segments[before];
    if (previous === undefined || before === local || previous.tokens.some((index) => index >= cc)) continue;
    // Back from the Subject over the words whose clause is the verb's (its subordinator or coordinator,
    // an opening list number), not past a word of another clause; punctuation does not open the clause.
    let start = subtreeSpan(tree, subject, from, to)[0];
    while (start - 1 >= from && previous.tokens.includes(start - 1) && opensClauseOf(tree, start - 1, verb))
      start -= 1;
    while (start < subject && tree.pos[start] === 'PUNCT') start += 1;
    const opener = start;
    const openerRelation = universalOf(tree.deprels[opener] ?? '');
    const subordinator =
      openerRelation === 'mark' || WH_WORDS.has(tree.lower[opener] ?? '') || openerRelation === 'case';
    const coordinator = openerRelation === 'cc' && tree.heads[opener] === verb;
    // A nominal right after the verb of the clause before is its object ("notify | Roche and payment
    // shall be made"), whatever the parse says.
    if (!subordinator && !coordinator && previous.group !== null && previous.group.end === start) continue;
    const moved = previous.tokens.filter((index) => index >= start);
    if (moved.length !== cc - start) continue;
    if (
      moved.some(
        (index) =>
          tree.pos[index] === 'AUX' || (tree.pos[index] === 'VERB' && tree.deprels[index] !== 'amod'),
      )
    )
      continue;
    if (previous.group !== null && previous.group.head >= start) continue;
    // A clause on a noun needs its relative word among the words moved ("the date | on which all or part
    // of this Agreement is terminated"); without one the parse's clause on a noun is no Subject's clause.
    const relative = universalOf(tree.deprels[verb] ?? '') === 'acl';
    if (
      relative &&
      !moved.some((index) => WH_WORDS.has(tree.lower[index] ?? '') || tree.lower[index] === 'that')
    )
      continue;
    // A preposition just before the words ("with respect to | each other and nothing herein shall") ties
    // them to the clause before; so does a word left behind that hangs on a word moved.
    if (tree.pos[start - 1] === 'ADP' || tree.lower[start - 1] === 'to') continue;
    let kept = previous.tokens.filter((index) => index < start);
    const movedSet = new Set(moved);
    if (kept.some((index) => tree.pos[index] !== 'PUNCT' && movedSet.has(tree.heads[index] ?? -1))) continue;
    const into: ClauseSegment = { ...segment, tokens: [...moved, ...segment.tokens] };
    const verbHead = tree.heads[verb] ?? -1;
    const headClause = segments.findIndex((other) => other.tokens.includes(verbHead));
    const parent = headClause >= 0 && headClause !== local ? headClause : before;
    if (!kept.some((index) => hasWordCharacter(tree.lower[index] ?? ''))) {
      // "The books | and records shall be maintained": the clause before was only the Subject's first
      // words; the two are one clause, which takes the place of the first.
      into.tokens.unshift(...kept);
      kept = [];
      if (previous.parent !== local) {
        into.dependency = previous.dependency;
        into.relation = previous.relation;
        into.parent = previous.parent;
      }
    } else if (relative) {
      // "in all other jurisdictions | in which its ownership or lease of property or the conduct of its
      // business requires such qualification".
      into.dependency = 'embedded';
      into.relation = 'relative';
      into.parent = parent;
    } else if (openerRelation === 'mark') {
      // "the parties agree | that the validity, interpretation and legal effect ... shall be governed".
      const word = tree.lower[opener] ?? '';
      const upHead = segments[parent]?.group?.head ?? -1;
      into.dependency = 'hypotactic';
      into.relation =
        word !== 'that' ? word : REPORTING_VERBS.has(tree.lemmas[upHead] ?? '') ? 'reported' : 'that';
      into.parent = parent;
    } else if (!coordinator && into.dependency === 'paratactic') {
      // The coordinator was the Subject's, not the clause's.
      into.dependency = 'independent';
      into.relation = null;
      into.parent = -1;
    }
    return inFirstTokenOrder(
      segments.map((other, at) => (at === before ? { ...other, tokens: kept } : at === local ? into : other)),
      // A clause that hung on the emptied piece hangs on the clause it joined.
      (parent, placeOf) => (parent === before ? (placeOf(local) ?? -1) : -1),
    );
  }
  return segments;
}

/** Relations of the words that may open a clause before its Subject. */
const CLAUSE_OPENING_RELATIONS: ReadonlySet<string> = new Set([
  'cc',
  'mark',
  'punct',
  'advmod',
  'discourse',
  'dep',
  'nummod',
]);

/**
 * Whether token `index`, before the Subject of `verb`'s clause, opens that clause: a coordinator,
 * subordinator, adverb, list number or punctuation of it, or a WH word and its preposition ("in which").
 */
function opensClauseOf(tree: SentenceTree, index: number, verb: number): boolean {
  // ("with respect | to each other": a preposition the parse took for an infinitive's marker.)
  if (!inClauseOf(tree, index, verb) || tree.lower[index] === 'to') return false;
  const relation = universalOf(tree.deprels[index] ?? '');
  if (CLAUSE_OPENING_RELATIONS.has(relation) || WH_WORDS.has(tree.lower[index] ?? '')) return true;
  return relation === 'case' && WH_WORDS.has(tree.lower[tree.heads[index] ?? -1] ?? '');
}

/**
 * For a clause that opens with a coordinator the parse hangs on a conjunct inside the clause, tagged one of
 * `tags`: the first conjunct of that coordination (up the chain of `conj`), when it lies before the
 * coordinator (in an earlier clause of the sentence), else -1. SEGMENT.COORDINATED_SUBJECT_CUT and
 * SEGMENT.NOMINAL_CONJUNCT_CUT read the word order's cut by it.
 */
function firstConjunctBeforeCut(
  tree: SentenceTree,
  segment: ClauseSegment,
  tags: ReadonlySet<string>,
  from: number,
): number {
  const cc = segment.tokens[0] as number;
  if (universalOf(tree.deprels[cc] ?? '') !== 'cc') return -1;
  const conjunct = tree.heads[cc] ?? -1;
  if (
    conjunct <= cc ||
    !segment.tokens.includes(conjunct) ||
    universalOf(tree.deprels[conjunct] ?? '') !== 'conj' ||
    !tags.has(tree.pos[conjunct] ?? '')
  )
    return -1;
  let first = conjunct;
  for (let steps = 0; steps < 16 && universalOf(tree.deprels[first] ?? '') === 'conj'; steps += 1)
    first = tree.heads[first] ?? -1;
  return first >= from && first < cc ? first : -1;
}

/** Tags of a conjunct that joins a nominal group rather than a clause. */
const NOMINAL_CONJUNCT_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'PRON', 'NUM']);

/**
 * SEGMENT.NOMINAL_CONJUNCT_CUT: "remedies available at law | or equity, including any of its Termination
 * Remedies set forth in the Build Addendum", "payment obligations | and supporting documentation": the word
 * order cut a coordination of nominal groups at its coordinator, because a verb came later. Where a clause
 * opens with a coordinator the parse hangs on a nominal conjunct whose first conjunct is in the clause
 * before, and every word of the clause belongs to that first conjunct's nominal group (its subtree, not
 * through a relative or other finite clause on it), the clause is part of the clause before (what hung on it
 * hangs on the clause before). Without the rule the clause before ends inside its nominal group and the
 * piece is a `fragment` of its own. A clause with a verb of its own after the nominal group stays.
 */
export function nominalConjunctCut(
  tree: SentenceTree,
  segments: ClauseSegment[],
  from: number,
  to: number,
): ClauseSegment[] {
  for (let local = 1; local < segments.length; local += 1) {
    const segment = segments[local] as ClauseSegment;
    if (segment.dependency === 'embedded') continue;
    const first = firstConjunctBeforeCut(tree, segment, NOMINAL_CONJUNCT_TAGS, from);
    const cc = segment.tokens[0] as number;
    if (first < 0 || !NOMINAL_CONJUNCT_TAGS.has(tree.pos[first] ?? '')) continue;
    const before = local - 1;
    const previous = segments[before] as ClauseSegment;
    if (!previous.tokens.includes(first) || previous.tokens.some((index) => index > cc)) continue;
    // The opening words of the clause in the nominal group of the first conjunct.
    let end = 0;
    while (
      end < segment.tokens.length &&
      inNominalGroupOf(tree, segment.tokens[end] as number, first, from, to)
    )
      end += 1;
    if (end === 0) continue;
    // Punctuation after the stretch goes with it (with the word before), but an opening bracket or mark.
    while (
      end < segment.tokens.length &&
      tree.pos[segment.tokens[end] as number] === 'PUNCT' &&
      !OPENING_PUNCTUATION.has(tree.lower[segment.tokens[end] as number] ?? '')
    )
      end += 1;
    // Only a clause that is all nominal group: what a verb of its own follows is a clause (its mood would
    // need the coordinator).
    if (end < segment.tokens.length) continue;
    const joined: ClauseSegment = { ...previous, tokens: [...previous.tokens, ...segment.tokens] };
    if (previous.parent === local) {
      // The clause before hung on the piece: joined, it stands where the piece stood.
      joined.dependency = segment.dependency;
      joined.relation = segment.relation;
      joined.parent = segment.parent;
    }
    const left: ClauseSegment = { ...segment, tokens: [] };
    return inFirstTokenOrder(
      segments.map((other, at) => (at === before ? joined : at === local ? left : other)),
      (parent, placeOf) => (parent === local ? (placeOf(before) ?? -1) : -1),
    );
  }
  return segments;
}

/**
 * Whether token `index` belongs to the nominal group of `noun`: `noun` is among its heads, reached through
 * no verb or auxiliary that heads a relative or other clause of its own (a participle on a noun, `acl`, is part
 * of the group); punctuation counts when its head does.
 */
function inNominalGroupOf(
  tree: SentenceTree,
  index: number,
  noun: number,
  from: number,
  to: number,
): boolean {
  let current = index;
  for (let steps = 0; steps < 64 && current >= 0; steps += 1) {
    if (current === noun) return true;
    const pos = tree.pos[current];
    if (pos === 'VERB' || pos === 'AUX') {
      const relation = tree.deprels[current] ?? '';
      // A participle, infinitive or adjective on the noun, with no auxiliary or copula of its own and no
      // subordinator but "to" (an "-ing" form may have one: "records for determining the amounts"); a
      // Subject the parse gives it is read as its noun ("new Certificates guaranteeing ICC Accounts").
      // "the requirement that Vendor shall comply" is a clause.
      if (relation !== 'acl' && relation !== 'amod') return false;
      const gerund = (tree.lower[current] ?? '').endsWith('ing');
      // (Its dependents are in the sentence, [from, to).)
      for (let child = from; child < to; child += 1) {
        if (tree.heads[child] !== current) continue;
        const childRelation = tree.deprels[child] ?? '';
        if (/^(aux|cop)(:|$)/.test(childRelation)) return false;
        if (/^mark(:|$)/.test(childRelation) && !gerund && tree.lower[child] !== 'to') return false;
      }
    }
    current = tree.heads[current] ?? -1;
  }
  return false;
}

/**
 * Whether the clause of token `index` is the one headed by `verb`: `verb` is its nearest ancestor that
 * heads a clause (a verb or auxiliary with a clausal relation, or a root).
 */
function inClauseOf(tree: SentenceTree, index: number, verb: number): boolean {
  let current = tree.heads[index] ?? -1;
  for (let steps = 0; steps < 64 && current >= 0; steps += 1) {
    if (current === verb) return true;
    const pos = tree.pos[current];
    if ((pos === 'VERB' || pos === 'AUX') && CLAUSAL_RELATIONS.has(universalOf(tree.deprels[current] ?? '')))
      return false;
    current = tree.heads[current] ?? -1;
  }
  return false;
}

/** Tags of the head of a nominal group that may be a Subject cut into the clause before it. */
const TAIL_SUBJECT_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'PRON']);

/**
 * SEGMENT.SUBJECT_AFTER_DEPENDENT: "If the Buyer fails to pay the Seller | may terminate", "If it rains
 * the match | is cancelled", "when these bills were introduced most Congressmen | felt": with no comma
 * after an opening subordinate clause, the parse took the main clause's Subject for the object of the
 * subordinate clause's verb. Where a hypotactic clause ends in a nominal group the parse makes an object
 * (`obj`, no preposition) of a verb before it, and the next clause follows with no punctuation between,
 * opens with its Finite (a finite operator or a tensed lexical verb, which becomes the group's Finite)
 * and has no Subject in the parse, the nominal group is that
 * clause's Subject: it moves there. Without the rule the main clause has no Subject (a `fragment`).
 */
export function subjectAfterDependent(
  tree: SentenceTree,
  segments: ClauseSegment[],
  from: number,
  to: number,
): ClauseSegment[] {
  for (let local = 0; local < segments.length; local += 1) {
    const segment = segments[local] as ClauseSegment;
    if (segment.dependency !== 'hypotactic' || segment.tokens.length < 3) continue;
    const last = segment.tokens[segment.tokens.length - 1] as number;
    const target = segments.findIndex((other) => other.tokens[0] === last + 1);
    const into = segments[target];
    if (into === undefined || into.dependency === 'embedded' || into.group === null) continue;
    // The next clause opens with its Finite: a finite operator, or a lexical verb in a tensed form (not
    // a base form: "If you see the man | tell him" is a command).
    const finite = into.tokens[0] as number;
    const word = tree.lower[finite] ?? '';
    const lemma = tree.lemmas[finite] ?? '';
    const operator = tree.pos[finite] === 'AUX' && FINITE_OPERATOR_FORMS.has(word);
    // A tensed verb with a verb reading in wink's lexicon ("securities" tagged VERB is a noun).
    const tensed =
      tree.pos[finite] === 'VERB' &&
      word !== lemma &&
      !word.endsWith('ing') &&
      isFiniteLexicalForm(word, lemma, true) &&
      hasPosReading(word, 'VERB');
    if (!operator && !tensed) continue;
    const group = into.group;
    if (group.start > finite || finite >= group.end) continue;
    if (into.tokens.some((index) => SUBJECT.test(tree.deprels[index] ?? ''))) continue;
    // The nominal group at the clause's end: an object whose subtree runs to the clause's last word.
    const inside = new Set(segment.tokens);
    const noun = segment.tokens.find((index) => {
      if (universalOf(tree.deprels[index] ?? '') !== 'obj' || !TAIL_SUBJECT_TAGS.has(tree.pos[index] ?? ''))
        return false;
      const head = tree.heads[index] ?? -1;
      return head >= 0 && head < index && inside.has(head) && subtreeSpan(tree, index, from, to)[1] === last;
    });
    if (noun === undefined) continue;
    // The clause has a subordinator ("If", "once", "when"): a participle clause on a noun ("Party or its
    // employees performing Manufacturing Services | are debarred") keeps its object.
    if (
      !segment.tokens.some(
        (index) =>
          index < noun &&
          ((tree.pos[index] === 'SCONJ' && universalOf(tree.deprels[index] ?? '') === 'mark') ||
            SUBORDINATING_WH.has(tree.lower[index] ?? '')),
      )
    )
      continue;
    const [start] = subtreeSpan(tree, noun, from, to);
    const moved = segment.tokens.filter((index) => index >= start);
    if (moved.length === 0 || moved.length === segment.tokens.length) continue;
    if (
      moved.some(
        (index) => tree.pos[index] === 'VERB' || tree.pos[index] === 'AUX' || tree.pos[index] === 'ADP',
      )
    )
      continue;
    return segments.map((other, at) =>
      at === local
        ? { ...other, tokens: segment.tokens.filter((index) => index < start) }
        : at === target
          ? {
              ...other,
              tokens: [...moved, ...other.tokens],
              group: group.finite === finite ? group : { ...group, finite },
            }
          : other,
    );
  }
  return segments;
}
