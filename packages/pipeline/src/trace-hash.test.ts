import { derivationHash } from '@cae/core';
import { describe, expect, it } from 'vitest';
import { traceHash } from './trace-hash';

describe('traceHash', () => {
  const rules = [
    { label: 'modality_weight', rule: 'MODALITY.NONE' },
    { label: 'speaker_attitude', rule: 'ATTITUDE.ASSERTIVE' },
  ];
  const cases = [
    {
      premises: [
        { label: 'dependency', value: 'independent' },
        { label: 'first_element', value: 'he/PRON' },
        { label: 'tenor.contraction', value: '1 x -0.05' },
      ],
      inferenceRule: 'MOOD.SUBJECT_BEFORE_FINITE',
      conclusion: {
        mood: 'declarative' as const,
        modalityWeight: 0.3,
        processType: 'material' as const,
        tenor: 0.55,
      },
      rules,
    },
    {
      premises: [{ label: 'quote"s \\ and\ncontrol', value: 'lone \ud800 surrogate, pair 😀, é' }],
      inferenceRule: 'R',
      conclusion: {
        mood: 'imperative' as const,
        modalityWeight: 0,
        processType: 'verbal' as const,
        tenor: 1,
      },
      rules: [],
    },
    {
      premises: [],
      inferenceRule: 'R',
      conclusion: { mood: 'minor' as const, modalityWeight: 1, processType: undefined, tenor: undefined },
      rules,
    },
    {
      premises: [{ label: 'extra', value: 'x', note: 'kept by the generic path' }],
      inferenceRule: 'R',
      conclusion: {
        mood: 'fragment' as const,
        modalityWeight: 0.1 + 0.2,
        processType: 'mental' as const,
        tenor: 0,
      },
      rules,
    },
  ];

  it('equals derivationHash of the whole trace', () => {
    for (const { premises, inferenceRule, conclusion, rules: labelRules } of cases) {
      expect(traceHash(premises, inferenceRule, conclusion, labelRules)).toBe(
        derivationHash({ premises, inferenceRule, conclusion, rules: labelRules }),
      );
    }
  });
});
