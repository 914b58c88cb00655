import { type AnnotatedClause, AnnotatedClauseSchema, toWire } from '@cae/core';
import { createPipeline } from '@cae/pipeline';
import { describe, expect, it } from 'vitest';
import { makeDocument } from '../test/clause-fixtures';
import { type ClauseRowContext, decodeAnnotation, encodeAnnotation } from './annotation-codec';

const CONTRACT = `2.1 The Supplier shall maintain, at its own cost, comprehensive general liability insurance
with a limit of not less than $1,000,000 per occurrence. Either party may terminate this Agreement for
convenience upon ninety (90) days' written notice to the other party. IN NO EVENT SHALL EITHER PARTY BE
LIABLE FOR ANY INDIRECT, INCIDENTAL OR CONSEQUENTIAL DAMAGES. "Confidential Information" means any
information disclosed by one party to the other, which it doesn't mark as such; however, it won't be
disclosed. Can the Licensee sub-license? Deliver the goods to the Buyer's warehouse!`;

const contextOf = (clause: AnnotatedClause): ClauseRowContext => ({
  id: clause.id,
  text: clause.text,
  documentId: clause.documentId,
  clauseIndex: clause.syntactic.clauseIndex,
  sentenceIndex: clause.syntactic.sentenceIndex,
  parentClauseId: clause.syntactic.parentClauseId,
  compiledAt: clause.compiledAt,
});

/** What the store does: encode, write as JSON, read the JSON back, decode, validate. */
function roundTrip(clause: AnnotatedClause) {
  const stored = JSON.parse(JSON.stringify(encodeAnnotation(clause, contextOf(clause))));
  const decoded = AnnotatedClauseSchema.parse({
    ...clause,
    ...decodeAnnotation(stored, contextOf(clause)),
  });
  return { stored, decoded };
}

const compiled = createPipeline().compile(CONTRACT, { documentId: 'contract' }) as AnnotatedClause[];

describe('compact annotation storage', () => {
  it('gives back every field of the wire shape of compiled clauses, in under 40% of the bytes', () => {
    expect(compiled.length).toBeGreaterThan(8);
    let plainBytes = 0;
    let storedBytes = 0;
    for (const clause of compiled) {
      const { stored, decoded } = roundTrip(clause);
      expect(decoded).toEqual(clause);
      expect(toWire(AnnotatedClauseSchema, decoded)).toEqual(toWire(AnnotatedClauseSchema, clause));
      // Compiled clauses take the compact form in all four parts.
      for (const part of ['syntactic', 'ideational', 'interpersonal', 'textual'] as const) {
        if (clause[part] !== null)
          expect(stored[part], `${part} of "${clause.text}"`).toMatchObject({ v: 1 });
      }
      plainBytes += JSON.stringify([
        clause.syntactic,
        clause.ideational,
        clause.interpersonal,
        clause.textual,
      ]).length;
      storedBytes += JSON.stringify(stored).length;
    }
    expect(storedBytes).toBeLessThan(plainBytes * 0.4);
  });

  it('keeps the reasoning sentence as its template parts, and any other sentence as it is', () => {
    const modal = compiled.find((clause) => clause.interpersonal.reasoning.includes('modal cues ('))!;
    const verbless = compiled.find((clause) => clause.interpersonal.reasoning.includes('verbless'));
    for (const clause of [modal, verbless ?? modal]) {
      const { stored, decoded } = roundTrip(clause);
      expect(Array.isArray(stored.interpersonal.re), clause.interpersonal.reasoning).toBe(true);
      expect(JSON.stringify(stored.interpersonal.re).length).toBeLessThan(
        clause.interpersonal.reasoning.length / 2,
      );
      expect(decoded.interpersonal.reasoning).toBe(clause.interpersonal.reasoning);
    }
    for (const reasoning of [
      'An analyst wrote this instead.',
      // The template's shape with a tenor that is not the clause's: the parts could not give it back.
      modal.interpersonal.reasoning.replace(/tenor [^ ]+ from/, 'tenor 0.123456 from'),
      // A mood the clause does not have.
      `Imperative${modal.interpersonal.reasoning.slice(modal.interpersonal.reasoning.indexOf(' by '))}`,
    ]) {
      const edited: AnnotatedClause = structuredClone(modal);
      edited.interpersonal.reasoning = reasoning;
      const { stored, decoded } = roundTrip(edited);
      expect(stored.interpersonal).toMatchObject({ v: 1, re: reasoning });
      expect(decoded).toEqual(edited);
    }
  });

  it('round-trips the synthetic fixtures of the store tests', () => {
    for (const clause of makeDocument('fixture', 12)) expect(roundTrip(clause).decoded).toEqual(clause);
  });

  it('keeps what derivation cannot give back: edited texts, foreign hashes, other times, odd tags', () => {
    const base = compiled.find((clause) => clause.ideational.participants.length > 0 && clause.textual)!;
    const edited: AnnotatedClause = structuredClone(base);
    edited.syntactic.tokens[0]!.text = 'Edited';
    edited.syntactic.tokens[1]!.lemma = 'not-the-text';
    edited.syntactic.groups[0]!.text = 'a group text that is not its span';
    edited.ideational.participants[0]!.text = 'a participant named by hand';
    edited.interpersonal.reasoningTrace.derivationHash = 'f'.repeat(64);
    edited.interpersonal.reasoningTrace.generatedAt = '2020-01-02T03:04:05.678Z';
    edited.interpersonal.rawClassification = 'something else';
    edited.textual!.rheme.text = 'a rheme edited by a reviewer';
    const { stored, decoded } = roundTrip(edited);
    expect(decoded).toEqual(edited);
    expect(stored.syntactic).toMatchObject({ v: 1 });
    expect(stored.interpersonal).toMatchObject({ v: 1, h: 'f'.repeat(64), ga: '2020-01-02T03:04:05.678Z' });

    // A shape the compact form cannot hold (a token text with its offsets beyond the clause) is kept plain.
    const odd: AnnotatedClause = structuredClone(base);
    odd.syntactic.tokens[0]!.end = odd.syntactic.tokens[0]!.start + 500;
    const oddTrip = roundTrip(odd);
    expect(oddTrip.decoded).toEqual(odd);
  });

  it('compares a part with its decoded form as the JSON column would hold them', () => {
    const base = compiled.find((clause) => clause.ideational.participants.length > 0 && clause.textual)!;
    // Equal as JSON (an undefined member is dropped, a non-finite number is null): compact.
    const asJson = structuredClone(base) as AnnotatedClause & { interpersonal: { note?: string } };
    asJson.interpersonal.note = undefined;
    asJson.ideational.circumstances = [];
    const stored = encodeAnnotation(asJson, contextOf(asJson));
    expect(stored.interpersonal).toMatchObject({ v: 1 });
    expect(stored.ideational).toMatchObject({ v: 1 });
    const notFinite = structuredClone(base);
    notFinite.interpersonal.reasoningTrace.confidence = Number.NaN;
    expect(encodeAnnotation(notFinite, contextOf(notFinite)).interpersonal).toMatchObject({ v: 1, cf: null });
    // Not equal as JSON (a member the compact form does not keep): the plain form, as given.
    const extra = structuredClone(base) as AnnotatedClause & { textual: { note?: string } };
    extra.textual.note = 'kept only by the plain form';
    expect(encodeAnnotation(extra, contextOf(extra)).textual).toBe(extra.textual);
  });

  it('reads the plain form stored before the compact one', () => {
    for (const clause of compiled) {
      const plain = JSON.parse(
        JSON.stringify({
          syntactic: clause.syntactic,
          ideational: clause.ideational,
          interpersonal: clause.interpersonal,
          textual: clause.textual,
        }),
      );
      const decoded = AnnotatedClauseSchema.parse({
        ...clause,
        ...decodeAnnotation(plain, contextOf(clause)),
      });
      expect(decoded).toEqual(clause);
    }
  });
});
