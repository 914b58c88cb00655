import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from './errors/invalid-request-error';
import { isParsedBy, parseOnce } from './parse-once';
import { CompileRequestSchema } from './schemas/engine-api';
import { RetrieveRequestSchema } from './schemas/retrieval';
import { wire } from './wire';

describe('parseOnce', () => {
  it('parses input it has not seen and applies the defaults', () => {
    const request = parseOnce(CompileRequestSchema, { text: 'The tenant pays.' });
    expect(request.store).toBe(false);
    expect(isParsedBy(CompileRequestSchema, request)).toBe(true);
  });

  it('trusts the very object fromWire produced with the same schema, without parsing it again', () => {
    const parsed = wire.compileRequest.fromWire({ text: 'The tenant pays.', document_id: 'lease' });
    expect(parseOnce(CompileRequestSchema, parsed)).toBe(parsed);
  });

  it('parses again when another schema produced the value, or a copy is handed in', () => {
    const parsed = wire.compileRequest.fromWire({ text: 'The tenant pays.' });
    expect(isParsedBy(RetrieveRequestSchema, parsed)).toBe(false);
    const copy = { ...parsed };
    expect(parseOnce(CompileRequestSchema, copy)).not.toBe(copy);
  });

  it('throws an InvalidRequestError naming the field', () => {
    expect(() => parseOnce(CompileRequestSchema, { text: 42 })).toThrow(InvalidRequestError);
    expect(() => parseOnce(CompileRequestSchema, { text: 42 })).toThrow(/text/);
  });
});
