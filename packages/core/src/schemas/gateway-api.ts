import { z } from 'zod';
import { TARGET_FRAMEWORKS_DESCRIPTION } from './agent-spec';

/** Provider ids are lower-case vendor names; users may configure their own. */
export const ProviderIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'provider ids are lower-case letters, digits, - and _')
  .meta({ description: 'Provider id, e.g. openai or google.' });

/** One turn of a multi-turn conversation. */
export const ChatMessageSchema = z
  .object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** The prompt of a generation request. */
export const PromptSchema = z
  .object({
    system: z.string().optional().meta({ description: 'System instruction.' }),
    user: z.string().optional().meta({ description: 'User message.' }),
    schema: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: 'JSON Schema of the object to return; asks for structured output.' }),
    messages: z
      .array(ChatMessageSchema)
      .optional()
      .meta({ description: 'Multi-turn history, oldest first.' }),
  })
  .refine((prompt) => Boolean(prompt.user?.trim()) || (prompt.messages?.length ?? 0) > 0, {
    message: 'prompt needs user text or messages',
  })
  .meta({ id: 'Prompt' });
export type Prompt = z.infer<typeof PromptSchema>;

/** Generation options. */
export const GenerationOptionsSchema = z
  .object({
    temperature: z.number().min(0).max(2).optional(),
    maxTokens: z.number().int().min(1).max(200_000).optional(),
  })
  .meta({ id: 'GenerationOptions' });
export type GenerationOptions = z.infer<typeof GenerationOptionsSchema>;

const apiKey = z.string().min(1).max(4096).optional().meta({ description: 'Client-supplied provider key.' });
const modelId = z
  .string()
  .min(1)
  .max(200)
  .optional()
  .meta({ description: 'Model; the provider default if left out.' });

/** Body of POST /api/compute/v1 and POST /api/stream. */
export const ComputeRequestSchema = z
  .object({
    prompt: PromptSchema,
    modelId,
    providerId: ProviderIdSchema,
    options: GenerationOptionsSchema.default({}),
    apiKey,
  })
  .meta({ id: 'ComputeRequest' });
export type ComputeRequest = z.infer<typeof ComputeRequestSchema>;
export type ComputeRequestInput = z.input<typeof ComputeRequestSchema>;

/** Response of POST /api/compute/v1: text, or an object when the prompt had a schema. */
export const ComputeResponseSchema = z
  .union([z.object({ text: z.string() }), z.object({ object: z.unknown() })])
  .meta({ id: 'ComputeResponse' });
export type ComputeResponse = z.infer<typeof ComputeResponseSchema>;

/** Body of POST /api/agent/compile-stream. */
export const CompileAgentRequestSchema = z
  .object({
    prompt: PromptSchema,
    modelId,
    providerId: ProviderIdSchema.optional(),
    options: GenerationOptionsSchema.default({}),
    targetFramework: z
      .string()
      .min(1)
      .max(64)
      .default('generic')
      .meta({
        description: `Agent framework the manifest is written for: ${TARGET_FRAMEWORKS_DESCRIPTION}. Any other value is a 400 naming the supported ones; the manifest's \`target\` says which framework it was built for.`,
      }),
    apiKey,
  })
  .meta({ id: 'CompileAgentRequest' });
export type CompileAgentRequest = z.infer<typeof CompileAgentRequestSchema>;

/** Body of POST /api/test-key. */
export const TestKeyRequestSchema = z
  .object({ providerId: ProviderIdSchema, apiKey: z.string().min(1).max(4096) })
  .meta({ id: 'TestKeyRequest' });
export type TestKeyRequest = z.infer<typeof TestKeyRequestSchema>;

/** Response of POST /api/test-key. */
export const TestKeyResponseSchema = z
  .union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), error: z.string() })])
  .meta({ id: 'TestKeyResponse' });
export type TestKeyResponse = z.infer<typeof TestKeyResponseSchema>;

/** Body of POST /api/keys: a null or empty key clears the stored key. */
export const SetKeyRequestSchema = z
  .object({ providerId: ProviderIdSchema, key: z.string().max(4096).nullable() })
  .meta({ id: 'SetKeyRequest' });
export type SetKeyRequest = z.infer<typeof SetKeyRequestSchema>;

/** Key status of one provider. */
export const ProviderStatusSchema = z
  .object({ hasKey: z.boolean(), isEnv: z.boolean() })
  .meta({ id: 'ProviderStatus' });
export type ProviderStatus = z.infer<typeof ProviderStatusSchema>;

/** Response of GET /api/health. */
export const GatewayHealthSchema = z
  .object({
    ok: z.boolean(),
    timestamp: z.iso.datetime({ offset: true }),
    keysPresent: z.array(z.string()),
    envKeys: z.array(z.string()),
  })
  .meta({ id: 'GatewayHealth' });
export type GatewayHealth = z.infer<typeof GatewayHealthSchema>;

/** A model a provider offers. */
export const ModelEntrySchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'ModelEntry' });
export type ModelEntry = z.infer<typeof ModelEntrySchema>;

/** Response of GET /api/models/:providerId. */
export const ModelListSchema = z.object({ data: z.array(ModelEntrySchema) }).meta({ id: 'ModelList' });
export type ModelList = z.infer<typeof ModelListSchema>;

/** Data of one `data:` message of POST /api/stream. */
export const StreamChunkSchema = z.object({ chunk: z.string() }).meta({ id: 'StreamChunk' });
export type StreamChunk = z.infer<typeof StreamChunkSchema>;

/** Architect SSE events, in order: stage (intent), four partials, complete. */
export const ArchitectStageEventSchema = z.object({
  event: z.literal('stage'),
  data: z.object({ stage: z.string(), label: z.string(), progress: z.number().min(0).max(100) }),
});
export const ArchitectPartialEventSchema = z.object({
  event: z.literal('partial'),
  data: z.object({
    stage: z.string(),
    label: z.string(),
    progress: z.number().min(0).max(100),
    data: z.unknown(),
  }),
});
export const ArchitectCompleteEventSchema = z.object({
  event: z.literal('complete'),
  data: z.object({ stage: z.literal('done'), progress: z.literal(100), object: z.unknown() }),
});
export const ArchitectEventSchema = z
  .discriminatedUnion('event', [
    ArchitectStageEventSchema,
    ArchitectPartialEventSchema,
    ArchitectCompleteEventSchema,
  ])
  .meta({ id: 'ArchitectEvent' });
export type ArchitectEvent = z.infer<typeof ArchitectEventSchema>;
