import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, derivationHash } from './hash';

describe('derivationHash', () => {
  it('is the SHA-256 hex of canonical JSON: sorted keys, no whitespace', () => {
    const value = { b: 1, a: { d: [1, { z: true, y: null }], c: 'x' } };
    expect(canonicalJson(value)).toBe('{"a":{"c":"x","d":[1,{"y":null,"z":true}]},"b":1}');
    expect(derivationHash(value)).toBe(createHash('sha256').update(canonicalJson(value)).digest('hex'));
  });

  it('does not depend on key order', () => {
    const one = {
      premises: [{ label: 'finite', value: 'must' }],
      inferenceRule: 'R',
      conclusion: { mood: 'declarative', modalityWeight: 0.9 },
    };
    const two = {
      conclusion: { modalityWeight: 0.9, mood: 'declarative' },
      inferenceRule: 'R',
      premises: [{ value: 'must', label: 'finite' }],
    };
    expect(derivationHash(one)).toBe(derivationHash(two));
  });

  it('changes when any premise, rule or conclusion changes', () => {
    const base = {
      premises: [{ label: 'finite', value: 'must' }],
      inferenceRule: 'R',
      conclusion: { mood: 'declarative' },
    };
    const hashes = new Set([
      derivationHash(base),
      derivationHash({ ...base, inferenceRule: 'S' }),
      derivationHash({ ...base, premises: [{ label: 'finite', value: 'may' }] }),
      derivationHash({ ...base, conclusion: { mood: 'imperative' } }),
    ]);
    expect(hashes.size).toBe(4);
  });

  it('keeps array order significant and drops undefined members', () => {
    expect(derivationHash([1, 2])).not.toBe(derivationHash([2, 1]));
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
  });
});
