import * as crypto from 'node:crypto';
import { createHash } from 'node:crypto';
import { type Conclusion, derivationHash, type LabelRule, type Premise } from '@cae/core';

/** Characters JSON.stringify escapes in a string (quotes, backslash, controls, and surrogates when lone). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function quote(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

// Canonical JSON of frozen (shared, unchangeable) premises and label rules, written once per object: as
// the first item of a list and, with its comma, as a later one. Both are flattened once (a trace's string
// then has a few dozen flat pieces instead of a tree of small ones, which hashing must flatten first).
const FRAGMENTS = new WeakMap<object, readonly [string, string]>();

function fragmentPair(fragment: string): readonly [string, string] {
  const later = `,${fragment}`;
  fragment.charCodeAt(0);
  later.charCodeAt(0);
  return [fragment, later];
}

function keyCount(value: object): number {
  let count = 0;
  for (const _ in value) count += 1;
  return count;
}

const oneShot = (crypto as unknown as { hash?: (algorithm: string, data: string, encoding: 'hex') => string })
  .hash;

function sha256(text: string): string {
  return oneShot === undefined
    ? createHash('sha256').update(text).digest('hex')
    : oneShot('sha256', text, 'hex');
}

/**
 * `derivationHash({ premises, inferenceRule, conclusion, rules })` for the trace shapes pass 2 builds, with the
 * canonical JSON written directly (keys in sorted order) instead of through a sorted copy. Anything off the
 * known shapes (extra keys, non-string values, non-finite numbers) goes through core's generic path.
 */
export function traceHash(
  premises: readonly Premise[],
  inferenceRule: string,
  conclusion: Conclusion,
  rules: readonly LabelRule[],
): string {
  const { mood, modalityWeight, processType, tenor } = conclusion;
  if (
    typeof mood !== 'string' ||
    typeof inferenceRule !== 'string' ||
    !Number.isFinite(modalityWeight) ||
    (processType !== undefined && typeof processType !== 'string') ||
    (tenor !== undefined && !Number.isFinite(tenor)) ||
    keyCount(conclusion) !== 4
  ) {
    return derivationHash({ premises, inferenceRule, conclusion, rules });
  }
  let out = `{"conclusion":{"modalityWeight":${modalityWeight},"mood":${quote(mood)}`;
  if (processType !== undefined) out += `,"processType":${quote(processType)}`;
  if (tenor !== undefined) out += `,"tenor":${tenor}`;
  out += `},"inferenceRule":${quote(inferenceRule)},"premises":[`;
  for (let index = 0; index < premises.length; index += 1) {
    const premise = premises[index] as Premise;
    const frozen = Object.isFrozen(premise);
    let pair = frozen ? FRAGMENTS.get(premise) : undefined;
    if (pair === undefined) {
      if (typeof premise.label !== 'string' || typeof premise.value !== 'string' || keyCount(premise) !== 2) {
        return derivationHash({ premises, inferenceRule, conclusion, rules });
      }
      const fragment = `{"label":${quote(premise.label)},"value":${quote(premise.value)}}`;
      if (!frozen) {
        out += index === 0 ? fragment : `,${fragment}`;
        continue;
      }
      pair = fragmentPair(fragment);
      FRAGMENTS.set(premise, pair);
    }
    out += pair[index === 0 ? 0 : 1];
  }
  out += '],"rules":[';
  for (let index = 0; index < rules.length; index += 1) {
    const rule = rules[index] as LabelRule;
    const frozen = Object.isFrozen(rule);
    let pair = frozen ? FRAGMENTS.get(rule) : undefined;
    if (pair === undefined) {
      if (typeof rule.label !== 'string' || typeof rule.rule !== 'string' || keyCount(rule) !== 2) {
        return derivationHash({ premises, inferenceRule, conclusion, rules });
      }
      const fragment = `{"label":${quote(rule.label)},"rule":${quote(rule.rule)}}`;
      if (!frozen) {
        out += index === 0 ? fragment : `,${fragment}`;
        continue;
      }
      pair = fragmentPair(fragment);
      FRAGMENTS.set(rule, pair);
    }
    out += pair[index === 0 ? 0 : 1];
  }
  return sha256(`${out}]}`);
}
