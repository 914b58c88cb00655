import {
  AgentSpecificationSchema,
  type ArchitectEvent,
  ArchitectEventSchema,
  TARGET_FRAMEWORKS,
  UpstreamError,
} from '@cae/core';
import { describe, expect, it } from 'vitest';
import { type ArchitectRun, compileAgentEvents } from './agent-architect';
import { createPipelineAnalyser } from './clause-analysis';
import { resolveTargetFramework } from './framework-renderers';
import { synthesiseLocally } from './local-architect';

const clock = () => new Date(Date.UTC(2025, 5, 1));
/** The local engine's own analyser: @cae/pipeline (loaded once for the file). */
const analyse = createPipelineAnalyser();

async function run(overrides: Partial<ArchitectRun> & { text: string }) {
  const events: ArchitectEvent[] = [];
  for await (const event of compileAgentEvents({
    targetFramework: 'generic',
    analyse,
    providerId: null,
    modelId: null,
    clock,
    ...overrides,
  })) {
    events.push(ArchitectEventSchema.parse(event));
  }
  return events;
}

const specOf = (events: ArchitectEvent[]) =>
  AgentSpecificationSchema.parse((events.at(-1)!.data as { object: unknown }).object);

describe('local synthesis engine', () => {
  it('turns directives into rules with strength from modality, and processes into skills', async () => {
    const text =
      'You are a friendly travel agent for a small agency. You must confirm the budget before booking. ' +
      'You should suggest two options. You may recommend travel insurance. Book flights and hotels. ' +
      'Never share passport numbers. Understand what the customer needs.';
    const parts = synthesiseLocally({ text, clauses: await analyse(text), targetFramework: 'generic' });
    expect(parts.identity.role).toBe('friendly travel agent');
    const fromPrompt = parts.rules.filter((rule) => rule.origin === 'prompt');
    const strengthOf = (needle: string) => fromPrompt.find((rule) => rule.text.includes(needle))?.strength;
    expect(strengthOf('confirm the budget')).toBe('must');
    expect(strengthOf('suggest two options')).toBe('should');
    expect(strengthOf('recommend travel insurance')).toBe('may');
    expect(strengthOf('Book flights')).toBe('must');
    expect(fromPrompt.find((rule) => rule.text.includes('passport'))).toMatchObject({
      strength: 'must',
      polarity: 'do_not',
    });
    // A prohibition is a rule, never a skill.
    expect(parts.skills.some((skill) => skill.id.includes('share'))).toBe(false);
    expect(parts.rules.some((rule) => rule.origin === 'default')).toBe(true);
    const skillIds = parts.skills.map((skill) => skill.id);
    // "flights and hotels" is one coordinated Goal.
    expect(skillIds).toContain('book_flights_hotels');
    expect(parts.skills.find((skill) => skill.id.startsWith('understand'))?.processType).toBe('mental');
    expect(parts.identity.soul.boundaries.some((boundary) => boundary.includes('passport'))).toBe(true);
  });

  it('sets the persona tone from tenor', async () => {
    const casual = 'hey, help me fix my bike!';
    const formal = 'Kindly ensure that all correspondence regarding invoices is handled accordingly.';
    const tone = async (text: string) =>
      synthesiseLocally({ text, clauses: await analyse(text), targetFramework: 'generic' }).identity.persona;
    const [casualPersona, formalPersona] = [await tone(casual), await tone(formal)];
    expect(casualPersona.formality).toBeLessThan(formalPersona.formality);
    expect(casualPersona.tone).toBe('warm and informal');
    expect(formalPersona.tone).toBe('formal and precise');
  });

  it.each([
    ['one word', 'cooking'],
    ['a question', 'What is the best way to learn Rust?'],
    ['gibberish', 'xqzt brrkk vvwp ?? !!'],
    ['symbols', '42 %%% ###'],
    ['very long', 'Help customers with billing. '.repeat(200)],
  ])('gives a valid specification for %s', async (_label, text) => {
    for (const targetFramework of TARGET_FRAMEWORKS) {
      const spec = specOf(await run({ text, targetFramework }));
      expect(spec.provenance.engine).toBe('local');
      expect(spec.skills.length).toBeGreaterThan(0);
      expect(spec.manifest.name.length).toBeGreaterThan(0);
      expect(spec.framework.target).toBe(targetFramework);
    }
  });

  it('names a question-shaped prompt after its topic and answers it', async () => {
    const text = 'What is the best way to learn Rust?';
    const parts = synthesiseLocally({ text, clauses: await analyse(text), targetFramework: 'generic' });
    expect(parts.skills[0]?.description).toContain('learn Rust');
    expect(parts.identity.soul.purpose).toContain('learn Rust');
  });

  it('uses the default analyser (the pipeline, or the rule fallback) for any prompt', async () => {
    const analyse = createPipelineAnalyser();
    const clauses = await analyse('Always reply in French. Translate the menu.');
    expect(clauses.length).toBeGreaterThan(0);
    const spec = specOf(await run({ text: 'Always reply in French. Translate the menu.', analyse }));
    expect(spec.rules.some((rule) => rule.origin === 'prompt')).toBe(true);
  });
});

describe('staged events', () => {
  it('emits intent, four partials with rising progress, then complete', async () => {
    const events = await run({ text: 'Write weekly sales reports.', targetFramework: 'langgraph' });
    expect(events.map((event) => event.event)).toEqual([
      'stage',
      'partial',
      'partial',
      'partial',
      'partial',
      'complete',
    ]);
    const progress = events.map((event) => (event.data as { progress: number }).progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(events[5]?.data).toMatchObject({ stage: 'done', progress: 100 });
    const spec = specOf(events);
    expect(spec.framework.config).toHaveProperty('nodes');
    expect(spec.provenance.generatedAt).toBe('2025-06-01T00:00:00.000Z');
  });

  it('takes each part from the LLM while it answers and mixes in local parts once it fails', async () => {
    let calls = 0;
    const generateObject: ArchitectRun['generateObject'] = async (prompt) => {
      calls += 1;
      if (calls === 1) return { name: 'Trip Planner', description: 'Plans trips.', domain: 'travel' };
      if (calls === 2) {
        return {
          role: 'travel planner',
          persona: { tone: 'cheerful', formality: 0.3, voice: 'Upbeat.' },
          soul: { purpose: 'Plan trips', values: ['care'], boundaries: [] },
        };
      }
      expect(prompt.schema).toBeDefined();
      throw new UpstreamError('all failed');
    };
    const events = await run({
      text: 'Plan trips.',
      generateObject,
      providerId: 'openai',
      modelId: 'm',
      targetFramework: 'openai-agents',
    });
    const spec = specOf(events);
    expect(calls).toBe(3);
    expect(spec.manifest.name).toBe('Trip Planner');
    expect(spec.identity.role).toBe('travel planner');
    expect(spec.rules.every((rule) => rule.origin !== 'llm')).toBe(true);
    expect(spec.provenance).toMatchObject({ engine: 'mixed', providerId: 'openai', modelId: 'm' });
    expect((spec.framework.config as { agent: { name: string } }).agent.name).toBe('Trip Planner');
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(run({ text: 'x', signal: controller.signal })).rejects.toThrow();
  });
});

describe('resolveTargetFramework', () => {
  it('accepts the supported frameworks and aliases, and lists them for unknown ones', () => {
    expect(resolveTargetFramework('OpenAI Agents')).toBe('openai-agents');
    expect(resolveTargetFramework('crew_ai')).toBe('crewai');
    expect(resolveTargetFramework('LangGraph')).toBe('langgraph');
    expect(() => resolveTargetFramework('autogen')).toThrow(
      /supported: generic \(also default\); openai-agents \(also [^)]*\); langgraph \(also lang-graph\); crewai/,
    );
    // LangChain agents are not LangGraph graphs: refused, not quietly built for another framework.
    expect(() => resolveTargetFramework('langchain')).toThrow(/targetFramework "langchain" is not supported/);
  });
});
