import { describe, expect, it } from 'vitest';
import { clauseId, nameUuid, randomId } from './ids';

describe('nameUuid', () => {
  it('matches the RFC 9562 version 5 test vector (DNS namespace, www.example.com)', () => {
    expect(nameUuid('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });

  it('gives stable clause ids per document and position', () => {
    expect(clauseId('doc', 3)).toBe(clauseId('doc', 3));
    expect(clauseId('doc', 3)).not.toBe(clauseId('doc', 4));
    expect(clauseId('doc', 3)).not.toBe(clauseId('doc2', 3));
    expect(clauseId('doc', 0)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('rejects a malformed namespace', () => {
    expect(() => nameUuid('x', 'not-a-uuid')).toThrow(TypeError);
    expect(randomId()).not.toBe(randomId());
  });
});
