import type { Upos } from '@cae/core';
import { INVERTED_REPORTING_VERBS, QUOTING_VERBS } from './lexicons/mood-lexicon';
import { PERSONAL_PRONOUNS_BUT_IT, QUOTE_MARKS } from './lexicons/word-classes';
import { ruleOff } from './segment-rules';
import type { TokenArrays } from './verbal-group';

/** Punctuation that closes the last clause of a quotation before its closing mark ("...?”", "...,”"). */
const QUOTE_CLOSERS = new Set([',', '?', '!', '...', '…', '—', '-', '--']);
/** Tags of the words of a reporting clause's Subject ("I", "my mother", "the old man", "Betty"). */
const SPEAKER_TAGS = new Set<Upos>(['PRON', 'PROPN', 'NOUN', 'DET', 'ADJ']);

/** True when `index` holds a closing quotation mark right after the punctuation that ends the quoted clause. */
export function closesQuotation(tokens: TokenArrays, index: number): boolean {
  return QUOTE_MARKS.has(tokens.lower[index] ?? '') && QUOTE_CLOSERS.has(tokens.lower[index - 1] ?? '');
}

function quotingVerbAt(tokens: TokenArrays, index: number): boolean {
  return tokens.pos[index] === 'VERB' && QUOTING_VERBS.has(tokens.lemmas[index] ?? '');
}

/**
 * SEGMENT.QUOTATION_THEN_COME: "“Stop that!” came the voice.": "come" with a nominal Subject after it
 * reports the quotation before it as a verb of saying does. Without the rule it does not.
 */
function invertedComeAt(tokens: TokenArrays, index: number, end: number): boolean {
  if (ruleOff(tokens, 'SEGMENT.QUOTATION_THEN_COME')) return false;
  if (tokens.pos[index] !== 'VERB' || !INVERTED_REPORTING_VERBS.has(tokens.lemmas[index] ?? '')) return false;
  const next = tokens.pos[index + 1];
  return index + 1 < end && (next === 'DET' || next === 'NOUN' || next === 'PROPN');
}

/**
 * The reporting clause of a quotation, starting at `start` (right after the closing mark): a verb of
 * saying and then its Subject ("said the guard", "asks Mom"), or a short Subject and then the verb
 * ("I asked", "my mother says", "we both said at once"), with nothing after the verb that could be a
 * quoted thing of its own ("she said it twice" is not a reporting clause). Returns the verb's index, or -1.
 */
export function reportingVerbAt(tokens: TokenArrays, start: number, end: number): number {
  const { lower, pos } = tokens;
  if (start >= end) return -1;
  if (quotingVerbAt(tokens, start) || invertedComeAt(tokens, start, end)) {
    // "said the voice": the Subject after the verb.
    const next = pos[start + 1];
    if (start + 1 < end && (next === 'DET' || next === 'PROPN' || next === 'NOUN' || next === 'PRON'))
      return start;
    return -1;
  }
  let index = start;
  while (index < end && index < start + 4 && SPEAKER_TAGS.has(pos[index] ?? 'X')) index += 1;
  if (index === start || index >= end || !quotingVerbAt(tokens, index)) return -1;
  // "the old man said", not "The books said so" after a headline: the Subject opens with a pronoun,
  // a name or a determiner.
  const first = pos[start];
  if (first !== 'PRON' && first !== 'PROPN' && first !== 'DET' && first !== 'NOUN') return -1;
  const verb = index;
  const after = verb + 1 < end ? pos[verb + 1] : undefined;
  if (
    after === undefined ||
    after === 'PUNCT' ||
    after === 'ADP' ||
    after === 'ADV' ||
    after === 'SCONJ' ||
    lower[verb + 1] === 'each' ||
    PERSONAL_PRONOUNS_BUT_IT.has(lower[verb + 1] ?? '')
  )
    return verb;
  return -1;
}
