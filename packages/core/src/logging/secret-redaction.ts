/** Shapes of provider keys and masked keys that upstream error messages like to echo back. */
const SECRET_PATTERNS: readonly RegExp[] = [
  /\bsk-[A-Za-z0-9_-]{6,}/g,
  /\bAIza[0-9A-Za-z_-]{10,}/g,
  /\bgsk_[A-Za-z0-9]{6,}/g,
  /\b(?:xai|pk|rk)-[A-Za-z0-9_-]{10,}/g,
  /\bBearer\s+[A-Za-z0-9._~+/=-]+/gi,
  // OpenAI-style masked keys ("sk-proj-****...abcd") still leak a prefix and suffix.
  /[A-Za-z0-9_-]*\*{4,}[A-Za-z0-9_-]*/g,
];

/**
 * Cheap first test: matches wherever any of SECRET_PATTERNS could (it is looser, case-insensitive
 * throughout), so text it does not match is returned without running every pattern.
 */
const MAYBE_SECRET = /sk-|aiza|gsk_|xai-|pk-|rk-|bearer|\*{4}/i;

/** Minimum length of a known secret that is replaced verbatim (shorter strings would match ordinary words). */
const MIN_SECRET_LENGTH = 4;

/** Replaces known secrets and anything shaped like a provider key with `[redacted]`. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= MIN_SECRET_LENGTH && out.includes(secret))
      out = out.split(secret).join('[redacted]');
  }
  if (!MAYBE_SECRET.test(out)) return out;
  for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, '[redacted]');
  return out;
}

/** Field names whose values are never logged. */
const SECRET_FIELD = /^(api[-_]?key|key|authorization|token|secret|password|x-api-key)$/i;

/** Deep copy of a log record with secret-named fields and secret-shaped strings redacted. */
export function redactRecord(
  value: unknown,
  secrets: readonly (string | undefined)[] = [],
  depth = 0,
): unknown {
  if (typeof value === 'string') return redactSecrets(value, secrets);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactRecord(item, secrets, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [field, item] of Object.entries(value)) {
    out[field] =
      SECRET_FIELD.test(field) && item !== null && item !== undefined && item !== ''
        ? '[redacted]'
        : redactRecord(item, secrets, depth + 1);
  }
  return out;
}
