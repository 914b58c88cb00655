import { BUILTIN_PROVIDERS, createGateway, createMemoryKeyStore } from '@cae/gateway';
import { createFakeUpstream, type FakeUpstream } from '@cae/gateway/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from './engine';
import type { Engine } from './engine-types';
import { createHashEmbedder } from './testing/hash-embedder';

/** The fake LLM: labels every clause of an annotation batch, answers questions citing [1]. */
function reply(body: Record<string, unknown>): string {
  const messages = body.messages as { role: string; content: string }[];
  const system = messages.find((message) => message.role === 'system')?.content ?? '';
  const user = messages.findLast((message) => message.role === 'user')?.content ?? '';
  if (system.includes('Systemic Functional')) {
    const clauses = [...user.matchAll(/<clause n="(\d+)">([^<]*)<\/clause>/g)];
    return JSON.stringify({
      labels: clauses.map(([, n, text]) => ({
        n: Number(n),
        mood: text!.trim().endsWith('?') ? 'Question' : 'declarative',
        process_type: 'material',
        modality_weight: 0.5,
        modality_type: null,
        tenor: 0.4,
        speaker_attitude: 'neutral',
        reasoning: 'Labelled by the fake model.',
      })),
    });
  }
  if (/general knowledge/i.test(system)) return 'Penguins live mostly in the southern hemisphere.';
  return 'The tenant pays the deposit [1].';
}

describe('engine with an LLM through the gateway (fake OpenAI-compatible upstream)', () => {
  let upstream: FakeUpstream;
  let engine: Engine;

  beforeAll(async () => {
    upstream = await createFakeUpstream({ validKeys: ['sk-test-engine'], reply });
    const gateway = createGateway({
      env: { OPENAI_API_KEY: 'sk-test-engine', OPENAI_BASE_URL: upstream.url },
      keyStore: createMemoryKeyStore(),
      maxRetries: 0,
      // Far beyond the annotator's 1.5 s: a hung call must be ended by the annotator's abort, not by this.
      timeoutMs: 20_000,
    });
    engine = await createEngine({
      store: { url: 'memory://' },
      embedder: createHashEmbedder(),
      llm: { model: gateway.languageModel('openai'), timeoutMs: 1_500 },
    });
  });
  afterAll(async () => {
    await engine.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  it('annotates with the LLM when asked: labels normalised, source llm, untrusted until reviewed', async () => {
    const clauses = await engine.compile({
      text: 'The tenant pays the deposit. Did the landlord keep it?',
      documentId: 'llm-doc',
      annotator: 'llm',
      store: true,
    });
    const chat = upstream.calls.filter((call) => call.path.endsWith('/chat/completions'));
    expect(chat.length).toBeGreaterThan(0);
    expect(chat[0]!.apiKey).toBe('sk-test-engine');
    // The model is asked for exactly the pipeline's proposal fields, numbered per clause.
    const format = chat[0]!.body!.response_format as { json_schema: { schema: Record<string, any> } };
    const item = format.json_schema.schema.properties.labels.items;
    expect(Object.keys(item.properties).sort()).toEqual(
      [
        'modality_type',
        'modality_weight',
        'mood',
        'n',
        'process_type',
        'reasoning',
        'speaker_attitude',
        'tenor',
      ].sort(),
    );
    expect(item.properties.mood.type).toBe('string');
    const question = clauses.find((clause) => clause.text.endsWith('?'))!;
    expect(question.interpersonal).toMatchObject({
      annotationSource: 'llm',
      untrusted: true,
      mood: 'interrogative',
      rawClassification: 'Question',
      classificationStatus: 'normalized',
    });
    const statement = clauses.find((clause) => clause.text.startsWith('The tenant'))!;
    expect(statement.interpersonal).toMatchObject({
      classificationStatus: 'canonical',
      annotationSource: 'llm',
    });
    expect((await engine.listClauses({ annotationSource: 'llm' })).total).toBe(clauses.length);

    const accepted = await engine.reviewClause(question.id, { decision: 'accepted' });
    expect(accepted.annotationAfter.interpersonal.untrusted).toBe(false);
  });

  it('uses the rules when no annotator is asked for', async () => {
    const clauses = await engine.compile({ text: 'Pay the rent.', annotator: 'rules' });
    expect(clauses[0]!.interpersonal.annotationSource).toBe('rules');
    expect(upstream.calls).toHaveLength(0);
  });

  it('falls back to the rules, and says so in the trace, when the upstream fails', async () => {
    upstream.setMode('server_error');
    const clauses = await engine.compile({ text: 'The tenant pays the deposit.', annotator: 'llm' });
    expect(clauses[0]!.interpersonal.annotationSource).toBe('rules');
    expect(clauses[0]!.interpersonal.untrusted).toBe(false);
    expect(JSON.stringify(clauses[0]!.interpersonal.reasoningTrace)).toMatch(/LLM\.FALLBACK_TO_RULES/);
  });

  it('falls back to the rules when the upstream hangs past the timeout, and aborts the upstream call', async () => {
    upstream.setMode('hang');
    const started = Date.now();
    const clauses = await engine.compile({ text: 'The tenant pays the deposit.', annotator: 'llm' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(clauses[0]!.interpersonal.annotationSource).toBe('rules');
    // The timed-out batch's signal reached the HTTP request: the upstream sees the client hang up
    // now, not when the gateway's own 20 s timeout would have ended it.
    const deadline = Date.now() + 2_000;
    while (!upstream.calls[0]?.closedEarly && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(upstream.calls).toHaveLength(1);
    expect(upstream.calls[0]!.closedEarly).toBe(true);
  });

  it('falls back to the rules when the model answers malformed JSON', async () => {
    upstream.setMode('malformed');
    const clauses = await engine.compile({ text: 'The tenant pays the deposit.', annotator: 'llm' });
    expect(clauses[0]!.interpersonal.annotationSource).toBe('rules');
  });

  it('re-annotates a reviewed clause with the LLM and records before and after', async () => {
    const [clause] = await engine.compile({ text: 'Did the tenant pay?', documentId: 're-llm', store: true });
    expect(clause!.interpersonal.annotationSource).toBe('rules');
    const record = await engine.reviewClause(clause!.id, { decision: 're_annotated', reviewer: 'ana' });
    expect(record.annotationBefore.interpersonal.annotationSource).toBe('rules');
    expect(record.annotationAfter.interpersonal.annotationSource).toBe('llm');
    expect(record.annotationAfter.interpersonal.rawClassification).toBe('Question');
  });

  it('synthesizes with the gateway as generator and keeps only citations from the context', async () => {
    await engine.compile({
      text: 'The tenant pays the deposit before moving in. The landlord repairs the roof.',
      documentId: 'synth',
      store: true,
      embed: true,
    });
    const answer = await engine.synthesize({ query: 'Who pays the deposit?' });
    expect(answer.answer).toContain('The tenant pays the deposit');
    expect(answer.citedClauseIds).toEqual([answer.clauses[0]!.clauseId]);
    expect(answer.usedFallback).toBe(false);
    expect(upstream.calls.some((call) => call.path.endsWith('/chat/completions'))).toBe(true);
  });

  it('include_fallback answers from general knowledge, cites nothing and queues the answer for review', async () => {
    const answer = await engine.synthesize({ query: 'Where do penguins live?', includeFallback: true });
    expect(answer.usedFallback).toBe(true);
    expect(answer.citedClauseIds).toEqual([]);
    expect(answer.confidence).toBeLessThan(0.3);
    expect(answer.answer).toMatch(/penguins/i);
    expect(answer.reviewItemId).toMatch(/^[0-9a-f-]{36}$/);
    const queue = await engine.listContentReviews();
    const item = queue.items.find((row) => row.id === answer.reviewItemId)!;
    expect(item).toMatchObject({ source: 'synthesize', status: 'pending', modality: 'text' });
    expect(item.metadata).toMatchObject({ query: 'Where do penguins live?' });

    const without = await engine.synthesize({ query: 'Where do penguins live?' });
    expect(without.usedFallback).toBe(false);
    expect(without.reviewItemId).toBeNull();
  });

  it('describes its configuration without any key', () => {
    const description = engine.describe();
    const openaiDefault = BUILTIN_PROVIDERS.find((provider) => provider.id === 'openai')!.defaultModel;
    expect(description.llm).toEqual({ providerId: 'openai', modelId: openaiDefault });
    expect(JSON.stringify(description)).not.toContain('sk-test-engine');
  });
});
