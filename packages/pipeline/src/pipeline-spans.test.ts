import type { AnnotatedClause } from '@cae/core';
import { describe, expect, it } from 'vitest';
import { createPipeline } from './pipeline';

/**
 * Span invariants of compiled clauses, over hand-written and randomly assembled texts.
 *
 * Offsets (`syntactic.start/end`, token `start/end`) index the text as given, before NFC and
 * control-character cleanup, and every text field reads as that original text:
 * - `clause.text` and `syntactic.text` are `input.slice(syntactic.start, syntactic.end)`;
 * - a token's `text` is `input.slice(token.start, token.end)`. Where normalisation changed the input
 *   (a decomposed "e\u0301" composed to "é", a control character dropped inside a word), the token
 *   spans the original characters it was read from, so its text is still the original slice (it may
 *   hold the combining mark or the control character); only lemmas see the cleaned form;
 * - a group, participant, circumstance, theme, theme element or rheme spanning tokens [start, end)
 *   has the text `input.slice(tokens[start].start, tokens[end - 1].end)` ('' when empty).
 */

const pipeline = createPipeline({ clock: () => new Date('2025-01-02T03:04:05.000Z') });

// Stripped by normalisation: C0/C1 controls except tab, line feed, carriage return, plus zero-width and bidi controls.
const CONTROL =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const CONTROL_CHAR = new RegExp(CONTROL.source);

const TEXTS: readonly string[] = [
  "i'm hungry",
  "I'm hungry. We're late!",
  "I'm here. I'm there. I'm everywhere.",
  "we're done, aren't we? I can't say. They won't go!",
  "It's raining and it's cold. The dog's bone is the dogs' toy.",
  "Y'all come back now. It's five o'clock somewhere.",
  "He loves rock'n'roll. She'd rather not; he'd go anyway.",
  "You can't stop me, and I won't stop you. Who's there? What's that? Let's go.",
  'hello there. how are you? fine, thanks!',
  'Wait... What? No! Really?! Yes… maybe.',
  'She said, "I\'m not sure." Then (after a pause) she left [quietly].',
  '“I’m fine,” he said. ‘We’re late,’ she replied. They’re gone. I can’t.',
  'Great job 🎉! I love it 😀😀. The 𝒳 symbol is 𝔸-like. 👍🏽 ok.',
  'The cafe\u0301 was open. E\u0301te\u0301 is summer. Cre\u0300me bru\u0302le\u0301e for me.',
  'A control\u0007 bell. Zero\u200bwidth space. Soft\u0000null here. \ufeffBOM start.',
  '\u0007\u0008Leading controls. Trailing ones.\u001f',
  'Line one is here.\r\nLine two is there.\r\n\r\nA new paragraph starts.',
  'Name:\tJohn\tSmith\nAge:\t42\n',
  '- first item\n- second item\n* third item\n• fourth item\n1. numbered item\n2) another one',
  '# Heading\n\nSome text under it.\n\n## Sub heading\nMore text here.',
  'Visit https://example.com/path?q=1&x=2 or mail me at john.doe@example.org today.',
  'The price rose 3.5% to $12.99, then fell 0.25 points. Version 1.2.3 shipped.',
  'Dr. Smith met Mr. Jones at 5 p.m. on Jan. 3rd, e.g. at the U.S. embassy, i.e. downtown.',
  'Thisisaverylonglinewithoutanyspacesatallthatgoesonandonandonforeverandeverwithoutstopping',
  `${'x'.repeat(300)} and ${'y'.repeat(200)}.`,
  'If you go, I will come. I think he left because it rained, and she said that the man who came was tired.',
  "Don't! Can't you see? We'd've gone. Ain't nobody got time. Gonna wanna gotta.",
  '   leading spaces and trailing spaces   ',
  '\n\n\nblank lines first\n\n\n',
  'Tab\tseparated\twords\tand a\u00a0non-breaking space\u3000ideographic space.',
  'Mixed: ñ, ü, ß, æ, ø, å, œ — dashes – and “smart quotes” ‘here’.',
  '日本語のテキスト。中文文本。 Then English.',
  "it's. i'm. you're. they've. we'll. he'd. she's.",
  "'Tis the season. 'Twas the night. O'Brien's car isn't here.",
  'Combining at start: \u0301odd. Double: a\u0301\u0302b. Hangul: \u1100\u1161.',
  'Ellipsis…and more… ?! !? ?? !!',
  '(Parenthetical sentence.) [Bracketed one!] {Braced?}',
  'He said "yes." She said "no!" They asked "why?"',
  'A',
  '.',
  "I'm",
];

/** Checks every span invariant of the clauses compiled from `input`. */
function checkInvariants(input: string, clauses: readonly AnnotatedClause[], documentId: string): void {
  const context = JSON.stringify(input);
  const ids = new Map<string, { index: number; sentence: number }>();
  let previousEnd = 0;
  let previousSentence = 0;
  const covered = new Uint8Array(input.length);
  clauses.forEach((clause, clauseIndex) => {
    const s = clause.syntactic;
    const where = `${context} clause ${clauseIndex} ${JSON.stringify(clause.text)}`;
    expect(clause.documentId, where).toBe(documentId);
    expect(s.documentId, where).toBe(documentId);
    expect(s.clauseIndex, where).toBe(clauseIndex);
    expect(clause.id, where).toBe(s.id);
    expect(s.start, where).toBeLessThanOrEqual(s.end);
    expect(s.end, where).toBeLessThanOrEqual(input.length);
    expect(clause.text, where).toBe(input.slice(s.start, s.end));
    expect(s.text, where).toBe(clause.text);
    // Clauses are in document order and do not overlap, except that a clause whose tokens have an
    // embedded or dependent clause taken out of them ("the man [who came] was tired") spans it: such
    // a clause lies inside the span of a clause of its own sentence. Sentences never go backwards.
    if (s.start < previousEnd) {
      let outer = false;
      for (let other = clauseIndex - 1; other >= 0 && !outer; other -= 1) {
        const span = (clauses[other] as AnnotatedClause).syntactic;
        if (span.sentenceIndex !== s.sentenceIndex) break;
        outer = span.start <= s.start && span.end >= s.end;
      }
      if (!outer) expect.fail(`${where} overlaps the clause before it`);
    }
    expect(s.sentenceIndex, where).toBeGreaterThanOrEqual(previousSentence);
    if (s.sentenceIndex > previousSentence) expect(s.start, where).toBeGreaterThanOrEqual(previousEnd);
    previousEnd = Math.max(previousEnd, s.end);
    previousSentence = s.sentenceIndex;
    expect(s.tokens.length, where).toBeGreaterThan(0);
    expect(s.tokens[0]?.start, where).toBe(s.start);
    expect(s.tokens[s.tokens.length - 1]?.end, where).toBe(s.end);
    let tokenEnd = s.start;
    s.tokens.forEach((token, index) => {
      // Plain checks first (thousands of tokens): the assertions, with their messages, only on a failure.
      const ok =
        token.index === index &&
        token.start >= tokenEnd &&
        token.end > token.start &&
        token.end <= s.end &&
        token.text === input.slice(token.start, token.end) &&
        !/^\s|\s$/.test(token.text) &&
        token.text.replace(CONTROL, '').length > 0;
      if (!ok) {
        const at = `${where} token ${index} ${JSON.stringify(token.text)}`;
        expect(token.index, at).toBe(index);
        expect(token.start, at).toBeGreaterThanOrEqual(tokenEnd);
        expect(token.end, at).toBeGreaterThan(token.start);
        expect(token.end, at).toBeLessThanOrEqual(s.end);
        expect(token.text, at).toBe(input.slice(token.start, token.end));
        // A token never starts or ends with white space, nor is it made only of stripped characters.
        expect(token.text, at).not.toMatch(/^\s|\s$/);
        expect(token.text.replace(CONTROL, '').length, at).toBeGreaterThan(0);
      }
      // No character belongs to two tokens, in this clause or any other.
      for (let offset = token.start; offset < token.end; offset += 1) {
        if (covered[offset] === 1) expect.fail(`${where} token ${index} overlaps another token at ${offset}`);
        covered[offset] = 1;
      }
      tokenEnd = token.end;
    });
    expect(s.rootIndex, where).toBeGreaterThanOrEqual(0);
    expect(s.rootIndex, where).toBeLessThan(s.tokens.length);
    const spanText = (start: number, end: number): string =>
      end <= start ? '' : input.slice(s.tokens[start]?.start ?? 0, s.tokens[end - 1]?.end ?? 0);
    const checkSpan = (label: string, span: { start: number; end: number; text: string }): void => {
      const ok =
        span.start >= 0 &&
        span.end >= span.start &&
        span.end <= s.tokens.length &&
        span.text === spanText(span.start, span.end);
      if (ok) return;
      const at = `${where} ${label} [${span.start}, ${span.end}) ${JSON.stringify(span.text)}`;
      expect(span.start, at).toBeGreaterThanOrEqual(0);
      expect(span.end, at).toBeGreaterThanOrEqual(span.start);
      expect(span.end, at).toBeLessThanOrEqual(s.tokens.length);
      expect(span.text, at).toBe(spanText(span.start, span.end));
    };
    let groupEnd = 0;
    for (const group of s.groups) {
      checkSpan(`group ${group.type}`, group);
      expect(group.end, where).toBeGreaterThan(group.start);
      expect(group.start, where).toBeGreaterThanOrEqual(groupEnd);
      expect(group.head, where).toBeGreaterThanOrEqual(group.start);
      expect(group.head, where).toBeLessThan(group.end);
      groupEnd = group.end;
    }
    for (const participant of clause.ideational.participants) checkSpan(`participant`, participant);
    for (const circumstance of clause.ideational.circumstances) checkSpan(`circumstance`, circumstance);
    const textual = clause.textual;
    if (textual !== null) {
      checkSpan('theme', textual.theme);
      checkSpan('rheme', textual.rheme);
      expect(textual.theme.start, where).toBe(0);
      expect(textual.rheme.start, where).toBe(textual.theme.end);
      expect(textual.rheme.end, where).toBe(s.tokens.length);
      for (const element of textual.theme.elements) {
        checkSpan(`theme element ${element.kind}`, element);
        expect(element.end, where).toBeLessThanOrEqual(textual.theme.end);
      }
      for (const reference of textual.cohesiveReferences) {
        expect(reference.tokenIndex, where).toBeLessThan(s.tokens.length);
        expect(reference.text, where).toBe(s.tokens[reference.tokenIndex]?.text);
        if (reference.antecedentClauseId !== null)
          expect(ids.has(reference.antecedentClauseId), where).toBe(true);
      }
    }
    ids.set(s.id, { index: clauseIndex, sentence: s.sentenceIndex });
  });
  // Parents are clauses of the same document in an earlier or the same sentence (a parent may follow its child).
  for (const clause of clauses) {
    const parent = clause.syntactic.parentClauseId;
    if (parent === null) continue;
    const where = `${context} clause ${JSON.stringify(clause.text)} parent ${parent}`;
    const found = ids.get(parent);
    expect(found, where).toBeDefined();
    expect(parent, where).not.toBe(clause.id);
    expect(found?.sentence, where).toBeLessThanOrEqual(clause.syntactic.sentenceIndex);
  }
  // Every word of the input (run of non-space characters) is covered by some token, except stripped characters.
  const word = /\S+/gu;
  for (let match = word.exec(input); match !== null; match = word.exec(input)) {
    for (let offset = match.index; offset < match.index + match[0].length; offset += 1) {
      const char = input.charAt(offset);
      if (covered[offset] === 1 || CONTROL_CHAR.test(char)) continue;
      expect.fail(
        `${context}: ${JSON.stringify(char)} at ${offset} in ${JSON.stringify(match[0])} is in no clause`,
      );
    }
  }
}

/** mulberry32: a small seeded PRNG, so the random texts are the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  "I'm",
  "i'm",
  "we're",
  "We're",
  "can't",
  "won't",
  "it's",
  "It's",
  "y'all",
  "o'clock",
  "rock'n'roll",
  "John's",
  "dogs'",
  'I’m',
  'they’re',
  'the',
  'dog',
  'barked',
  'loudly',
  'and',
  'because',
  'who',
  'that',
  'Dr.',
  'e.g.',
  'U.S.',
  '3.14',
  '$5.99',
  '10%',
  'https://example.com/a?b=c',
  'me@example.org',
  '😀',
  '👍🏽',
  '𝔸',
  'cafe\u0301',
  'e\u0301',
  'na\u0131\u0308ve',
  'zero\u200bwidth',
  'bell\u0007',
  '\u0000',
  '"quoted"',
  '(aside)',
  '[note]',
  '—',
  'very',
  'happy',
  'she',
  'said',
  'might',
  'go',
  'home',
  'Thisisaverylongwordwithoutanyspaces',
];
const PUNCTUATION = ['.', '!', '?', '…', '?!', '...', ',', ';', ':', ''];
const BREAKS = [' ', ' ', ' ', ' ', '  ', '\t', '\n', '\r\n', '\n\n', '\n- ', '\n# ', '\n1. ', ' \u00a0'];

function randomText(next: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const parts: string[] = [];
  const sentences = 1 + Math.floor(next() * 5);
  for (let sentence = 0; sentence < sentences; sentence += 1) {
    const words = 1 + Math.floor(next() * 10);
    for (let index = 0; index < words; index += 1) {
      if (index > 0) parts.push(next() < 0.85 ? ' ' : pick(BREAKS));
      parts.push(pick(WORDS));
      if (next() < 0.1) parts.push(',');
    }
    parts.push(pick(PUNCTUATION));
    parts.push(pick(BREAKS));
  }
  return parts.join('');
}

describe('clause and token spans', () => {
  it.each(TEXTS.map((text) => [JSON.stringify(text).slice(0, 60), text]))('hold for %s', (_label, text) => {
    checkInvariants(text, pipeline.compile(text, { documentId: 'spans' }), 'spans');
  });

  it('split contractions at the start of a text and of a sentence', () => {
    expect(pipeline.compile("i'm hungry", { documentId: 'd' }).map((clause) => clause.text)).toEqual([
      "i'm hungry",
    ]);
    expect(
      pipeline.compile("I'm hungry. We're late!", { documentId: 'd' }).map((clause) => clause.text),
    ).toEqual(["I'm hungry.", "We're late!"]);
  });

  it('hold for all the texts as one document', () => {
    const text = TEXTS.join('\n\n');
    checkInvariants(text, pipeline.compile(text, { documentId: 'all' }), 'all');
  });

  it('hold for a document long enough to be tagged in pieces', () => {
    const parts: string[] = [];
    for (let length = 0; length < 45_000; ) {
      for (const text of TEXTS) {
        parts.push(text);
        length += text.length + 1;
      }
    }
    const text = parts.join(' ');
    checkInvariants(text, pipeline.compile(text, { documentId: 'long' }), 'long');
  });

  // SPAN_SEED and SPAN_ROUNDS run other texts by hand; the default seed keeps the test deterministic.
  it('hold for random texts (fixed seed)', () => {
    const next = random(Number(process.env.SPAN_SEED ?? 0x5eed));
    for (let round = 0; round < Number(process.env.SPAN_ROUNDS ?? 300); round += 1) {
      const text = randomText(next);
      checkInvariants(text, pipeline.compile(text, { documentId: `random-${round}` }), `random-${round}`);
    }
  });
});
