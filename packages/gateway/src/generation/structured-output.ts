import { InvalidRequestError } from '@cae/core';
import { type ZodType, z } from 'zod';

const compiled = new Map<string, ZodType>();
const MAX_COMPILED = 128;

/** A zod validator for a request's JSON schema; InvalidRequestError when the schema cannot be read. */
export function compileJsonSchema(schema: Record<string, unknown>): ZodType {
  const cacheKey = JSON.stringify(schema);
  const hit = compiled.get(cacheKey);
  if (hit) return hit;
  let validator: ZodType;
  try {
    validator = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (error) {
    throw new InvalidRequestError(`prompt.schema is not a usable JSON schema: ${(error as Error).message}`);
  }
  if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value as string);
  compiled.set(cacheKey, validator);
  return validator;
}

/** System instruction for providers that cannot enforce a schema themselves. */
export function schemaInstruction(schema: Record<string, unknown>): string {
  return [
    'Reply with one JSON value only: no prose, no Markdown fences.',
    'It must validate against this JSON Schema:',
    JSON.stringify(schema),
  ].join('\n');
}

/** Outcome of reading a model reply as JSON against a schema. */
export type ParsedOutput = { ok: true; value: unknown } | { ok: false; problem: string };

/** Pulls the JSON value out of a reply (tolerating fences and chatter around it) and validates it. */
export function parseStructuredReply(text: string, validator: ZodType): ParsedOutput {
  const candidate = extractJson(text);
  if (candidate === undefined) return { ok: false, problem: 'the reply held no JSON value' };
  let value: unknown;
  try {
    value = JSON.parse(candidate);
  } catch (error) {
    return { ok: false, problem: `the reply was not valid JSON (${(error as Error).message})` };
  }
  const result = validator.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  return { ok: false, problem: `the JSON did not match the schema (${issues})` };
}

function extractJson(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(trimmed);
  if (fenced?.[1]) return fenced[1].trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return trimmed;
  const open = trimmed.search(/[[{]/);
  if (open < 0) return undefined;
  const close = Math.max(trimmed.lastIndexOf('}'), trimmed.lastIndexOf(']'));
  return close > open ? trimmed.slice(open, close + 1) : undefined;
}
