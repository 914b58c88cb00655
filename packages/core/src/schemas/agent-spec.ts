import { z } from 'zod';

/** Target frameworks the architect can write a specification for. */
export const TARGET_FRAMEWORKS = ['generic', 'openai-agents', 'langgraph', 'crewai'] as const;
export const TargetFrameworkSchema = z
  .enum(TARGET_FRAMEWORKS)
  .meta({ description: 'Agent framework targeted.' });
export type TargetFramework = z.infer<typeof TargetFrameworkSchema>;

/**
 * Other names accepted for each target framework (matched case-insensitively, `_` and spaces read as
 * `-`). LangChain is not among them: its agents are not LangGraph graphs, and a request for it is refused.
 */
export const TARGET_FRAMEWORK_ALIASES: Readonly<Record<TargetFramework, readonly string[]>> = {
  generic: ['default'],
  'openai-agents': ['openai-agents-sdk', 'openai', 'agents'],
  langgraph: ['lang-graph'],
  crewai: ['crew-ai', 'crew'],
};

/** The supported target frameworks with their aliases, as error messages and the docs say them. */
export const TARGET_FRAMEWORKS_DESCRIPTION = TARGET_FRAMEWORKS.map(
  (framework) => `${framework} (also ${TARGET_FRAMEWORK_ALIASES[framework].join(', ')})`,
).join('; ');

/** Strength of an operational rule, read from the modality of the clause it came from. */
export const RULE_STRENGTHS = ['must', 'should', 'may'] as const;
export const RuleStrengthSchema = z.enum(RULE_STRENGTHS);
export type RuleStrength = z.infer<typeof RuleStrengthSchema>;

/** Stage 1: what the agent is. */
export const AgentManifestSchema = z
  .object({
    name: z.string().min(1).meta({ description: 'Human-readable agent name.' }),
    slug: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .meta({ description: 'Machine name, kebab-case.' }),
    version: z.string().min(1),
    description: z.string().min(1),
    targetFramework: TargetFrameworkSchema,
    domain: z.string().min(1).meta({ description: 'Subject area the agent works in.' }),
    language: z.string().min(2).default('en'),
  })
  .meta({ id: 'AgentManifest' });
export type AgentManifest = z.infer<typeof AgentManifestSchema>;

/** Stage 2: identity and soul: who the agent is and what it stands for. */
export const AgentIdentitySchema = z
  .object({
    role: z.string().min(1),
    persona: z.object({
      tone: z.string().min(1).meta({ description: 'e.g. warm and informal, formal and precise.' }),
      formality: z
        .number()
        .min(0)
        .max(1)
        .meta({ description: '0 close and informal, 1 distant and formal (tenor).' }),
      voice: z.string().min(1).meta({ description: 'One sentence on how the agent speaks.' }),
    }),
    soul: z.object({
      purpose: z.string().min(1),
      values: z.array(z.string().min(1)).min(1),
      boundaries: z.array(z.string().min(1)),
    }),
  })
  .meta({ id: 'AgentIdentity' });
export type AgentIdentity = z.infer<typeof AgentIdentitySchema>;

/** Stage 3: one operational rule. */
export const OperationalRuleSchema = z
  .object({
    id: z.string().min(1),
    text: z.string().min(1).meta({ description: 'The rule as an instruction to the agent.' }),
    strength: RuleStrengthSchema,
    polarity: z.enum(['do', 'do_not']),
    origin: z
      .enum(['prompt', 'default', 'llm'])
      .meta({ description: 'Taken from the prompt, added by default, or proposed by an LLM.' }),
    sourceText: z.string().nullable().meta({ description: 'Clause of the prompt the rule came from.' }),
  })
  .meta({ id: 'OperationalRule' });
export type OperationalRule = z.infer<typeof OperationalRuleSchema>;

/** Stage 4: one domain skill (becomes a tool, node or task in the target framework). */
export const AgentSkillSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z][a-z0-9_]*$/)
      .meta({ description: 'snake_case identifier, usable as a tool name.' }),
    name: z.string().min(1),
    description: z.string().min(1),
    processType: z
      .enum(['material', 'mental', 'relational', 'behavioral', 'verbal', 'existential'])
      .nullable(),
    inputs: z.array(z.string().min(1)),
    outputs: z.array(z.string().min(1)),
    sourceText: z.string().nullable(),
  })
  .meta({ id: 'AgentSkill' });
export type AgentSkill = z.infer<typeof AgentSkillSchema>;

/** The final specification the architect streams in its `complete` event. */
export const AgentSpecificationSchema = z
  .object({
    manifest: AgentManifestSchema,
    identity: AgentIdentitySchema,
    rules: z.array(OperationalRuleSchema),
    skills: z.array(AgentSkillSchema).min(1),
    framework: z.object({
      target: TargetFrameworkSchema,
      config: z
        .record(z.string(), z.unknown())
        .meta({ description: 'Framework-specific rendering of the parts above.' }),
    }),
    provenance: z.object({
      engine: z.enum(['llm', 'local', 'mixed']),
      providerId: z.string().nullable(),
      modelId: z.string().nullable(),
      generatedAt: z.iso.datetime({ offset: true }),
    }),
  })
  .meta({ id: 'AgentSpecification' });
export type AgentSpecification = z.infer<typeof AgentSpecificationSchema>;
