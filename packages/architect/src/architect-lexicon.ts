import type { RuleStrength } from '@cae/core';

/** Rule strength from modality weight; a bare imperative is a command, so it reads as `must`. */
export function strengthFromModality(weight: number, imperative: boolean): RuleStrength {
  if (weight >= 0.75) return 'must';
  if (weight >= 0.45) return 'should';
  if (weight > 0) return 'may';
  return imperative ? 'must' : 'should';
}

/** Words that carry no topic; skipped when naming the domain. */
export const STOP_WORDS = new Set(
  (
    'a an the and or but if then so of to in on at for with by from as into about over under this that these those ' +
    'it its they them their you your yours we our us i me my he she his her be is are was were been being am do ' +
    'does did done have has had not no never always please can could may might must shall should will would ' +
    'what which who whom whose when where why how all any each some such very just also only agent assistant bot ' +
    'help user users people thing things way something anything everything one ones there here make get'
  ).split(' '),
);

/** Persona tone by tenor band (0 close and informal, 1 distant and formal). */
export const TONE_BANDS: readonly { maxTenor: number; tone: string; voice: string }[] = [
  {
    maxTenor: 0.35,
    tone: 'warm and informal',
    voice: 'Speaks plainly and casually, like a helpful colleague.',
  },
  {
    maxTenor: 0.65,
    tone: 'professional and approachable',
    voice: 'Speaks clearly and courteously, without jargon.',
  },
  {
    maxTenor: 1,
    tone: 'formal and precise',
    voice: 'Speaks formally, precisely and with measured courtesy.',
  },
];

/** Rules every agent gets unless the prompt already covers them. */
export const DEFAULT_RULES: readonly { text: string; strength: RuleStrength; polarity: 'do' | 'do_not' }[] = [
  {
    text: 'Say so when you do not know something; never invent facts.',
    strength: 'must',
    polarity: 'do_not',
  },
  { text: 'Ask a clarifying question when a request is ambiguous.', strength: 'should', polarity: 'do' },
];

/** Values the agent's soul holds by default. */
export const DEFAULT_VALUES = ['honesty', 'helpfulness', 'clarity'];
