import {
  type AgentIdentity,
  type AgentManifest,
  type AgentSkill,
  InvalidRequestError,
  type OperationalRule,
  TARGET_FRAMEWORK_ALIASES,
  TARGET_FRAMEWORKS,
  TARGET_FRAMEWORKS_DESCRIPTION,
  type TargetFramework,
} from '@cae/core';

/** The parts a framework rendering is built from. */
export interface SpecificationParts {
  manifest: AgentManifest;
  identity: AgentIdentity;
  rules: OperationalRule[];
  skills: AgentSkill[];
}

const ALIASES: Readonly<Record<string, TargetFramework>> = Object.fromEntries(
  TARGET_FRAMEWORKS.flatMap((framework) => [
    [framework, framework],
    ...TARGET_FRAMEWORK_ALIASES[framework].map((alias) => [alias, framework] as const),
  ]),
);

/** Normalises a framework name (case, `_`/space for `-`, a few aliases); InvalidRequestError listing the supported ones. */
export function resolveTargetFramework(name: string): TargetFramework {
  const normalised = name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  const framework = Object.hasOwn(ALIASES, normalised) ? ALIASES[normalised] : undefined;
  if (!framework) {
    throw new InvalidRequestError(
      `targetFramework "${name}" is not supported; supported: ${TARGET_FRAMEWORKS_DESCRIPTION}`,
      {
        details: {
          field: 'targetFramework',
          supported: [...TARGET_FRAMEWORKS],
          aliases: TARGET_FRAMEWORK_ALIASES,
        },
      },
    );
  }
  return framework;
}

const RULE_PREFIX = { must: 'MUST', should: 'SHOULD', may: 'MAY' } as const;

/** The agent's system instructions, written from the parts. */
export function renderInstructions(parts: SpecificationParts): string {
  const { manifest, identity, rules, skills } = parts;
  return [
    `You are ${manifest.name}, ${identity.role}.`,
    `Purpose: ${identity.soul.purpose}`,
    `Tone: ${identity.persona.tone}. ${identity.persona.voice}`,
    `Values: ${identity.soul.values.join(', ')}.`,
    ...(rules.length > 0
      ? ['Rules:', ...rules.map((rule) => `- ${RULE_PREFIX[rule.strength]}: ${rule.text}`)]
      : []),
    ...(identity.soul.boundaries.length > 0
      ? ['Boundaries:', ...identity.soul.boundaries.map((boundary) => `- ${boundary}`)]
      : []),
    'Skills:',
    ...skills.map((skill) => `- ${skill.name}: ${skill.description}`),
  ].join('\n');
}

const parametersOf = (skill: AgentSkill) => ({
  type: 'object',
  properties: Object.fromEntries(
    (skill.inputs.length > 0 ? skill.inputs : ['request']).map((input) => [
      input
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_|_$/g, '') || 'input',
      { type: 'string', description: input },
    ]),
  ),
  additionalProperties: false,
});

type Renderer = (parts: SpecificationParts, modelId: string | null) => Record<string, unknown>;

/** One renderer per target framework: plain data a developer can paste into that framework's setup. */
export const FRAMEWORK_RENDERERS: Readonly<Record<TargetFramework, Renderer>> = {
  generic: (parts, modelId) => ({
    systemPrompt: renderInstructions(parts),
    model: modelId,
    tools: parts.skills.map((skill) => ({
      name: skill.id,
      description: skill.description,
      parameters: parametersOf(skill),
    })),
  }),
  'openai-agents': (parts, modelId) => ({
    agent: {
      name: parts.manifest.name,
      instructions: renderInstructions(parts),
      model: modelId,
      tools: parts.skills.map((skill) => ({
        type: 'function',
        name: skill.id,
        description: skill.description,
        parameters: parametersOf(skill),
        strict: false,
      })),
      handoffs: [],
    },
  }),
  langgraph: (parts, modelId) => ({
    state: { messages: 'list[BaseMessage]', skillResults: 'dict[str, Any]' },
    nodes: [
      { id: 'agent', kind: 'llm', model: modelId, systemPrompt: renderInstructions(parts) },
      { id: 'tools', kind: 'tool_node', tools: parts.skills.map((skill) => skill.id) },
    ],
    edges: [
      { from: '__start__', to: 'agent' },
      { from: 'agent', to: 'tools', condition: 'has_tool_calls' },
      { from: 'agent', to: '__end__', condition: 'no_tool_calls' },
      { from: 'tools', to: 'agent' },
    ],
    tools: parts.skills.map((skill) => ({
      name: skill.id,
      description: skill.description,
      parameters: parametersOf(skill),
    })),
  }),
  crewai: (parts, modelId) => ({
    agents: [
      {
        role: parts.identity.role,
        goal: parts.identity.soul.purpose,
        backstory: `${parts.identity.persona.voice} Values: ${parts.identity.soul.values.join(', ')}.`,
        llm: modelId,
        allow_delegation: false,
        tools: parts.skills.map((skill) => skill.id),
      },
    ],
    tasks: parts.skills.map((skill) => ({
      name: skill.id,
      description: skill.description,
      expected_output: skill.outputs.join(', ') || 'a clear result',
      agent: parts.identity.role,
    })),
    process: 'sequential',
    rules: parts.rules.map((rule) => `${RULE_PREFIX[rule.strength]}: ${rule.text}`),
  }),
};
