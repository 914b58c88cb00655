import type { Mood, Premise } from '@cae/core';
import type { ClauseView } from './clause-view';
import {
  DEFECTIVE_VERBS,
  LEFT_OUT_SUBJECT_ADVERBS,
  LEFT_OUT_SUBJECT_OPERATORS,
  LET_FORMS,
  NON_FINITE_BEFORE,
  WH_WORDS,
} from './lexicons/mood-lexicon';
import { TIME_NOUNS } from './lexicons/transitivity-lexicon';
import {
  FINITE_BE_FORMS,
  FINITE_OPERATOR_FORMS,
  NOMINATIVE_PRONOUNS,
  ONLY_PARTICIPLE_FORMS,
  S_CLITICS,
  SENTENCE_END_MARKS,
} from './lexicons/word-classes';
import { hasPosReading } from './pos-corrector';
import { isFiniteLexicalForm } from './verbal-group';

/**
 * Subject and Finite read off the dependency tree every token carries (`headStart`, `deprel` from
 * @cae/parser), as the annotation guide defines mood: declarative is Subject before Finite. The
 * predicate is the clause's token whose head lies outside the clause (the sentence root when the
 * clause holds it); its Subject is a dependent in nsubj, nsubj:pass, csubj, csubj:pass or expl; its
 * Finite is the first of its aux/cop dependents and itself in a tensed or modal form.
 */
export interface TreeMoodFacts {
  /** Local index of the clause's predicate in the tree, or -1. */
  readonly predicate: number;
  /** The predicate's relation: 'root' when it is the sentence's root, else the relation to its head outside. */
  readonly predicateRelation: string;
  /** Local index of the Subject (nsubj, csubj, expl and subtypes on the predicate), or -1. */
  readonly subject: number;
  readonly subjectRelation: string;
  /** Local index of the Finite (a finite aux/cop on the predicate, or the predicate itself), or -1. */
  readonly finite: number;
  readonly finiteRelation: string;
  /** Local index of the first experiential element (after textual and interpersonal themes). */
  readonly first: number;
  readonly sentenceFinal: string;
  readonly dependency: string;
  /** Ids of the tagger-slip readings (`TREE_READINGS`) that found the Subject or Finite. */
  readonly readings: readonly string[];
}

/**
 * Readings of Subject and Finite that go past a tagger or parser slip; each can be switched off through
 * `disabledRules` and is named in the premise `tree_reading` when it decided.
 */
export const TREE_READINGS = {
  /** "We welcome comments": the word after a nominative pronoun with a verb reading is its Finite. */
  pronounSubjectVerb: 'MOOD.TREE_PRONOUN_SUBJECT_VERB',
  /** "Being active predicts ...": a non-finite operator inside the Subject's phrase is the Subject's. */
  operatorInSubject: 'MOOD.TREE_OPERATOR_IN_SUBJECT',
  /** "Some of the staff also get ...": a Subject and Finite on a verb the parse hung below the root. */
  subjectOnInnerVerb: 'MOOD.TREE_SUBJECT_ON_INNER_VERB',
  /**
   * "Johann Weber also plagiarized some ideas", "The integration of music into schools places pupils
   * ...": a tensed verb tagged as adjective or noun after a Subject with words of its own group between.
   */
  tensedAfterSubjectGroup: 'MOOD.TREE_TENSED_AFTER_SUBJECT_GROUP',
} as const;

const SUBJECT_RELATION = /^(nsubj|csubj|expl)(:|$)/;
const OPERATOR_RELATION = /^(aux|cop)(:|$)/;
/** Relations that open a clause of their own below the predicate. */
const CLAUSAL_RELATION = /^(acl|advcl|ccomp|xcomp|csubj|parataxis|conj|list|appos|dep|reparandum)(:|$)/;

/** Whether the token at `index` is in a finite form (tense or modal), a Subject before it counting for "have", "go". */
function finiteForm(view: ClauseView, index: number, subjectBefore: boolean): boolean {
  const word = view.lower[index] ?? '';
  const tag = view.pos[index];
  if (tag === 'AUX') {
    if (FINITE_OPERATOR_FORMS.has(word)) return true;
    return word === 'have' && subjectBefore;
  }
  if (tag !== 'VERB') return false;
  if (view.lower[index - 1] === 'to') return false;
  return isFiniteLexicalForm(word, view.lemma[index] ?? '', subjectBefore);
}

/** Tags that may stand between a Subject and its verb ("it all starts", "he never pretended"). */
const BETWEEN_SUBJECT_AND_VERB = new Set(['ADV', 'PART', 'DET', 'PRON']);
const TENSED_ENDING = /(?:[^e]ed|[^s]s)$/;
const NOMINAL_SUBJECT_TAGS = new Set(['PRON', 'NOUN', 'PROPN']);

/** Whether the word, or its stem without "-ed"/"-d"/"-s" ("pretended" -> "pretend"), has a verb reading. */
function verbReading(word: string): boolean {
  if (hasPosReading(word, 'VERB')) return true;
  if (word.endsWith('ied')) return hasPosReading(`${word.slice(0, -3)}y`, 'VERB');
  if (word.endsWith('ed'))
    return (
      hasPosReading(word.slice(0, -2), 'VERB') ||
      hasPosReading(word.slice(0, -1), 'VERB') ||
      (word.at(-3) === word.at(-4) && hasPosReading(word.slice(0, -3), 'VERB'))
    );
  return hasPosReading(word.slice(0, -1), 'VERB');
}

/** Relations only a verb takes after it: objects and clausal complements, a particle. */
const OBJECT_RELATION = /^(obj|iobj|xcomp|ccomp|compound:prt)(:|$)/;

/**
 * "I pretended to sleep", "He illuminated the role of ...", "It all starts with ...": the tagger read a
 * tensed verb as an adjective or noun, but the tree hangs a Subject before it and no copula or
 * auxiliary on it; a word with an "-ed" or "-s" ending and a verb reading is the Finite. With
 * `subjectGroup` (MOOD.TREE_TENSED_AFTER_SUBJECT_GROUP), words between the Subject and the verb may
 * also belong to the Subject's own group (its head chain reaches the Subject: "Johann Weber also
 * plagiarized", "The integration of music into schools places"), and then the verb must take an object
 * or a clausal complement after it, which a noun or adjective never does.
 */
function misreadTensedPredicate(
  view: ClauseView,
  subject: number,
  predicate: number,
  subjectGroup = false,
): boolean {
  const tag = view.pos[predicate];
  const word = view.lower[predicate] ?? '';
  if ((tag !== 'ADJ' && tag !== 'NOUN') || subject > predicate) return false;
  // The tagger may swap the two ("Rick/VERB looks/NOUN like ..."), but after a list step's number a
  // "Subject" it read as a verb is the step's command ("4 Start seeds indoors").
  const subjectTag = view.pos[subject] ?? '';
  if (!NOMINAL_SUBJECT_TAGS.has(subjectTag) && !(subjectTag === 'VERB' && view.pos[subject - 1] !== 'NUM'))
    return false;
  if (!TENSED_ENDING.test(word) || !verbReading(word)) return false;
  const { tokens } = view.syntactic;
  /** Whether the token at `index` hangs inside the Subject's group (its head chain reaches the Subject). */
  const inSubjectGroup = (index: number): boolean => {
    let at = view.heads[index] as number;
    for (let steps = 0; at >= 0 && at !== predicate && steps < tokens.length; steps += 1) {
      if (at === subject) return true;
      at = view.heads[at] as number;
    }
    return false;
  };
  for (let index = subject + 1; index < predicate; index += 1)
    if (!BETWEEN_SUBJECT_AND_VERB.has(view.pos[index] ?? '') && !(subjectGroup && inSubjectGroup(index)))
      return false;
  if (
    subjectGroup &&
    !tokens.some(
      (token, index) =>
        index > predicate &&
        token.headStart === tokens[predicate]?.start &&
        OBJECT_RELATION.test(token.deprel),
    )
  )
    return false;
  return !view.syntactic.tokens.some(
    (token) =>
      token.headStart === view.syntactic.tokens[predicate]?.start && OPERATOR_RELATION.test(token.deprel),
  );
}

/**
 * "We welcome comments on the draft", "They benefit twice": a nominative pronoun ("I", "we", "he",
 * "she", "they") is only ever a Subject, so the word right after it (past adverbs such as "also",
 * "never") with a verb reading is its Finite, whatever class the tagger gave it and wherever the parse
 * hung the pronoun. Returns its local index, or -1.
 */
function verbAfterPronounSubject(view: ClauseView, subject: number): number {
  if (!NOMINATIVE_PRONOUNS.has(view.lower[subject] ?? '')) return -1;
  // An operator before the pronoun ("Did they dance well") is the Finite of a question, not a slip.
  for (let index = 0; index < subject; index += 1)
    if (
      OPERATOR_RELATION.test(view.syntactic.tokens[index]?.deprel ?? '') ||
      FINITE_OPERATOR_FORMS.has(view.lower[index] ?? '')
    )
      return -1;
  let next = subject + 1;
  while (view.pos[next] === 'ADV') next += 1;
  const word = view.lower[next] ?? '';
  const tag = view.pos[next] ?? '';
  if (!SLIP_TAGS.has(tag) || word.endsWith('ing') || ONLY_PARTICIPLE_FORMS.has(word)) return -1;
  return verbReading(word) ? next : -1;
}

/** Classes the tagger gives a verb by mistake after a Subject pronoun. */
const SLIP_TAGS = new Set(['ADJ', 'NOUN', 'ADP', 'PROPN']);

/** The clause's Subject and Finite as the tree shows them. */
export function treeMoodFacts(
  view: ClauseView,
  first: number,
  disabled?: ReadonlySet<string>,
): TreeMoodFacts {
  const readings: string[] = [];
  const { tokens } = view.syntactic;
  const { heads } = view;
  let predicate = -1;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token === undefined || token.pos === 'PUNCT') continue;
    const outside = (heads[index] as number) < 0;
    if (!outside) continue;
    if (token.headStart === null) {
      predicate = index;
      break;
    }
    if (predicate < 0) predicate = index;
  }
  let subject = -1;
  let finite = -1;
  let subjectRelation = '';
  let finiteRelation = '';
  const predicateToken = predicate >= 0 ? tokens[predicate] : undefined;
  /**
   * Whether the token at `index` belongs to the predicate's own clause: its head chain reaches the
   * predicate inside the clause through no clausal relation ("This is one thought-provoking film",
   * where the parse hangs Subject and copula on "thought", a compound of "film", still counts).
   */
  const own = (index: number): boolean => {
    let at = heads[index] as number;
    for (let steps = 0; at >= 0 && steps < tokens.length; steps += 1) {
      if (at === predicate) return true;
      const relation = tokens[at]?.deprel ?? '';
      if (CLAUSAL_RELATION.test(relation)) return false;
      at = heads[at] as number;
    }
    return false;
  };
  /**
   * Whether a non-finite operator at `index` lies inside the Subject's phrase ("being" in "Being active
   * predicts a longer life", which the parse may hang on the Subject): it is the Subject's copula and
   * does not stop the search for the clause's Finite. A finite one there is still read as the Finite
   * (where the parse hangs the clause's copula on a nominal it took for a Subject).
   */
  const insideSubject = (index: number): boolean => {
    let at = heads[index] as number;
    for (let steps = 0; at >= 0 && at !== predicate && steps < tokens.length; steps += 1) {
      if (SUBJECT_RELATION.test(tokens[at]?.deprel ?? '')) return true;
      at = heads[at] as number;
    }
    return false;
  };
  if (predicateToken !== undefined) {
    for (let index = 0; index < tokens.length; index += 1) {
      const token = tokens[index];
      if (token === undefined || index === predicate) continue;
      if (SUBJECT_RELATION.test(token.deprel) && own(index)) {
        if (subject < 0) {
          subject = index;
          subjectRelation = token.deprel;
        }
      }
    }
    for (let index = 0; index < tokens.length; index += 1) {
      const token = tokens[index];
      if (token === undefined) continue;
      const operator = index !== predicate && OPERATOR_RELATION.test(token.deprel) && own(index);
      if (!operator && index !== predicate) continue;
      if (finiteForm(view, index, subject >= 0 && subject < index)) {
        finite = index;
        finiteRelation = index === predicate ? 'predicate' : token.deprel;
        break;
      }
      // A non-finite operator ("be", "been", "to have") before the predicate: the group is not tensed.
      if (operator && index < predicate) {
        if (disabled?.has(TREE_READINGS.operatorInSubject) !== true && insideSubject(index)) {
          if (!readings.includes(TREE_READINGS.operatorInSubject))
            readings.push(TREE_READINGS.operatorInSubject);
          continue;
        }
        break;
      }
    }
    if (finite < 0 && subject >= 0 && misreadTensedPredicate(view, subject, predicate)) {
      finite = predicate;
      finiteRelation = 'predicate (a tensed verb tagged as noun or adjective)';
    }
    if (
      finite < 0 &&
      subject >= 0 &&
      disabled?.has(TREE_READINGS.tensedAfterSubjectGroup) !== true &&
      misreadTensedPredicate(view, subject, predicate, true)
    ) {
      finite = predicate;
      finiteRelation = 'predicate (a tensed verb tagged as noun or adjective, after the Subject’s group)';
      readings.push(TREE_READINGS.tensedAfterSubjectGroup);
    }
    if (finite < 0 && subject >= 0 && disabled?.has(TREE_READINGS.pronounSubjectVerb) !== true) {
      const slip = verbAfterPronounSubject(view, subject);
      if (slip >= 0) {
        finite = slip;
        finiteRelation = 'a verb after a Subject pronoun (tagged as another class)';
        readings.push(TREE_READINGS.pronounSubjectVerb);
      }
    }
    if (subject >= 0 && finite < 0 && disabled?.has(TREE_READINGS.subjectOnInnerVerb) !== true) {
      // "Some of the staff also get cheap tickets", parsed with "Some" as the root and "get" as its
      // modifier: the Subject hangs on a verb of this clause (no clausal relation between it and the
      // predicate), and that verb, or its operator, in a finite form after the Subject is the Finite.
      const verb = heads[subject] as number;
      const verbStart = verb < 0 ? undefined : tokens[verb]?.start;
      // A WH-word Subject or a subordinator on the verb ("for who wants to", "because it rains") marks a
      // dependent clause the segmentation left inside this one: not the clause's own Subject.
      const dependent =
        WH_WORDS.has(view.lower[subject] ?? '') ||
        tokens.some((token) => token.headStart === verbStart && /^mark(:|$)/.test(token.deprel));
      if (verb >= 0 && verb !== predicate && verb > subject && view.pos[verb] === 'VERB' && !dependent) {
        let found = verb;
        for (let at = subject + 1; at < verb; at += 1)
          if (tokens[at]?.headStart === verbStart && OPERATOR_RELATION.test(tokens[at]?.deprel ?? '')) {
            found = at;
            break;
          }
        if (finiteForm(view, found, true)) {
          finite = found;
          finiteRelation =
            found === verb
              ? `verb of the Subject ("${tokens[verb]?.text ?? ''}" below the root)`
              : (tokens[found]?.deprel ?? '');
          readings.push(TREE_READINGS.subjectOnInnerVerb);
        }
      }
    }
    // "And Susan's going to it too": the tagger read the clitic "is" as a possessive on the Subject.
    const clitic = predicate - 1;
    if (
      finite < 0 &&
      subject >= 0 &&
      subject === clitic - 1 &&
      view.pos[predicate] === 'VERB' &&
      (view.lower[predicate] ?? '').endsWith('ing') &&
      S_CLITICS.has(view.lower[clitic] ?? '')
    ) {
      finite = clitic;
      finiteRelation = 'clitic "is" read as a possessive';
    }
  }
  return {
    predicate,
    predicateRelation: predicateToken?.deprel ?? 'none',
    subject,
    subjectRelation,
    finite,
    finiteRelation,
    first,
    sentenceFinal: view.sentenceFinal,
    dependency: view.syntactic.dependency,
    // A reading counts only where a Finite was found (an operator skipped inside the Subject otherwise decided nothing).
    readings: finite < 0 ? [] : readings,
  };
}

/** Premises a tree rule cites: the relations it read. */
export function treePremises(view: ClauseView, facts: TreeMoodFacts): Premise[] {
  const word = (index: number) => view.syntactic.tokens[index]?.text ?? '';
  const readings: Premise[] = facts.readings.map((id) => ({ label: 'tree_reading', value: id }));
  return [
    ...readings,
    {
      label: 'tree_predicate',
      value: facts.predicate < 0 ? 'none' : `${word(facts.predicate)}/${facts.predicateRelation}`,
    },
    {
      label: 'tree_subject',
      value:
        facts.subject < 0 ? 'none (no nsubj/csubj/expl)' : `${word(facts.subject)}/${facts.subjectRelation}`,
    },
    {
      label: 'tree_finite',
      value:
        facts.finite < 0
          ? 'none (no finite aux/cop or verb)'
          : `${word(facts.finite)}/${facts.finiteRelation}`,
    },
  ];
}

export interface MoodTreeRule {
  readonly id: string;
  /** What the rule reads, in plain words. */
  readonly description: string;
  readonly when: (facts: TreeMoodFacts, view: ClauseView) => boolean;
  readonly mood: Mood;
  /** Invented sentences whose main clause this rule decides (run as its tests). */
  readonly examples: readonly string[];
}

/** Clauses the tree rules read: independent or paratactic statements with no "?" and no WH-element first. */
function statementCandidate(facts: TreeMoodFacts, view: ClauseView): boolean {
  return (
    (facts.dependency === 'independent' || facts.dependency === 'paratactic') &&
    facts.sentenceFinal !== '?' &&
    !WH_WORDS.has(view.lower[facts.first] ?? '') &&
    !LET_FORMS.has(view.lower[facts.first] ?? '') &&
    facts.predicate >= 0
  );
}

/**
 * "Tom, please contact Vernon", "Questions: please call Joan": a base-form verb as the only Finite,
 * with punctuation or "please" between it and the nominal the parse took for its Subject: a vocative or
 * a label, and a command.
 */
function vocativeBeforeBaseVerb(facts: TreeMoodFacts, view: ClauseView): boolean {
  if (facts.finite !== facts.predicate || view.lower[facts.finite] !== view.lemma[facts.finite]) return false;
  for (let index = facts.subject + 1; index < facts.finite; index += 1)
    if (view.pos[index] === 'PUNCT' || view.lower[index] === 'please') return true;
  return DEFECTIVE_VERBS.has(view.lower[facts.finite] ?? '');
}

/**
 * A base-form verb opens the clause before the Subject the parse found ("Stop even if you're busy",
 * "Also, take note of which box it is in"): the Subject belongs to a clause inside; the word-order
 * rules read the command.
 */
function baseVerbFirst(facts: TreeMoodFacts, view: ClauseView): boolean {
  const first = facts.first;
  return (
    first < facts.subject &&
    view.pos[first] === 'VERB' &&
    view.lower[first] === (view.lemma[first] ?? '').toLowerCase()
  );
}

/**
 * The operator is followed (past "not" and adverbs) by a verb or another operator, so no Subject can
 * stand between them ("Should be fine", not "Can a chair fly", whose parse may lose the Subject).
 */
function verbAfterOperator(view: ClauseView, operator: number): boolean {
  let next = operator + 1;
  while (view.pos[next] === 'PART' || view.pos[next] === 'ADV') next += 1;
  if (view.pos[next] === 'AUX') return true;
  // "Is gardening a hobby", "Is jogging allowed": after "be" an -ing form may be the Subject.
  if (FINITE_BE_FORMS.has(view.lower[operator] ?? '') && (view.lower[next] ?? '').endsWith('ing'))
    return false;
  // "Can bats see", "Are giraffes tall": an -s form cannot follow an operator, so it is a plural Subject.
  const word = view.lower[next] ?? '';
  return view.pos[next] === 'VERB' && (!word.endsWith('s') || word === view.lemma[next]);
}

/** Parts of speech of a root that is no predicator without a copula or auxiliary. */
const NOMINAL_ROOT_TAGS = new Set(['NOUN', 'PROPN', 'NUM', 'SYM', 'X', 'ADJ']);
/** Relations that give a clause a predicate of its own: a Subject, a copula, an auxiliary. */
const PREDICATE_RELATION = /^(nsubj|csubj|expl|aux|cop)(:|$)/;

/**
 * "Aerogel slice removed with an ultrasonic blade", "$0 - Amount approved by the board", "Unique tree
 * carvings done by the Moriori": the sentence root is a noun, name, number or adjective with no Subject,
 * copula or auxiliary, and every verb of the clause is a participle the tree hangs on a nominal as its
 * `acl` (or a word inside such a participle's phrase): a participle modifies a noun and is no Finite,
 * whatever word order the tagger's verb suggests. A verb the tree reads as `amod` or `compound` ("The
 * delay worried investors") is left to the word-order rules.
 */
function participleModifierRoot(facts: TreeMoodFacts, view: ClauseView): boolean {
  if (facts.predicateRelation !== 'root' || facts.subject >= 0 || facts.finite >= 0) return false;
  const { tokens } = view.syntactic;
  if (!NOMINAL_ROOT_TAGS.has(view.pos[facts.predicate] ?? '')) return false;
  const { heads } = view;
  /**
   * An `acl` verb in "-ing" or a form that is only a participle ("taken", "shown"), or another tensed
   * form with a "by" agent ("approved by the board", "done by the Moriori"); without one it may be a
   * tensed verb the parse hung on its Subject ("the storm threatened oil installations", "the
   * population soared").
   */
  const participle = (index: number): boolean => {
    const word = view.lower[index] ?? '';
    if (view.pos[index] !== 'VERB' || tokens[index]?.deprel !== 'acl') return false;
    if (word === (view.lemma[index] ?? '').toLowerCase()) return false;
    if (word.endsWith('ing') || ONLY_PARTICIPLE_FORMS.has(word)) return true;
    const start = tokens[index]?.start;
    return (
      !word.endsWith('s') && tokens.some((token) => token.headStart === start && token.deprel === 'obl:agent')
    );
  };
  /** Whether the token at `index` is a participle modifier or lies inside one's phrase. */
  const inside = (index: number): boolean => {
    let at = index;
    for (let steps = 0; at >= 0 && steps < tokens.length; steps += 1) {
      if (at === facts.predicate) return false;
      if (participle(at)) return true;
      at = heads[at] as number;
    }
    return false;
  };
  let found = false;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token === undefined) continue;
    // A modal or tensed operator, or a verb in "-s", is finite wherever the parse hung it ("A ball
    // flying in the air can hurt", "Flowers blooming create a change"): no caption.
    if (token.pos === 'AUX' && FINITE_OPERATOR_FORMS.has(view.lower[index] ?? '')) return false;
    const verbal = token.pos === 'VERB' || token.pos === 'AUX' || PREDICATE_RELATION.test(token.deprel);
    if (!verbal) continue;
    if (!inside(index)) return false;
    if (participle(index)) found = true;
    // Inside a participle's phrase only non-finite forms: "-ing", a form that is only a participle, a
    // "to"-infinitive ("showing particle tracks", "used to cut"), a verb modifying a noun ("stuck-up"); another verb may be the clause's Finite
    // the parse hung there ("Flowers blooming create a change", "Sunlight streaming in lit up the room").
    else if (
      token.pos === 'VERB' &&
      !/^(amod|compound)(:|$)/.test(token.deprel) &&
      !(view.lower[index] ?? '').endsWith('ing') &&
      !ONLY_PARTICIPLE_FORMS.has(view.lower[index] ?? '') &&
      view.lower[index - 1] !== 'to'
    )
      return false;
  }
  return found;
}

/**
 * Whether the clause's first experiential element is an -ing verb ("paying", "being", "having") whose
 * head in the tree is the predicate, before the Finite ("And paying such bills has helped the town").
 */
function gerundOpensClause(facts: TreeMoodFacts, view: ClauseView): boolean {
  const first = facts.first;
  const word = view.lower[first] ?? '';
  const tag = view.pos[first];
  if ((tag !== 'VERB' && tag !== 'AUX') || !word.endsWith('ing') || first >= facts.finite) return false;
  const { tokens } = view.syntactic;
  return tokens[first]?.headStart === tokens[facts.predicate]?.start;
}

/** Parts of speech a tensed verb after a nominal root may carry by a tagger slip. */
const VERB_SLIP_TAGS = new Set(['NOUN', 'ADJ', 'VERB']);

/**
 * "Thin frost lines veined the pane", "Golden lichen patches speckled the stones": the sentence root is
 * a noun or name with no Subject, Finite or preposition on it, and the next word (past adverbs) has a
 * verb reading in a tensed form ("-ed", "-s", or the base form after a plural) and words of its own
 * after it (an object, a phrase, or a determiner right after it): the parse took the verb for a
 * modifier, and the root is its Subject. Returns the verb's local index, or -1.
 */
function verbAfterNominalRoot(facts: TreeMoodFacts, view: ClauseView): number {
  if (facts.predicateRelation !== 'root' || facts.subject >= 0 || facts.finite >= 0) return -1;
  const root = facts.predicate;
  const rootTag = view.pos[root] ?? '';
  if (rootTag !== 'NOUN' && rootTag !== 'PROPN') return -1;
  const { tokens } = view.syntactic;
  const rootStart = tokens[root]?.start;
  if (tokens.some((token) => token.headStart === rootStart && token.deprel === 'case')) return -1;
  let next = root + 1;
  while (view.pos[next] === 'ADV') next += 1;
  const word = view.lower[next] ?? '';
  if (!VERB_SLIP_TAGS.has(view.pos[next] ?? '') || word.endsWith('ing') || !verbReading(word)) return -1;
  // A verb the tree hangs on the root as `acl` is a participle modifier ("A slice removed with a blade").
  if (view.pos[next] === 'VERB' && /^acl(:|$)/.test(tokens[next]?.deprel ?? '')) return -1;
  const rootWord = view.lower[root] ?? '';
  const plural = rootWord.endsWith('s') && !rootWord.endsWith('ss');
  const tensed = TENSED_ENDING.test(word) || (plural && word === (view.lemma[next] ?? '').toLowerCase());
  if (!tensed) return -1;
  const start = tokens[next]?.start;
  const after = tokens.some(
    (token, index) => index > next && token.headStart === start && token.pos !== 'PUNCT',
  );
  // Or a determiner right after it: a modifier cannot stand before "the" ("speckled the old stones").
  return after || view.pos[next + 1] === 'DET' ? next : -1;
}

/** Whether only adverbs such as "never", "sometimes", "just" stand between the first element and the predicate. */
function onlyAdverbsBefore(view: ClauseView, first: number, predicate: number): boolean {
  if (first > predicate) return false;
  for (let index = first; index < predicate; index += 1)
    if (view.pos[index] !== 'ADV' || !LEFT_OUT_SUBJECT_ADVERBS.has(view.lower[index] ?? '')) return false;
  return true;
}

/** Tags of a nominal root a relative clause may hang on ("Any other combination you can think of"). */
const RELATIVE_HEAD_TAGS = new Set(['NOUN', 'PROPN', 'PRON', 'NUM']);
/** Relations that keep a nominal inside the root's phrase ("the amount of a loan which ..."). */
const NOMINAL_CHAIN = /^(nmod|conj|appos|compound|flat|nummod|obl)(:|$)/;

/**
 * "Any other combination you can think of!", "The only thing I'll say to this ...", "But light where
 * stars were born": the sentence root is a noun, name, pronoun or number with no Subject or Finite of
 * its own, and every Subject and every Finite of the clause lies inside a relative clause (`acl:relcl`)
 * that follows the nominal it modifies, inside the root's phrase: a nominal group with its
 * qualifier, and no Finite of the clause's own.
 */
function relativeOnNominalRoot(facts: TreeMoodFacts, view: ClauseView): boolean {
  if (facts.predicateRelation !== 'root' || facts.subject >= 0 || facts.finite >= 0) return false;
  if (!RELATIVE_HEAD_TAGS.has(view.pos[facts.predicate] ?? '')) return false;
  const { tokens } = view.syntactic;
  // A time noun with a relative clause opens a clause as its adjunct ("The first night I dreamed of
  // home", "Every time you win you get a card").
  if (TIME_NOUNS.has(view.lower[facts.predicate] ?? '')) return false;
  // A root with a preposition is an opening adjunct the parse made the root ("In this house I wrote
  // the book"), not a noun group.
  const rootStart = tokens[facts.predicate]?.start;
  if (tokens.some((token) => token.headStart === rootStart && /^(case|mark)(:|$)/.test(token.deprel)))
    return false;
  const { heads } = view;
  /** Whether `index` hangs on the root through nominal relations only (or is the root). */
  const inRootPhrase = (index: number): boolean => {
    let at = index;
    for (let steps = 0; at >= 0 && steps < tokens.length; steps += 1) {
      if (at === facts.predicate) return true;
      if (!RELATIVE_HEAD_TAGS.has(view.pos[at] ?? '') || !NOMINAL_CHAIN.test(tokens[at]?.deprel ?? ''))
        return false;
      at = heads[at] as number;
    }
    return false;
  };
  /** Whether `index` is a relative clause's verb, or lies inside one, on a nominal of the root's phrase before it. */
  const insideRelative = (index: number): boolean => {
    let at = index;
    for (let steps = 0; at >= 0 && steps < tokens.length; steps += 1) {
      if (at === facts.predicate) return false;
      if (tokens[at]?.deprel === 'acl:relcl') {
        const head = heads[at] as number;
        return head >= 0 && head < at && inRootPhrase(head);
      }
      at = heads[at] as number;
    }
    return false;
  };
  let first = -1;
  let wh = false;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token === undefined || index === facts.predicate) continue;
    const word = view.lower[index] ?? '';
    if (first >= 0 && WH_WORDS.has(word)) wh = true;
    const finiteLike =
      (token.pos === 'AUX' && FINITE_OPERATOR_FORMS.has(word)) ||
      (token.pos === 'VERB' && !word.endsWith('ing') && !NON_FINITE_BEFORE.has(view.lower[index - 1] ?? ''));
    if (!finiteLike && !SUBJECT_RELATION.test(token.deprel)) continue;
    if (!insideRelative(index)) return false;
    if (first < 0 && token.deprel === 'acl:relcl') {
      // The relative clause's own Subject (or relative word) stands before its verb.
      // The relative clause's own Subject (or relative word) stands before its verb, with no
      // preposition or subordinator right before it ("by you is prohibited" is a passive's agent).
      const start = token.start;
      const subject = tokens.findIndex(
        (other, at) => at < index && other.headStart === start && SUBJECT_RELATION.test(other.deprel),
      );
      const before = view.pos[subject - 1];
      if (subject < 0 || before === 'ADP' || before === 'SCONJ') return false;
      // With no relative word, the clause has a gap where the head noun belongs: a verb with its object
      // or a clause of its own, or a Subject after a comma, is a clause after an opening adjunct ("This
      // way we kept the knowledge", "Something lighter this week, I hope").
      const relativeWord = tokens.some(
        (other, at) =>
          at < index &&
          other.headStart === start &&
          (WH_WORDS.has(view.lower[at] ?? '') || view.lower[at] === 'that'),
      );
      if (
        !relativeWord &&
        (before === 'PUNCT' ||
          tokens.some((other) => other.headStart === start && /^(obj|ccomp|xcomp)(:|$)/.test(other.deprel)))
      )
        return false;
      first = index;
    } else if (first >= 0 && index > first && !wh) {
      // A Finite or Subject after the relative clause's verb with no relative word before it is the
      // clause's own the parse hung inside ("The only form I can find is the old one").
      return false;
    }
  }
  // The relative clause runs to the end of the sentence: the clause ends in its final punctuation
  // (a clause cut off by a comma may be the Subject of a verb the segmentation put in the next one).
  const last = view.lower[view.lower.length - 1] ?? '';
  return first >= 0 && (view.pos[view.lower.length - 1] !== 'PUNCT' || SENTENCE_END_MARKS.test(last));
}

/**
 * Ordered: array order is apply order; the first rule whose `when` holds decides, and a clause no rule
 * decides goes on to the word-order rules of `classifyMood`.
 */
export const MOOD_TREE_RULES: readonly MoodTreeRule[] = [
  {
    id: 'MOOD.TREE_SUBJECT_BEFORE_FINITE',
    description:
      'the predicate has a Subject (nsubj, nsubj:pass, csubj, expl) and a Finite (finite aux/cop or tensed verb) after it, whatever opens the clause or stands in the Subject',
    when: (facts, view) =>
      statementCandidate(facts, view) &&
      facts.subject >= 0 &&
      facts.finite > facts.subject &&
      !vocativeBeforeBaseVerb(facts, view) &&
      !baseVerbFirst(facts, view),
    mood: 'declarative',
    examples: [
      'The chart on the next page, drawn from the 2019 survey, shows a steady rise.',
      'And the price of bread had doubled.',
      'Studying maps is a bit like reading novels.',
    ],
  },
  {
    id: 'MOOD.TREE_FINITE_AFTER_OPENING',
    description:
      'the Finite comes before the Subject but not first: something else opens the clause ("Attached is ...", "Here are ..."), so no question',
    when: (facts, view) =>
      statementCandidate(facts, view) &&
      facts.subject >= 0 &&
      facts.finite >= 0 &&
      facts.finite < facts.subject &&
      facts.finite > facts.first &&
      view.pos[facts.first] !== 'AUX',
    mood: 'declarative',
    examples: ['Attached is the signed lease for the flat.', 'Enclosed are the keys to the garage.'],
  },
  {
    id: 'MOOD.TREE_GERUND_SUBJECT',
    description:
      'the clause opens with an -ing verb (or "being", "having") that hangs on the predicate, the predicate has a Finite after it and no other Subject: the -ing clause is the Subject (csubj) the parse missed, so Subject before Finite',
    when: (facts, view) =>
      statementCandidate(facts, view) &&
      facts.dependency === 'independent' &&
      facts.subject < 0 &&
      facts.finite > facts.first &&
      gerundOpensClause(facts, view),
    mood: 'declarative',
    examples: [
      'And paying such bills on time has helped the whole town.',
      'But walking the dog daily has improved his mood.',
    ],
  },
  {
    id: 'MOOD.TREE_NOMINAL_ROOT_THEN_VERB',
    description:
      'the sentence root is a noun or name with no Subject, Finite or preposition, followed (past adverbs) by a word with a verb reading in a tensed form that has words of its own after it: the parse took the verb for a modifier, and the root is its Subject',
    when: (facts, view) =>
      statementCandidate(facts, view) &&
      facts.dependency === 'independent' &&
      verbAfterNominalRoot(facts, view) >= 0,
    mood: 'declarative',
    examples: ['Thin frost lines veined the window pane.', 'Golden lichen patches speckled the old stones.'],
  },
  {
    id: 'MOOD.TREE_NO_SUBJECT',
    description:
      'the sentence root is a tensed lexical verb (not its base form), first in the clause or after adverbs only, with no Subject in the tree ("Looks good", "Never gives a receipt"): the Subject is left out, so the clause is no declarative',
    when: (facts, view) =>
      statementCandidate(facts, view) &&
      facts.dependency === 'independent' &&
      facts.predicateRelation === 'root' &&
      facts.subject < 0 &&
      facts.finite === facts.predicate &&
      view.pos[facts.predicate] === 'VERB' &&
      view.lower[facts.predicate] !== (view.lemma[facts.predicate] ?? '').toLowerCase() &&
      view.lemma[facts.predicate] !== 'let' &&
      !FINITE_OPERATOR_FORMS.has(view.lower[facts.predicate] ?? '') &&
      onlyAdverbsBefore(view, facts.first, facts.predicate),
    mood: 'fragment',
    examples: [
      'Looks good to me.',
      'Sounds like a plan.',
      'Sent by: Dana Whitfield',
      'Never gives a receipt.',
      'Sometimes even forgets the sauce.',
    ],
  },
  {
    id: 'MOOD.TREE_NO_SUBJECT_OPERATOR',
    description:
      'a modal or a tensed "be" or "have" opens the clause as its Finite and the tree gives the predicate no Subject, with no "?" ("Should be fine", "Haven\'t heard from you"): the Subject is left out, so no declarative and no question',
    when: (facts, view) =>
      statementCandidate(facts, view) &&
      facts.dependency === 'independent' &&
      facts.predicateRelation === 'root' &&
      facts.subject < 0 &&
      facts.first !== facts.predicate &&
      view.pos[facts.first] === 'AUX' &&
      LEFT_OUT_SUBJECT_OPERATORS.has(view.lower[facts.first] ?? '') &&
      verbAfterOperator(view, facts.first),
    mood: 'fragment',
    examples: [
      'Should be fine by Friday.',
      "Haven't heard from the landlord in weeks.",
      'Will be there at noon.',
    ],
  },
  {
    id: 'MOOD.TREE_RELATIVE_ON_NOMINAL_ROOT',
    description:
      'the sentence root is a noun, name, pronoun or number with no Subject or Finite, and every Subject and Finite of the clause lies inside a relative clause on a nominal of the root\'s phrase ("Any other topping you can think of!"): a nominal group with its qualifier, no Finite of its own',
    when: (facts, view) =>
      statementCandidate(facts, view) &&
      facts.dependency === 'independent' &&
      relativeOnNominalRoot(facts, view),
    mood: 'fragment',
    examples: [
      'Just what the kids have always wanted.',
      'The only thing I will add to this ...',
      'One long queue where guests were expected to wait for an hour.',
    ],
  },
  {
    id: 'MOOD.TREE_PARTICIPLE_MODIFIER',
    description:
      "the sentence root is a noun, name, number or adjective with no Subject, copula or auxiliary, and every verb in the clause is a participle hung on a nominal as `acl` (or inside one's phrase): a caption or list entry with no Finite",
    when: (facts, view) =>
      statementCandidate(facts, view) &&
      facts.dependency === 'independent' &&
      participleModifierRoot(facts, view),
    mood: 'fragment',
    examples: [
      'A portrait painted by his sister in 1901.',
      'Unique tree carvings done by the Moriori people hundreds of years ago.',
    ],
  },
];

/** Subject relations of the tree, as full relation names (no regex per token). */
const SUBJECT_RELATIONS: ReadonlySet<string> = new Set([
  'nsubj',
  'nsubj:pass',
  'nsubj:outer',
  'csubj',
  'csubj:pass',
  'csubj:outer',
  'expl',
]);
const OPERATOR_RELATIONS: ReadonlySet<string> = new Set(['aux', 'aux:pass', 'cop']);
/**
 * Relations that make a verb's clause dependent: a relative, adverbial or content clause, a clausal
 * Subject, a participle or infinitive modifying a noun. A Subject and Finite on such a verb, or below
 * it, belong to a dependent clause the segmentation left inside the main one.
 */
const DEPENDENT_RELATIONS: ReadonlySet<string> = new Set([
  'acl',
  'acl:relcl',
  'advcl',
  'advcl:relcl',
  'ccomp',
  'csubj',
  'csubj:pass',
  'xcomp',
  'reparandum',
]);
/** Dependents that mark a clause as dependent (a subordinator, "to"). */
const MARKER_RELATIONS: ReadonlySet<string> = new Set(['mark']);

/**
 * "WHEREAS, a body of men calling themselves the Congress are now in session", "Spain: Renewing the
 * permit is a simple matter.": the parse roots the sentence on a word with no Subject or Finite of its
 * own (a label, an opening adverb) and hangs the statement below it (as `parataxis`, `obl`, `conj`,
 * ...). A word of the clause with a Subject dependent (nsubj, csubj, expl) before its Finite (itself in
 * a tensed form, or its first aux/cop in a finite one), where neither that word nor any word between
 * it and the root is a dependent clause (`acl`, `acl:relcl`, `advcl`, `ccomp`, `csubj`, `xcomp`) or
 * carries a subordinator or a coordinator (which opens a second clause), and the Subject is no WH-word
 * or relative "that", is the clause's Subject and Finite.
 * A root that is a tensed verb itself ("Checked in late, but staff was kind") has its Subject left out:
 * then nothing is found. Returns "Subject/Finite" as found, or ''.
 */
export function statementBelowRoot(view: ClauseView): string {
  const { tokens } = view.syntactic;
  const { heads } = view;
  const count = tokens.length;
  // A root that is itself a tensed verb with its Subject left out ("Checked in late, but staff was
  // kind") is the clause's predicate: a Subject below it opens a second clause, not this one's.
  for (let index = 0; index < count; index += 1)
    if (tokens[index]?.headStart === null && view.pos[index] === 'VERB' && tensedRoot(view, index)) return '';
  for (let subject = 0; subject < count; subject += 1) {
    const subjectToken = tokens[subject];
    if (subjectToken === undefined || !SUBJECT_RELATIONS.has(subjectToken.deprel)) continue;
    const word = view.lower[subject] ?? '';
    if (WH_WORDS.has(word) || word === 'that') continue;
    const verb = heads[subject] as number;
    if (verb < 0 || verb < subject) continue;
    // The verb and its ancestors inside the clause: no dependent clause, no subordinator, and no
    // coordinator ("To free the town, but it was a failure": "but" opens a second clause).
    let dependent = false;
    for (let at = verb, steps = 0; at >= 0 && steps < count; steps += 1) {
      if (DEPENDENT_RELATIONS.has(tokens[at]?.deprel ?? '') || hasCoordinator(tokens, at)) {
        dependent = true;
        break;
      }
      at = heads[at] as number;
    }
    if (dependent) continue;
    const verbStart = tokens[verb]?.start;
    let finite = -1;
    let marked = false;
    for (let index = 0; index < count; index += 1) {
      const token = tokens[index];
      if (token === undefined || token.headStart !== verbStart || index === subject) continue;
      if (MARKER_RELATIONS.has(token.deprel)) marked = true;
      if (finite < 0 && index > subject && index < verb && OPERATOR_RELATIONS.has(token.deprel)) {
        // The first operator decides: a non-finite one ("to be", "been") leaves the group untensed.
        finite = finiteForm(view, index, true) ? index : -2;
      }
    }
    if (marked || finite === -2) continue;
    if (finite < 0 && finiteForm(view, verb, true)) finite = verb;
    if (finite < 0) continue;
    return `${tokens[subject]?.text ?? ''}/${subjectToken.deprel} ${tokens[finite]?.text ?? ''}/${
      finite === verb ? tokens[verb]?.deprel : tokens[finite]?.deprel
    }`;
  }
  return '';
}

/** A verb in an "-ed" or "-s" form (not its base form, not "-ing", no "to" before it): tensed, or a participle. */
function tensedRoot(view: ClauseView, index: number): boolean {
  const word = view.lower[index] ?? '';
  return (
    word !== (view.lemma[index] ?? '').toLowerCase() &&
    !word.endsWith('ing') &&
    view.lower[index - 1] !== 'to' &&
    TENSED_ENDING.test(word)
  );
}

/** Whether the token at `index` (not the root) has a coordinator (`cc`) among its dependents. */
function hasCoordinator(tokens: ClauseView['syntactic']['tokens'], index: number): boolean {
  const start = tokens[index]?.start;
  if (tokens[index]?.headStart === null) return false;
  for (const token of tokens) if (token.headStart === start && token.deprel === 'cc') return true;
  return false;
}
