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
  const withPremises = appendPairs(out, premises, 'value');
  const withRules =
    withPremises === undefined ? undefined : appendPairs(`${withPremises}],"rules":[`, rules, 'rule');
  if (withRules === undefined) return derivationHash({ premises, inferenceRule, conclusion, rules });
  return sha256(`${withRules}]}`);
}

/**
 * `out` followed by the canonical JSON of `items` (objects of exactly the keys "label" and `second`, both
 * strings), comma-separated; undefined when an item is off that shape. Frozen items (the rule tables' shared
 * premises and rules) keep their JSON, with and without its leading comma, for the next clause.
 */
function appendPairs(
  out: string,
  items: readonly (Premise | LabelRule)[],
  second: 'value' | 'rule',
): string | undefined {
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index] as unknown as Record<string, unknown>;
    const frozen = Object.isFrozen(item);
    let pair = frozen ? FRAGMENTS.get(item) : undefined;
    if (pair === undefined) {
      const label = item.label;
      const other = item[second];
      if (typeof label !== 'string' || typeof other !== 'string' || keyCount(item) !== 2) return undefined;
      const fragment = `{"label":${quote(label)},"${second}":${quote(other)}}`;
      if (!frozen) {
        out += index === 0 ? fragment : `,${fragment}`;
        continue;
      }
      pair = fragmentPair(fragment);
      FRAGMENTS.set(item, pair);
    }
    out += pair[index === 0 ? 0 : 1];
  }
  return out;
}
