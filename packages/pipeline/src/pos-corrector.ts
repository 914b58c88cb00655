import type { Upos } from '@cae/core';
import model from 'wink-eng-lite-web-model';
import { PROCESS_BY_LEMMA } from './lexicons/process-lexicon';

interface Tagged {
  readonly values: string[];
  readonly lower: string[];
  readonly lemmas: string[];
  readonly pos: Upos[];
}

interface LexemeTable {
  readonly hash: Record<string, number>;
  readonly intrinsicSize: number;
}

let lexemes: LexemeTable | null = null;

/** True when the lower-case word is in the model's own lexicon (a common word, not a name it has never seen). */
function isKnownWord(lower: string): boolean {
  if (lexemes === null) {
    const core = (model as unknown as { core(): { features: { lexeme: LexemeTable } } }).core();
    lexemes = core.features.lexeme;
  }
  const id = lexemes.hash[lower];
  return id !== undefined && id < lexemes.intrinsicSize;
}

const BE_FORMS = new Set(['is', 'are', 'was', 'were', 'be', "'s", "'re", 'been', 'being', 'am']);
const DEMONSTRATIVES = new Set(['this', 'these', 'those']);
const NOMINAL_NEXT = new Set<Upos>(['NOUN', 'ADJ', 'NUM', 'PROPN', 'DET', 'ADV']);
const AUX_CLITICS = new Set(["'m", "'re", "'ve", "'ll", "'d", '’m', '’re', '’ve', '’ll', '’d']);
const PUNCT_ONLY = /^([()[\]{}:;,.!?*<>"'`\-–—…_|])\1*$/;
const WEB_ADDRESS = /@|^(?:https?:|www\.)/;
const THAT_CLAUSE_START = new Set<Upos>(['PRON', 'PROPN', 'DET']);
const VERB_OBJECT_START = new Set<Upos>(['DET', 'PRON', 'NUM', 'PART', 'ADP']);
const ADJ_SUFFIX = /(?:ian|ese|ish|ean|an|i)$/;
const SENTENCE_END = new Set(['.', '!', '?', ':', '"', '-', '--', '(', ')']);
const TITLE = /^\p{Lu}\p{Ll}/u;
const QUANTIFIERS = new Set(['all', 'both', 'any', 'each', 'every', 'some']);
const DEPENDENT_VERB = new Set<Upos>(['VERB']);
const SKIPPABLE_BEFORE_VERB = new Set<Upos>(['ADV', 'PART', 'PRON']);

/** Rule names, in the order they are applied; each was measured on UD EWT dev (see eval/run.ts). */
export const POS_RULES = [
  'POS.PRONOUN_I',
  'POS.AUX_CLITIC',
  'POS.CAPITALISED_COMMON_WORD',
  'POS.MAIN_VERB_HAVE_DO',
  'POS.INFINITIVE_TO',
  'POS.EXISTENTIAL_THERE',
  'POS.DEMONSTRATIVE_PRONOUN',
  'POS.WHETHER',
  'POS.PUNCTUATION_SYMBOL',
  'POS.QUANTIFIER_DETERMINER',
  'POS.WEB_ADDRESS',
  'POS.THAT_COMPLEMENTIZER',
] as const;

const disabled = new Set((globalThis.process?.env?.CAE_POS_DISABLE ?? '').split(',').filter(Boolean));

/** Corrects the lite model's POS tags in [from, to) with rules measured on UD EWT dev. */
export function correctPos(tagged: Tagged, from: number, to: number): void {
  const { values, lower, lemmas, pos } = tagged;
  for (let index = from; index < to; index += 1) {
    const word = lower[index] ?? '';
    const tag = pos[index];
    const next = index + 1 < to ? pos[index + 1] : undefined;
    if (word === 'i' && tag !== 'PRON' && !disabled.has('POS.PRONOUN_I')) {
      pos[index] = 'PRON';
    } else if (AUX_CLITICS.has(word) && tag !== 'AUX' && !disabled.has('POS.AUX_CLITIC')) {
      pos[index] = 'AUX';
    } else if (tag === 'PROPN' && !disabled.has('POS.CAPITALISED_COMMON_WORD')) {
      const value = values[index] ?? '';
      const initial = index === from || SENTENCE_END.has(lower[index - 1] ?? '');
      const known = TITLE.test(value) && isKnownWord(word);
      if (known && ADJ_SUFFIX.test(word) && (next === 'NOUN' || next === 'PROPN' || next === 'ADJ')) {
        pos[index] = 'ADJ';
      } else if (
        initial &&
        known &&
        PROCESS_BY_LEMMA.has(word) &&
        next !== undefined &&
        VERB_OBJECT_START.has(next)
      ) {
        pos[index] = 'VERB';
      } else if (initial && known && next !== 'PROPN') {
        pos[index] = 'NOUN';
      }
    } else if ((tag === 'SYM' || tag === 'X') && WEB_ADDRESS.test(word) && !disabled.has('POS.WEB_ADDRESS')) {
      pos[index] = 'PROPN';
    } else if (
      word === 'that' &&
      (tag === 'PRON' || tag === 'DET') &&
      !disabled.has('POS.THAT_COMPLEMENTIZER')
    ) {
      const previous = index > from ? pos[index - 1] : undefined;
      if ((previous === 'VERB' || previous === 'ADJ') && next !== undefined && THAT_CLAUSE_START.has(next))
        pos[index] = 'SCONJ';
    } else if (
      tag === 'AUX' &&
      (lemmas[index] === 'have' || lemmas[index] === 'do') &&
      !disabled.has('POS.MAIN_VERB_HAVE_DO')
    ) {
      let probe = index + 1;
      let negated = false;
      while (probe < to && probe < index + 4 && SKIPPABLE_BEFORE_VERB.has(pos[probe] ?? 'X')) {
        if (pos[probe] === 'PART') negated = true;
        probe += 1;
      }
      const after = probe < to ? pos[probe] : undefined;
      const isAuxiliary =
        negated ||
        (after !== undefined && DEPENDENT_VERB.has(after)) ||
        (lemmas[index] === 'have' && (lower[probe] === 'been' || lower[probe] === 'got'));
      if (!isAuxiliary) pos[index] = 'VERB';
    } else if (word === 'to' && tag === 'ADP' && !disabled.has('POS.INFINITIVE_TO')) {
      const verbAt = next === 'ADV' ? index + 2 : index + 1;
      const verbTag = verbAt < to ? pos[verbAt] : undefined;
      if ((verbTag === 'VERB' || verbTag === 'AUX') && !(lower[verbAt] ?? '').endsWith('ing'))
        pos[index] = 'PART';
    } else if (word === 'there' && tag === 'ADV' && !disabled.has('POS.EXISTENTIAL_THERE')) {
      const following = lower[index + 1] ?? '';
      if (BE_FORMS.has(following) || (next === 'AUX' && BE_FORMS.has(lower[index + 2] ?? '')))
        pos[index] = 'PRON';
    } else if (DEMONSTRATIVES.has(word) && tag === 'DET' && !disabled.has('POS.DEMONSTRATIVE_PRONOUN')) {
      if (next === undefined || !NOMINAL_NEXT.has(next)) pos[index] = 'PRON';
    } else if (word === 'whether' && !disabled.has('POS.WHETHER')) {
      pos[index] = 'SCONJ';
    } else if (tag === 'SYM' && PUNCT_ONLY.test(word) && !disabled.has('POS.PUNCTUATION_SYMBOL')) {
      pos[index] = 'PUNCT';
    } else if (tag === 'ADV' && QUANTIFIERS.has(word) && !disabled.has('POS.QUANTIFIER_DETERMINER')) {
      if (next === 'NOUN' || next === 'ADJ' || next === 'NUM' || next === 'DET') pos[index] = 'DET';
    }
  }
}
