import type { ClauseAnnotation, Conclusion, LabelRule, Mood, Premise, Syntactic } from '@cae/core';
import { type ViewArrays, viewClause } from './clause-view';
import type { ListContext } from './contract-modality';
import { type IdeationalState, reviseIdeational } from './ideational-rules';
import { NEGATIVE_WORDS, POSITIVE_WORDS } from './lexicons/mood-lexicon';
import { LIST_OPERATOR } from './list-operator';
import { analyzeModality, type ModalityDecision, projectModality } from './modality-analyzer';
import { classifyMood } from './mood-classifier';
import {
  LABEL_NON_FINITE_PARTICIPANTS,
  LABEL_NON_FINITE_THEME,
  nonFiniteUtterance,
  SPEAKER_LABEL_MOOD,
  SPEAKER_LABEL_PARTICIPANTS,
  SPEAKER_LABEL_THEME,
  shiftIdeational,
  speakerUtterance,
} from './speaker-label';
import { isPassive, scoreTenor } from './tenor-scorer';
import { afterLabel, analyzeTheme } from './theme-analyzer';
import { traceHash } from './trace-hash';
import { analyzeTransitivity } from './transitivity-analyzer';
import { treeTransitivity } from './transitivity-tree';

/** What pass 2 may know beyond the clause itself. */
export interface AnnotationContext {
  /** Punctuation that ends the clause's sentence; defaults to the clause's own final punctuation. */
  readonly sentenceFinal?: string;
  /** Earlier clauses of the document, for cohesive references. */
  readonly previous?: readonly Syntactic[];
  /** The moods of `previous`, in the same order (MOOD.COORDINATED_WITH_NON_COMMAND reads them). */
  readonly previousMoods?: readonly Mood[];
  /** ISO timestamp for the reasoning trace. */
  readonly generatedAt: string;
  /** Token columns already computed for the clause (lower-cased text, lemmas, tags). */
  readonly arrays?: ViewArrays;
  /** The clause projects a reported, quoted or ccomp clause (a frame for its process type). */
  readonly projects?: boolean;
  /** The clause is (part of) a heading of a structured document: a fragment, not a move. */
  readonly heading?: boolean;
  /** The clause is dependent in form but its sentence has no independent clause: the sentence's move. */
  readonly standalone?: boolean;
  /** Rule ids switched off (`createPipeline({ disabledRules })`); the mood tree rules read it. */
  readonly disabledRules?: ReadonlySet<string>;
  /** `false`: participants and circumstances from the word-order analysis alone, not the tree (transitivity-tree.ts). */
  readonly treeParticipants?: boolean;
  /**
   * The list of duties the clause is a member of (the pipeline's list state): MOOD.DUTY_LIST_MEMBER reads
   * its mood from it, MODALITY.LIST_OPERATOR its operator.
   */
  readonly list?: ListContext;
}

function sentimentOf(lower: readonly string[], negative: boolean): 'positive' | 'negative' | 'neutral' {
  let score = 0;
  for (const word of lower) {
    if (POSITIVE_WORDS.has(word)) score += 1;
    else if (NEGATIVE_WORDS.has(word)) score -= 1;
  }
  if (negative) score = -score;
  return score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral';
}

/** The operator word of the list of duties a clause is a member of ('' when it is none). */
function listOperatorOf(list: ListContext | undefined): string {
  const member = list?.member;
  return member === undefined ? '' : (member.opener.tokens[member.operator]?.text.toLowerCase() ?? '');
}

/** Speaker attitude composed from speech function, polarity, modality and sentiment. */
export function composeAttitude(
  mood: Mood,
  modality: ModalityDecision,
  sentiment: 'positive' | 'negative' | 'neutral',
  polite: boolean,
): string {
  if (mood === 'imperative')
    return polite ? 'polite request' : modality.polarity === 'negative' ? 'prohibitive' : 'directive';
  if (mood === 'interrogative') return polite || modality.weight > 0 ? 'polite request' : 'inquiring';
  if (mood === 'exclamative') return sentiment === 'negative' ? 'exasperated' : 'exclamatory';
  if (mood === 'minor') return sentiment === 'negative' ? 'apologetic' : 'phatic';
  if (mood === 'fragment') return 'neutral';
  if (modality.polarity === 'negative' && modality.weight >= 0.85) return 'emphatic negative';
  if (modality.type === 'obligation' && modality.weight >= 0.6) return 'obligating';
  if (modality.weight >= 0.85) return 'emphatic';
  if (modality.weight > 0 && modality.weight < 0.5) return 'tentative';
  if (modality.weight > 0) return 'qualified';
  if (sentiment === 'positive') return 'appreciative';
  if (sentiment === 'negative') return modality.polarity === 'negative' ? 'critical negative' : 'critical';
  return modality.polarity === 'negative' ? 'assertive negative' : 'assertive';
}

/**
 * Modality of the clause that a reported or that-clause depends on, when it is among the earlier
 * clauses; other clauses need none (their modality is never projected), so nothing is computed for them.
 */
function parentModality(
  syntactic: Syntactic,
  previous: readonly Syntactic[] | undefined,
  disabled?: ReadonlySet<string>,
): ModalityDecision | undefined {
  const { relation, parentClauseId } = syntactic;
  if (parentClauseId === null || (relation !== 'reported' && relation !== 'that') || previous === undefined)
    return undefined;
  for (let index = previous.length - 1; index >= 0; index -= 1) {
    const candidate = previous[index] as Syntactic;
    if (candidate.id === parentClauseId)
      return analyzeModality(viewClause(candidate), undefined, undefined, disabled);
  }
  return undefined;
}

/**
 * Pass 2 on one clause: mood, modality, polarity, tenor, attitude, transitivity and theme by rules,
 * with a reasoning trace whose hash covers premises, rule, conclusion and the rule of every other label.
 */
export function annotateClause(syntactic: Syntactic, context: AnnotationContext): ClauseAnnotation {
  const view = viewClause(syntactic, context.sentenceFinal, context.arrays);
  // MOOD.SPEAKER_LABEL: "Q: When did you first notice the leak?" has the mood of its utterance; the label
  // stays in the clause (and in what is searched), and a premise names it. PARTICIPANT.SPEAKER_LABEL and
  // THEME.SPEAKER_LABEL read participants and theme from the utterance too ("JOHN" is no Actor, "Q" no theme).
  const off = context.disabledRules;
  const moodOn = off?.has(SPEAKER_LABEL_MOOD) !== true;
  const participantsOn = off?.has(SPEAKER_LABEL_PARTICIPANTS) !== true;
  const themeOn = off?.has(SPEAKER_LABEL_THEME) !== true;
  const utterance =
    moodOn || participantsOn || themeOn ? speakerUtterance(syntactic, context.arrays) : undefined;
  const utteranceView =
    utterance === undefined
      ? undefined
      : viewClause(utterance.syntactic, view.sentenceFinal, utterance.arrays);
  const mood = classifyMood(
    (moodOn ? utteranceView : undefined) ?? view,
    context.heading === true,
    context.standalone === true,
    context.disabledRules,
    context.previous,
    listOperatorOf(context.list),
    context.previousMoods,
  );
  const modality = projectModality(
    analyzeModality(
      view,
      context.previous,
      context.disabledRules?.has(LIST_OPERATOR) === true ? undefined : context.list,
      context.disabledRules,
    ),
    syntactic.relation,
    parentModality(syntactic, context.previous, context.disabledRules),
    context.disabledRules,
  );
  // PARTICIPANT.LABEL_NON_FINITE / THEME.LABEL_NON_FINITE: "ACTION: J. Alvarez to write to management" has
  // the participants and theme of its non-finite utterance (the mood stays the whole line's).
  const nonFinite =
    utterance === undefined &&
    (off?.has(LABEL_NON_FINITE_PARTICIPANTS) !== true || off?.has(LABEL_NON_FINITE_THEME) !== true)
      ? nonFiniteUtterance(syntactic, context.arrays)
      : undefined;
  const nonFiniteView =
    nonFinite === undefined
      ? undefined
      : viewClause(nonFinite.syntactic, view.sentenceFinal, nonFinite.arrays);
  const ideaView =
    (participantsOn ? utteranceView : undefined) ??
    (off?.has(LABEL_NON_FINITE_PARTICIPANTS) === true ? undefined : nonFiniteView) ??
    view;
  const passive = isPassive(ideaView, context.disabledRules);
  const tenor = scoreTenor(view, mood.mood, passive);
  // Participants and circumstances from the tree, the word-order analysis where the tree gives none.
  const wordOrder = analyzeTransitivity(ideaView, passive, modality.polarity, mood.mood, {
    projects: context.projects === true,
    disabled: context.disabledRules,
  });
  const fromTree =
    context.treeParticipants === false
      ? { ideational: wordOrder, premises: NO_PREMISES, rules: NO_RULES }
      : treeTransitivity(ideaView, wordOrder, context.disabledRules);
  // Revisions of what the stages gave (ideational-rules.ts): a heading has no participants, "hold
  // harmless" is one process. Nothing is copied unless a row applies.
  const revised: IdeationalState = {
    ideational: fromTree.ideational,
    premises: fromTree.premises,
    rules: fromTree.rules,
  };
  reviseIdeational(revised, { view: ideaView, moodRule: mood.rule }, context.disabledRules);
  const ideaOffset =
    ideaView === view ? 0 : ideaView === utteranceView ? utterance?.offset : nonFinite?.offset;
  const ideational =
    ideaOffset === undefined || ideaOffset === 0
      ? revised.ideational
      : shiftIdeational(revised.ideational, ideaOffset);
  const themeView =
    (themeOn ? utteranceView : undefined) ??
    (off?.has(LABEL_NON_FINITE_THEME) === true ? undefined : nonFiniteView) ??
    view;
  const themed = analyzeTheme(themeView, mood.mood, {
    previous: context.previous ?? NO_CLAUSES,
    disabled: context.disabledRules,
  });
  const themeOffset =
    themeView === view ? 0 : themeView === utteranceView ? utterance?.offset : nonFinite?.offset;
  const textual =
    themeOffset === undefined || themeOffset === 0 ? themed : afterLabel(themed, syntactic, themeOffset);
  const features = tenor.features;
  let polite = false;
  for (let index = 0; index < features.length; index += 1) {
    const label = (features[index] as Premise).label;
    if (label === 'tenor.politeness_marker' || label === 'tenor.hedged_request') {
      polite = true;
      break;
    }
  }
  const negative = modality.polarity === 'negative';
  const sentiment = sentimentOf(view.lower, negative);
  const attitude = composeAttitude(mood.mood, modality, sentiment, polite);
  const premises: Premise[] = [];
  if (utterance !== undefined) premises.push({ label: 'speaker_label', value: utterance.label });
  else if (nonFinite !== undefined && (ideaView === nonFiniteView || themeView === nonFiniteView))
    premises.push({ label: 'speaker_label', value: nonFinite.label });
  for (let index = 0; index < mood.premises.length; index += 1)
    premises.push(internPremise(mood.premises[index] as Premise));
  for (let index = 0; index < modality.premises.length; index += 1)
    premises.push(internPremise(modality.premises[index] as Premise));
  premises.push(passive ? VOICE_PASSIVE : VOICE_ACTIVE);
  premises.push(SENTIMENT[sentiment]);
  for (let index = 0; index < features.length; index += 1) premises.push(features[index] as Premise);
  for (let index = 0; index < revised.premises.length; index += 1)
    premises.push(internPremise(revised.premises[index] as Premise));
  const conclusion: Conclusion = {
    mood: mood.mood,
    modalityWeight: modality.weight,
    processType: ideational.processType,
    tenor: tenor.tenor,
  };
  const rules: LabelRule[] = [
    ruleOf(MODALITY_RULES, 'modality_weight', modality.rule),
    negative ? POLARITY_NEGATIVE : POLARITY_POSITIVE,
    ruleOf(PROCESS_RULES, 'process_type', ideational.rawTransitivity.matched),
    TENOR_RULE,
    ruleOf(ATTITUDE_LABEL_RULES, 'speaker_attitude', attitudeRule(attitude)),
    textual.markedTheme ? THEME_MARKED : THEME_FIRST,
  ];
  for (let index = 0; index < revised.rules.length; index += 1) {
    const rule = revised.rules[index] as LabelRule;
    rules.push(ruleOf(TREE_RULES, rule.label, rule.rule));
  }
  const inferenceRule = mood.rule;
  const hash = traceHash(premises, inferenceRule, conclusion, rules);
  const verbLemma = ideational.rawTransitivity.verbLemma;
  // One flat string from a few cached pieces (a template literal would keep a tree of concatenations alive).
  const reasoning = [
    reasoningHead(mood.mood, inferenceRule),
    modality.cues.length > 0
      ? `modal cues (${modality.cues.join(', ')}) give weight ${modality.weight}`
      : 'no modal cue, so the clause is not modalised',
    processPart(ideational.processType),
    verbLemma === null ? 'is inferred from a verbless clause' : `"${verbLemma}"`,
    tenorPart(tenor.tenor, features.length),
  ].join('');
  return {
    ideational,
    interpersonal: {
      clauseId: syntactic.id,
      mood: mood.mood,
      modalityWeight: modality.weight,
      modalityType: modality.type,
      polarity: modality.polarity,
      tenor: tenor.tenor,
      speakerAttitude: attitude,
      reasoning,
      annotationSource: 'rules',
      reasoningTrace: {
        premises,
        inferenceRule,
        conclusion,
        rules,
        confidence: mood.confidence,
        derivationHash: hash,
        generatedAt: context.generatedAt,
      },
      rawClassification: mood.mood,
      classificationStatus: 'canonical',
      untrusted: false,
    },
    textual,
  };
}

const NO_CLAUSES: readonly Syntactic[] = [];
const NO_PREMISES: readonly Premise[] = [];
const NO_RULES: readonly LabelRule[] = [];

// Premises and label rules repeat across clauses: the output shares one frozen object per distinct value
// (less to allocate, keep and collect over a large document). Caches are bounded.
const CACHE_LIMIT = 20_000;
const VOICE_ACTIVE: Premise = Object.freeze({ label: 'voice', value: 'active' });
const VOICE_PASSIVE: Premise = Object.freeze({ label: 'voice', value: 'passive' });
const SENTIMENT: Readonly<Record<'positive' | 'negative' | 'neutral', Premise>> = {
  positive: Object.freeze({ label: 'sentiment', value: 'positive' }),
  negative: Object.freeze({ label: 'sentiment', value: 'negative' }),
  neutral: Object.freeze({ label: 'sentiment', value: 'neutral' }),
};
const POLARITY_NEGATIVE: LabelRule = Object.freeze({ label: 'polarity', rule: 'POLARITY.NEGATION_MARKER' });
const POLARITY_POSITIVE: LabelRule = Object.freeze({ label: 'polarity', rule: 'POLARITY.DEFAULT_POSITIVE' });
const TENOR_RULE: LabelRule = Object.freeze({ label: 'tenor', rule: 'TENOR.WEIGHTED_SUM' });
const THEME_MARKED: LabelRule = Object.freeze({ label: 'theme', rule: 'THEME.MARKED' });
const THEME_FIRST: LabelRule = Object.freeze({ label: 'theme', rule: 'THEME.FIRST_EXPERIENTIAL' });
const MODALITY_RULES = new Map<string, LabelRule>();
const PROCESS_RULES = new Map<string, LabelRule>();
const TREE_RULES = new Map<string, LabelRule>();
const ATTITUDE_LABEL_RULES = new Map<string, LabelRule>();
const PREMISES = new Map<string, Map<string, Premise>>();
let premiseCount = 0;

function ruleOf(cache: Map<string, LabelRule>, label: string, rule: string): LabelRule {
  let entry = cache.get(rule);
  if (entry === undefined) {
    entry = Object.freeze({ label, rule });
    if (cache.size < CACHE_LIMIT) cache.set(rule, entry);
  }
  return entry;
}

/** The shared object for a plain { label, value } premise (anything else is kept as it is). */
function internPremise(premise: Premise): Premise {
  const { label, value } = premise;
  if (typeof label !== 'string' || typeof value !== 'string') return premise;
  let byValue = PREMISES.get(label);
  if (byValue === undefined) {
    byValue = new Map();
    PREMISES.set(label, byValue);
  }
  const shared = byValue.get(value);
  if (shared !== undefined) return shared;
  let keys = 0;
  for (const _ in premise) keys += 1;
  if (keys !== 2) return premise;
  if (premiseCount >= CACHE_LIMIT) {
    PREMISES.clear();
    premiseCount = 0;
    return premise;
  }
  const frozen = Object.freeze({ label, value });
  byValue.set(value, frozen);
  premiseCount += 1;
  return frozen;
}

const HEADS = new Map<string, Map<string, string>>();
const PROCESS_PARTS = new Map<string, string>();
const TENOR_PARTS = new Map<number, string[]>();

/** "Declarative by MOOD.X; " */
function reasoningHead(mood: string, rule: string): string {
  let byRule = HEADS.get(mood);
  if (byRule === undefined) {
    byRule = new Map();
    HEADS.set(mood, byRule);
  }
  let head = byRule.get(rule);
  if (head === undefined) {
    head = `${capitalise(mood)} by ${rule}; `;
    if (byRule.size < CACHE_LIMIT) byRule.set(rule, head);
  }
  return head;
}

/** ". The material process " */
function processPart(processType: string): string {
  let part = PROCESS_PARTS.get(processType);
  if (part === undefined) {
    part = `. The ${processType} process `;
    if (PROCESS_PARTS.size < CACHE_LIMIT) PROCESS_PARTS.set(processType, part);
  }
  return part;
}

/** " and tenor 0.54 from 2 feature(s)." */
function tenorPart(tenor: number, features: number): string {
  let byCount = TENOR_PARTS.get(tenor);
  if (byCount === undefined) {
    byCount = [];
    if (TENOR_PARTS.size < CACHE_LIMIT) TENOR_PARTS.set(tenor, byCount);
  }
  let part = byCount[features];
  if (part === undefined) {
    part = ` and tenor ${tenor} from ${features} feature(s).`;
    if (features < 64) byCount[features] = part;
  }
  return part;
}

const ATTITUDE_RULES = new Map<string, string>();

/** Rule id of an attitude ('polite request' -> ATTITUDE.POLITE_REQUEST), computed once per attitude. */
function attitudeRule(attitude: string): string {
  let rule = ATTITUDE_RULES.get(attitude);
  if (rule === undefined) {
    rule = `ATTITUDE.${attitude.toUpperCase().replace(/\s+/g, '_')}`;
    if (ATTITUDE_RULES.size < 256) ATTITUDE_RULES.set(attitude, rule);
  }
  return rule;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
