/** Text prepared for analysis, with maps from its offsets back to the text as given. */
export interface NormalizedText {
  /** NFC-normalised text without control characters. */
  readonly text: string;
  /** Original offset where each unit of `text` starts; null when the text was already clean. */
  readonly starts: Int32Array | null;
  /** Original offset just past each unit of `text`; null when the text was already clean. */
  readonly ends: Int32Array | null;
}

// C0/C1 controls except tab, line feed and carriage return, plus zero-width and bidi controls.
const CONTROL =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;
const CONTROL_GLOBAL = new RegExp(CONTROL.source, 'g');
const MARK = /\p{M}/u;
const SEGMENT = /\P{M}\p{M}*|\p{M}+/uy;

/**
 * NFC-normalises text and strips control characters, keeping offset maps to the original.
 * Text that is already clean (the common case) is returned as is, without maps.
 */
export function normalizeText(original: string): NormalizedText {
  if (!CONTROL.test(original) && original.normalize('NFC') === original) {
    return { text: original, starts: null, ends: null };
  }
  const parts: string[] = [];
  const starts = new Int32Array(original.length);
  const ends = new Int32Array(original.length);
  let produced = 0;
  let runStart = 0;
  let index = 0;
  const flush = (until: number): void => {
    if (until > runStart) {
      parts.push(original.slice(runStart, until));
      for (let at = runStart; at < until; at += 1) {
        starts[produced] = at;
        ends[produced] = at + 1;
        produced += 1;
      }
    }
  };
  while (index < original.length) {
    const code = original.charCodeAt(index);
    // ASCII outside the control range is already clean and NFC: it stays in the current run.
    if (code >= 0x20 && code < 0x7f) {
      index += 1;
      continue;
    }
    if (code === 9 || code === 10 || code === 13) {
      index += 1;
      continue;
    }
    // A combining mark recomposes with the character before it, which the ASCII run has already passed.
    if (index > runStart && MARK.test(original.charAt(index))) index -= 1;
    SEGMENT.lastIndex = index;
    const match = SEGMENT.exec(original);
    const segment = match === null || match.index !== index ? original.charAt(index) : match[0];
    const cleaned = segment.replace(CONTROL_GLOBAL, '');
    const normal = cleaned.normalize('NFC');
    if (normal === segment) {
      index += segment.length;
      continue;
    }
    flush(index);
    parts.push(normal);
    for (let unit = 0; unit < normal.length; unit += 1) {
      starts[produced] = index;
      ends[produced] = index + segment.length;
      produced += 1;
    }
    index += segment.length;
    runStart = index;
  }
  flush(original.length);
  return { text: parts.join(''), starts: starts.subarray(0, produced), ends: ends.subarray(0, produced) };
}

/** Converts a start offset of the normalised text to the text as given. */
export function originalStart(normalized: NormalizedText, offset: number): number {
  const { starts } = normalized;
  if (starts === null) return offset;
  if (offset < starts.length) return starts[offset] ?? 0;
  return starts.length === 0 ? 0 : (normalized.ends?.[starts.length - 1] ?? 0);
}

/** Converts an end offset (just past a span) of the normalised text to the text as given. */
export function originalEnd(normalized: NormalizedText, offset: number): number {
  const { ends } = normalized;
  if (ends === null) return offset;
  if (offset <= 0) return normalized.starts?.[0] ?? 0;
  return ends[Math.min(offset, ends.length) - 1] ?? 0;
}
