import {
  AgentIdentitySchema,
  type AgentSpecification,
  AgentSpecificationSchema,
  type ArchitectEvent,
  type Clock,
  type Prompt,
  RuleStrengthSchema,
  type TargetFramework,
  UpstreamError,
} from '@cae/core';
import { z } from 'zod';
import type { ClauseAnalyser } from './clause-analysis';
import { FRAMEWORK_RENDERERS, type SpecificationParts } from './framework-renderers';
import { synthesiseLocally } from './local-architect';

/** Stage ids of the four partial events, in order, with their labels and progress. */
export const ARCHITECT_STAGES = [
  { stage: 'manifest', label: 'Drafting the manifest', progress: 25 },
  { stage: 'identity', label: 'Shaping identity and soul', progress: 50 },
  { stage: 'operational_rules', label: 'Writing operational rules', progress: 75 },
  { stage: 'domain_skills', label: 'Defining domain skills', progress: 90 },
] as const;

/** What the LLM is asked for at each stage (the architect completes ids, origins and framework fields itself). */
const PART_SCHEMAS = {
  manifest: z.object({
    name: z.string().min(1),
    description: z.string().min(1),
    domain: z.string().min(1),
  }),
  // Rebuilt from its shape: the registered id of AgentIdentitySchema would put a root $ref in the
  // JSON schema, which providers' structured output modes refuse.
  identity: z.object(AgentIdentitySchema.shape),
  operational_rules: z.object({
    rules: z
      .array(
        z.object({
          text: z.string().min(1),
          strength: RuleStrengthSchema,
          polarity: z.enum(['do', 'do_not']),
        }),
      )
      .min(1),
  }),
  domain_skills: z.object({
    skills: z
      .array(
        z.object({
          id: z.string().regex(/^[a-z][a-z0-9_]*$/),
          name: z.string().min(1),
          description: z.string().min(1),
          inputs: z.array(z.string().min(1)),
          outputs: z.array(z.string().min(1)),
        }),
      )
      .min(1),
  }),
} as const;
type PartName = keyof typeof PART_SCHEMAS;

const JSON_SCHEMAS = Object.fromEntries(
  Object.entries(PART_SCHEMAS).map(([name, schema]) => {
    const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema) as Record<string, unknown>;
    return [name, jsonSchema];
  }),
) as Record<PartName, Record<string, unknown>>;

const PART_ASKS: Record<PartName, string> = {
  manifest:
    'Write the manifest: a short agent name, a one-sentence description and the domain (one or two words).',
  identity:
    'Write identity and soul: the role, the persona (tone, formality 0 informal to 1 formal, voice) and the soul (purpose, values, boundaries).',
  operational_rules:
    'Write the operational rules: each an instruction with strength must, should or may, and polarity do or do_not. Keep every constraint the request states.',
  domain_skills:
    'Write the domain skills: each with a snake_case id usable as a tool name, a name, a description, inputs and outputs.',
};

/** Everything compileAgentEvents needs. */
export interface ArchitectRun {
  text: string;
  targetFramework: TargetFramework;
  analyse: ClauseAnalyser;
  /** Asks the LLM chain for a JSON object; throws UpstreamError when every attempt fails. Absent: local only. */
  generateObject?: (prompt: Prompt) => Promise<unknown>;
  providerId: string | null;
  modelId: string | null;
  clock: Clock;
  signal?: AbortSignal;
}

/** The text of a prompt the architect works from: system, history and user turn. */
export function architectText(prompt: Prompt): string {
  return [
    prompt.system,
    ...(prompt.messages ?? []).filter((m) => m.role !== 'assistant').map((m) => m.content),
    prompt.user,
  ]
    .filter((part): part is string => Boolean(part?.trim()))
    .join('\n')
    .trim();
}

/**
 * The staged architect: `stage` intent, four `partial` events, then `complete` with the validated
 * specification. Each part comes from the LLM chain while it answers; once every provider has failed
 * the local synthesis engine supplies the rest.
 */
export async function* compileAgentEvents(run: ArchitectRun): AsyncGenerator<ArchitectEvent> {
  yield { event: 'stage', data: { stage: 'intent', label: 'Reading the intent', progress: 5 } };

  let local: SpecificationParts | undefined;
  const localParts = async () => {
    local ??= synthesiseLocally({
      text: run.text,
      clauses: await run.analyse(run.text),
      targetFramework: run.targetFramework,
    });
    return local;
  };
  let llmAvailable = Boolean(run.generateObject);
  let usedLlm = false;
  let usedLocal = false;
  const draft: Partial<SpecificationParts> = {};

  const ask = async (part: PartName): Promise<unknown | undefined> => {
    if (!llmAvailable || !run.generateObject) return undefined;
    const context = JSON.stringify(draft);
    try {
      const object = await run.generateObject({
        system:
          'You are an agent architect. You design one AI agent from a request, one part at a time, as JSON that matches the given schema.',
        user: `Request:\n${run.text}\n\nTarget framework: ${run.targetFramework}\nParts so far: ${context}\n\n${PART_ASKS[part]}`,
        schema: JSON_SCHEMAS[part],
      });
      const parsed = PART_SCHEMAS[part].safeParse(object);
      if (parsed.success) {
        usedLlm = true;
        return parsed.data;
      }
      return undefined;
    } catch (error) {
      if (run.signal?.aborted) throw error;
      if (!UpstreamError.isInstance(error)) throw error;
      // Every provider failed: do not wait on them again for the remaining parts.
      llmAvailable = false;
      return undefined;
    }
  };

  for (const stage of ARCHITECT_STAGES) {
    run.signal?.throwIfAborted();
    const answer = await ask(stage.stage);
    const fallback = answer === undefined ? await localParts() : undefined;
    if (fallback) usedLocal = true;
    let data: unknown;
    switch (stage.stage) {
      case 'manifest': {
        const llm = answer as z.infer<typeof PART_SCHEMAS.manifest> | undefined;
        draft.manifest = llm
          ? {
              name: llm.name,
              slug: slugOf(llm.name),
              version: '0.1.0',
              description: llm.description,
              targetFramework: run.targetFramework,
              domain: llm.domain,
              language: 'en',
            }
          : fallback!.manifest;
        data = draft.manifest;
        break;
      }
      case 'identity':
        draft.identity = (answer as SpecificationParts['identity'] | undefined) ?? fallback!.identity;
        data = draft.identity;
        break;
      case 'operational_rules': {
        const llm = answer as z.infer<typeof PART_SCHEMAS.operational_rules> | undefined;
        draft.rules = llm
          ? llm.rules.map((rule, index) => ({
              id: `rule-${index + 1}`,
              ...rule,
              origin: 'llm' as const,
              sourceText: null,
            }))
          : fallback!.rules;
        data = draft.rules;
        break;
      }
      case 'domain_skills': {
        const llm = answer as z.infer<typeof PART_SCHEMAS.domain_skills> | undefined;
        draft.skills = llm
          ? llm.skills.map((skill) => ({ ...skill, processType: null, sourceText: null }))
          : fallback!.skills;
        data = draft.skills;
        break;
      }
    }
    yield {
      event: 'partial',
      data: { stage: stage.stage, label: stage.label, progress: stage.progress, data },
    };
  }

  const parts = draft as SpecificationParts;
  const specification: AgentSpecification = AgentSpecificationSchema.parse({
    ...parts,
    framework: {
      target: run.targetFramework,
      config: FRAMEWORK_RENDERERS[run.targetFramework](parts, run.modelId),
    },
    provenance: {
      engine: usedLlm && usedLocal ? 'mixed' : usedLlm ? 'llm' : 'local',
      providerId: usedLlm ? run.providerId : null,
      modelId: usedLlm ? run.modelId : null,
      generatedAt: run.clock().toISOString(),
    },
  });
  yield { event: 'complete', data: { stage: 'done', progress: 100, object: specification } };
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '') || 'agent';
