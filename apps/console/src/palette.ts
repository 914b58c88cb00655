import type { Mood, ProcessType } from './wire-types';

// Okabe-Ito based colours (readable for the common colour-vision deficiencies), shared by badges,
// the graph and the charts so a mood has one colour everywhere.
export const MOOD_COLORS: Record<Mood, string> = {
  declarative: '#0072B2',
  interrogative: '#E69F00',
  imperative: '#D55E00',
  exclamative: '#CC79A7',
  indicative: '#56B4E9',
  minor: '#009E73',
  fragment: '#999999',
};

export const PROCESS_COLORS: Record<ProcessType, string> = {
  material: '#0072B2',
  mental: '#CC79A7',
  relational: '#009E73',
  behavioral: '#E69F00',
  verbal: '#D55E00',
  existential: '#56B4E9',
};

export const EDGE_COLORS = { structural: '#333333', semantic: '#B8860B' } as const;
