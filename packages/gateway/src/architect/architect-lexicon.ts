import type { ProcessType, RuleStrength } from '@cae/core';

/** Modal expressions and the modality they carry (weight as in ANNOTATION.md: 0.3 low, 0.6 median, 0.9 high). */
export const MODAL_WEIGHTS: Readonly<
  Record<string, { weight: number; type: 'obligation' | 'inclination' | 'probability' }>
> = {
  must: { weight: 0.9, type: 'obligation' },
  'have to': { weight: 0.9, type: 'obligation' },
  'has to': { weight: 0.9, type: 'obligation' },
  'need to': { weight: 0.9, type: 'obligation' },
  'needs to': { weight: 0.9, type: 'obligation' },
  always: { weight: 0.9, type: 'obligation' },
  never: { weight: 0.9, type: 'obligation' },
  required: { weight: 0.9, type: 'obligation' },
  shall: { weight: 0.9, type: 'obligation' },
  should: { weight: 0.6, type: 'obligation' },
  'ought to': { weight: 0.6, type: 'obligation' },
  'supposed to': { weight: 0.6, type: 'obligation' },
  will: { weight: 0.6, type: 'inclination' },
  would: { weight: 0.45, type: 'inclination' },
  may: { weight: 0.3, type: 'probability' },
  might: { weight: 0.3, type: 'probability' },
  can: { weight: 0.3, type: 'probability' },
  could: { weight: 0.3, type: 'probability' },
};

/** Rule strength from modality weight; a bare imperative is a command, so it reads as `must`. */
export function strengthFromModality(weight: number, imperative: boolean): RuleStrength {
  if (weight >= 0.75) return 'must';
  if (weight >= 0.45) return 'should';
  if (weight > 0) return 'may';
  return imperative ? 'must' : 'should';
}

/** Verbs by process type, for the rule-based fallback analysis when @cae/pipeline is unavailable. */
export const PROCESS_VERBS: Readonly<Record<ProcessType, readonly string[]>> = {
  material: [
    'answer',
    'book',
    'build',
    'calculate',
    'cancel',
    'check',
    'clean',
    'collect',
    'compile',
    'convert',
    'create',
    'debug',
    'delete',
    'deploy',
    'design',
    'do',
    'draft',
    'edit',
    'fetch',
    'file',
    'find',
    'fix',
    'format',
    'generate',
    'get',
    'give',
    'handle',
    'help',
    'implement',
    'make',
    'manage',
    'monitor',
    'order',
    'organise',
    'organize',
    'plan',
    'prepare',
    'process',
    'produce',
    'publish',
    'refund',
    'remove',
    'reply',
    'resolve',
    'retrieve',
    'review',
    'run',
    'schedule',
    'search',
    'send',
    'sort',
    'start',
    'submit',
    'test',
    'track',
    'translate',
    'update',
    'use',
    'write',
  ],
  mental: [
    'analyse',
    'analyze',
    'assess',
    'believe',
    'classify',
    'consider',
    'detect',
    'diagnose',
    'evaluate',
    'feel',
    'identify',
    'imagine',
    'know',
    'learn',
    'like',
    'notice',
    'recognise',
    'recognize',
    'remember',
    'research',
    'see',
    'understand',
    'want',
    'watch',
  ],
  verbal: [
    'ask',
    'describe',
    'explain',
    'inform',
    'report',
    'say',
    'suggest',
    'summarise',
    'summarize',
    'tell',
    'warn',
  ],
  relational: ['am', 'are', 'be', 'become', 'been', 'being', 'have', 'has', 'is', 'seem', 'was', 'were'],
  behavioral: ['behave', 'greet', 'listen', 'smile', 'wait'],
  existential: ['exist'],
};

/** Words that open an imperative without being its verb. */
export const IMPERATIVE_OPENERS = ['please', 'always', 'never', "don't", 'do', 'kindly', 'just'];

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
