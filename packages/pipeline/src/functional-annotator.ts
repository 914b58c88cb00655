import type { ClauseAnnotation, Conclusion, LabelRule, Mood, Premise, Syntactic } from '@cae/core';
import { type ViewArrays, viewClause } from './clause-view';
import { NEGATIVE_WORDS, POSITIVE_WORDS } from './lexicons/mood-lexicon';
import { analyzeModality, type ModalityDecision } from './modality-analyzer';
import { classifyMood } from './mood-classifier';
import { isPassive, scoreTenor } from './tenor-scorer';
import { analyzeTheme } from './theme-analyzer';
import { traceHash } from './trace-hash';
import { analyzeTransitivity } from './transitivity-analyzer';

/** What pass 2 may know beyond the clause itself. */
export interface AnnotationContext {
  /** Punctuation that ends the clause's sentence; defaults to the clause's own final punctuation. */
  readonly sentenceFinal?: string;
  /** Earlier clauses of the document, for cohesive references. */
  readonly previous?: readonly Syntactic[];
  /** ISO timestamp for the reasoning trace. */
  readonly generatedAt: string;
  /** Token columns already computed for the clause (lower-cased text, lemmas, tags). */
  readonly arrays?: ViewArrays;
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
 * Pass 2 on one clause: mood, modality, polarity, tenor, attitude, transitivity and theme by rules,
 * with a reasoning trace whose hash covers premises, rule, conclusion and the rule of every other label.
 */
export function annotateClause(syntactic: Syntactic, context: AnnotationContext): ClauseAnnotation {
  const view = viewClause(syntactic, context.sentenceFinal, context.arrays);
  const mood = classifyMood(view);
  const modality = analyzeModality(view);
  const passive = isPassive(view);
  const tenor = scoreTenor(view, mood.mood, passive);
  const ideational = analyzeTransitivity(view, passive, modality.polarity);
  const textual = analyzeTheme(view, mood.mood, { previous: context.previous ?? [] });
  const polite = tenor.features.some(
    (feature) => feature.label === 'tenor.politeness_marker' || feature.label === 'tenor.hedged_request',
  );
  const sentiment = sentimentOf(view.lower, modality.polarity === 'negative');
  const attitude = composeAttitude(mood.mood, modality, sentiment, polite);
  const premises: Premise[] = [
    ...mood.premises,
    ...modality.premises,
    { label: 'voice', value: passive ? 'passive' : 'active' },
    { label: 'sentiment', value: sentiment },
    ...tenor.features,
  ];
  const conclusion: Conclusion = {
    mood: mood.mood,
    modalityWeight: modality.weight,
    processType: ideational.processType,
    tenor: tenor.tenor,
  };
  const rules: LabelRule[] = [
    { label: 'modality_weight', rule: modality.rule },
    {
      label: 'polarity',
      rule: modality.polarity === 'negative' ? 'POLARITY.NEGATION_MARKER' : 'POLARITY.DEFAULT_POSITIVE',
    },
    { label: 'process_type', rule: ideational.rawTransitivity.matched },
    { label: 'tenor', rule: 'TENOR.WEIGHTED_SUM' },
    { label: 'speaker_attitude', rule: attitudeRule(attitude) },
    { label: 'theme', rule: textual.markedTheme ? 'THEME.MARKED' : 'THEME.FIRST_EXPERIENTIAL' },
  ];
  const inferenceRule = mood.rule;
  const hash = traceHash(premises, inferenceRule, conclusion, rules);
  const modalText =
    modality.cues.length > 0
      ? `modal cues (${modality.cues.join(', ')}) give weight ${modality.weight}`
      : 'no modal cue, so the clause is not modalised';
  const reasoning = `${capitalise(mood.mood)} by ${inferenceRule}; ${modalText}. The ${ideational.processType} process ${
    ideational.rawTransitivity.verbLemma === null
      ? 'is inferred from a verbless clause'
      : `"${ideational.rawTransitivity.verbLemma}"`
  } and tenor ${tenor.tenor} from ${tenor.features.length} feature(s).`;
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
