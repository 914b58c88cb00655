import { AnnotatedClauseSchema } from '@cae/core';
import { describe, expect, it } from 'vitest';
import { applyAnnotator, type LlmAnnotator, normalizeMood } from './llm-annotator';
import { createPipeline } from './pipeline';

const pipeline = createPipeline({ clock: () => new Date('2025-01-01T00:00:00.000Z') });
const clauses = pipeline.compile('Did you pay? Return the keys. The tenant paid. It rained.', {
  documentId: 'llm',
});

describe('normalizeMood', () => {
  it('maps labels onto the enum with a status', () => {
    expect(normalizeMood('interrogative')).toEqual({ value: 'interrogative', status: 'canonical' });
    expect(normalizeMood('question')).toEqual({ value: 'interrogative', status: 'normalized' });
    expect(normalizeMood('Interrogative.')).toEqual({ value: 'interrogative', status: 'normalized' });
    expect(normalizeMood('banana')).toEqual({ value: null, status: 'unresolved' });
  });
});

describe('applyAnnotator', () => {
  it('applies valid proposals as untrusted LLM labels', async () => {
    const annotator: LlmAnnotator = async (inputs) =>
      inputs.map(() => ({
        mood: 'question',
        process_type: 'Material',
        modality_weight: '0.3',
        tenor: 0.4,
        reasoning: 'r',
      }));
    const out = await applyAnnotator(clauses, annotator, { batchSize: 2 });
    expect(out).toHaveLength(clauses.length);
    for (const clause of out) {
      expect(() => AnnotatedClauseSchema.parse(clause)).not.toThrow();
      expect(clause.interpersonal.annotationSource).toBe('llm');
      expect(clause.interpersonal.untrusted).toBe(true);
      expect(clause.interpersonal.mood).toBe('interrogative');
      expect(clause.interpersonal.classificationStatus).toBe('normalized');
      expect(clause.interpersonal.rawClassification).toBe('question');
      expect(clause.interpersonal.modalityWeight).toBe(0.3);
      expect(clause.interpersonal.reasoningTrace.inferenceRule).toBe('LLM.PROPOSAL');
    }
  });

  it('keeps the rule label when nothing fits and falls back on invalid entries', async () => {
    const annotator: LlmAnnotator = async () => [
      { mood: 'declarative' },
      { mood: 'banana' },
      { mood: 42 },
      'nonsense',
    ];
    const out = await applyAnnotator(clauses, annotator);
    expect(out[0]?.interpersonal.classificationStatus).toBe('canonical');
    expect(out[1]?.interpersonal.classificationStatus).toBe('unresolved');
    expect(out[1]?.interpersonal.mood).toBe(clauses[1]?.interpersonal.mood);
    for (const index of [2, 3]) {
      expect(out[index]?.interpersonal.annotationSource).toBe('rules');
      expect(out[index]?.interpersonal.untrusted).toBe(false);
      expect(
        out[index]?.interpersonal.reasoningTrace.premises.some((premise) => premise.label === 'llm_fallback'),
      ).toBe(true);
      expect(() => AnnotatedClauseSchema.parse(out[index])).not.toThrow();
    }
  });

  it('falls back when the annotator throws', async () => {
    const annotator: LlmAnnotator = async () => {
      throw new Error('provider down');
    };
    const out = await applyAnnotator(clauses, annotator);
    for (const clause of out) {
      expect(clause.interpersonal.annotationSource).toBe('rules');
      expect(clause.interpersonal.reasoningTrace.rules).toContainEqual({
        label: 'llm',
        rule: 'LLM.FALLBACK_TO_RULES',
      });
    }
  });

  it('falls back when the annotator hangs past the timeout', async () => {
    const annotator: LlmAnnotator = () => new Promise(() => {});
    const out = await applyAnnotator(clauses, annotator, { timeoutMs: 20 });
    expect(out.every((clause) => clause.interpersonal.annotationSource === 'rules')).toBe(true);
    expect(out[0]?.interpersonal.reasoningTrace.premises.at(-1)?.value).toMatch(/timed out/);
  });
});
