import { InvalidRequestError, TEXT_FORMATS, type TextFormat } from '@cae/core';
import { Parser } from 'htmlparser2';
import { Lexer, type Token, type Tokens } from 'marked';
import { CAPITALISED_STATEMENT_WORDS, HEADING_SMALL_WORDS } from './lexicons/mood-lexicon';
import { transcriptLabelStarts } from './speaker-label';

export type { TextFormat };

/** What a block of extracted text was in its source. */
export type BlockRole = 'heading' | 'paragraph' | 'list_item' | 'quote' | 'table_row';

/** A block of the extracted text: `text.slice(start, end)`, with its role (and level for headings, 1-6). */
export interface ExtractedBlock {
  readonly role: BlockRole;
  readonly level?: number;
  readonly start: number;
  readonly end: number;
}

/**
 * The text the pipeline compiles, extracted from a source format: the visible prose, one block per
 * paragraph, heading, list item, quote or table row, blocks separated by a blank line. Clause
 * offsets (`start`, `end`) refer to this text, not to the source.
 */
export interface ExtractedText {
  readonly text: string;
  readonly blocks: readonly ExtractedBlock[];
}

/** Joins blocks of text, collapsing whitespace inside each (a wrapped line is not a sentence break). */
class BlockWriter {
  private text = '';
  private readonly blocks: ExtractedBlock[] = [];

  add(raw: string, role: BlockRole, level?: number): void {
    const content = raw.replace(/\s+/g, ' ').trim();
    if (content.length === 0) return;
    if (this.text.length > 0) this.text += '\n\n';
    const start = this.text.length;
    this.text += content;
    this.blocks.push({ role, ...(level === undefined ? {} : { level }), start, end: this.text.length });
  }

  result(): ExtractedText {
    return { text: this.text, blocks: this.blocks };
  }
}

/** Inline Markdown to its visible text: emphasis, links and code spans keep their words; HTML and images go. */
function inlineText(tokens: readonly Token[] | undefined, fallback = ''): string {
  if (!tokens) return fallback;
  let out = '';
  for (const token of tokens) {
    switch (token.type) {
      case 'html':
      case 'image':
        break;
      case 'br':
        out += ' ';
        break;
      case 'codespan':
      case 'escape':
        out += (token as Tokens.Codespan).text;
        break;
      default: {
        const nested = (token as { tokens?: Token[] }).tokens;
        out += nested ? inlineText(nested) : ((token as { text?: string }).text ?? '');
      }
    }
  }
  return decodeEntities(out);
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** The few character references Markdown text carries (HTML goes through htmlparser2's full decoder). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function markdownBlocks(tokens: readonly Token[], writer: BlockWriter, inList = false): void {
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const heading = token as Tokens.Heading;
        writer.add(inlineText(heading.tokens, heading.text), 'heading', heading.depth);
        break;
      }
      case 'paragraph':
      case 'text': {
        const block = token as Tokens.Paragraph | Tokens.Text;
        writer.add(inlineText(block.tokens, block.text), inList ? 'list_item' : 'paragraph');
        break;
      }
      case 'list':
        for (const item of (token as Tokens.List).items) markdownBlocks(item.tokens, writer, true);
        break;
      case 'blockquote':
        for (const inner of (token as Tokens.Blockquote).tokens) {
          if (inner.type === 'paragraph')
            writer.add(
              inlineText((inner as Tokens.Paragraph).tokens, (inner as Tokens.Paragraph).text),
              'quote',
            );
          else markdownBlocks([inner], writer, inList);
        }
        break;
      case 'table': {
        const table = token as Tokens.Table;
        const row = (cells: Tokens.TableCell[]) =>
          cells
            .map((cell) => inlineText(cell.tokens, cell.text).trim())
            .filter(Boolean)
            .join('; ');
        writer.add(row(table.header), 'table_row');
        for (const cells of table.rows) writer.add(row(cells), 'table_row');
        break;
      }
      // Code blocks, raw HTML, rules and blank space are not prose.
      default:
        break;
    }
  }
}

/** Markdown (CommonMark and GFM, by the `marked` lexer) to its prose. */
function extractMarkdown(source: string): ExtractedText {
  const writer = new BlockWriter();
  markdownBlocks(new Lexer({ gfm: true }).lex(source), writer);
  return writer.result();
}

/** Elements whose content is never visible text. */
const HIDDEN = new Set([
  'head',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'canvas',
  'select',
  'button',
  'pre',
  'code',
]);
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
/** Elements that end a block of text. */
const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'html',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

function roleOf(tag: string): { role: BlockRole; level?: number } {
  if (/^h[1-6]$/.test(tag)) return { role: 'heading', level: Number(tag[1]) };
  if (tag === 'li' || tag === 'dt' || tag === 'dd') return { role: 'list_item' };
  if (tag === 'blockquote') return { role: 'quote' };
  if (tag === 'tr') return { role: 'table_row' };
  return { role: 'paragraph' };
}

/** HTML (by `htmlparser2`, entities decoded) to its visible text: no scripts, styles, code or hidden elements. */
function extractHtml(source: string): ExtractedText {
  const writer = new BlockWriter();
  // Open elements that are blocks, innermost last, and the depth of a hidden subtree being skipped.
  const stack: string[] = [];
  let hiddenDepth = 0;
  let buffer = '';
  const flush = () => {
    if (buffer.trim().length === 0) {
      buffer = '';
      return;
    }
    // The block takes the role of its innermost block element (a <p> in an <li> is a list item).
    const innermost =
      [...stack].reverse().find((tag) => BLOCK.has(tag) && tag !== 'p') ?? stack.at(-1) ?? 'p';
    const heading = stack.findLast((tag) => /^h[1-6]$/.test(tag));
    const { role, level } = heading
      ? roleOf(heading)
      : roleOf(innermost === 'td' || innermost === 'th' ? 'tr' : innermost);
    writer.add(buffer, role, level);
    buffer = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (hiddenDepth > 0) {
          if (!VOID.has(name)) hiddenDepth += 1;
          return;
        }
        const hidden =
          HIDDEN.has(name) ||
          'hidden' in attributes ||
          attributes['aria-hidden'] === 'true' ||
          /display\s*:\s*none|visibility\s*:\s*hidden/i.test(attributes.style ?? '');
        if (hidden) {
          if (!VOID.has(name)) hiddenDepth = 1;
          return;
        }
        if (name === 'br') buffer += ' ';
        // Cells of a row stay one block, separated like Markdown table cells.
        else if (name === 'td' || name === 'th') buffer += buffer.trim() ? '; ' : '';
        else if (BLOCK.has(name) && name !== 'tr') flush();
        if (name === 'tr') flush();
        if (!VOID.has(name)) stack.push(name);
      },
      ontext(text) {
        if (hiddenDepth === 0) buffer += text;
      },
      onclosetag(name, implied) {
        if (hiddenDepth > 0) {
          if (!VOID.has(name)) hiddenDepth -= 1;
          return;
        }
        if (VOID.has(name)) return;
        if (BLOCK.has(name) && name !== 'td' && name !== 'th') flush();
        const at = stack.lastIndexOf(name);
        if (at >= 0) stack.length = at;
        void implied;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(source);
  parser.end();
  flush();
  return writer.result();
}

/** Plain text as given, one block per paragraph (blank-line separated); offsets are those of the source. */
function extractPlain(source: string): ExtractedText {
  const blocks: ExtractedBlock[] = [];
  const add = (from: number, to: number) => {
    let start = from;
    let end = to;
    while (start < end && /\s/.test(source[start]!)) start += 1;
    while (end > start && /\s/.test(source[end - 1]!)) end -= 1;
    if (end > start) blocks.push({ role: 'paragraph', start, end });
  };
  let from = 0;
  for (const separator of source.matchAll(/\n[ \t\r\f\v]*\n/g)) {
    add(from, separator.index);
    from = separator.index + separator[0].length;
  }
  add(from, source.length);
  return { text: source, blocks };
}

/** Numbering before a heading: "ARTICLE II", "Section 4.2", "12.", "1.1", "(a)", "B.". */
const NUMBERING =
  /(?:(article|section|exhibit|schedule|annex|appendix|part)\s+[0-9ivxlc]+[a-z]?(?:\.[0-9]+)*\.?|([0-9]{1,3}(?:\.[0-9]{1,3})*)\.?|\([a-z]{1,4}\)|\([0-9]{1,3}\)|[a-z]\.)(?=[ \t]|$)/iy;
const HAS_LOWER = /\p{Ll}/u;
/** A page number of a table of contents: "5", "117", "A-3", "iv". */
const PAGE_NUMBER = /^(?:[0-9]{1,4}|[A-Z]-[0-9]{1,3}|[ivxl]{1,6})$/;
const HAS_DIGIT = /[0-9]/;
const UPPER_FIRST = /^[“"'‘(]?\p{Lu}/u;

/** Heading level from its numbering: titles and articles 1, "12." 2, "4.2" 3, "(a)" 5. */
function numberingLevel(match: RegExpExecArray | null): number {
  if (match === null) return 1;
  const word = match[1]?.toLowerCase();
  const digits = match[2] ?? (word === 'section' ? /[0-9.]+/.exec(match[0].slice(7))?.[0] : undefined);
  if (word !== undefined && word !== 'section') return 1;
  if (digits !== undefined) return Math.min(6, 2 + (digits.replace(/\.$/, '').match(/\./g)?.length ?? 0));
  return 5;
}

/**
 * Headings of plain text, as blocks with a level (ARTICLE and unnumbered all-caps titles 1, "12." 2,
 * "4.2" 3, "(a)" 5), for a text with no mark-up: a line that starts with an all-caps title
 * ("LIMITATION OF LIABILITY", "12. LIMITATION OF LIABILITY", "ARTICLE II"), or a numbered title in
 * title case ending in a full stop or colon, on its own line or before the text of its section
 * ("Section 4.2 Payment Terms. The tenant shall ..."). The title ends at the end of the line, at a
 * full stop or colon, or at a wider gap ("9.   PRODUCT DESIGN   During the term ..."). Not a heading:
 * an all-caps statement (it holds "SHALL", "HAVE", "IS", ...), an all-caps run that a lower-case word
 * continues ("WHEREAS, ADAMS GOLF desires"), a title of more than 12 words, and a title nothing follows.
 * @example plainTextHeadings('12. LIMITATION OF LIABILITY\nNeither party is liable.') // [{ role: 'heading', level: 2, start: 0, end: 27 }]
 */
export function plainTextHeadings(text: string, disabledRules?: ReadonlySet<string>): ExtractedBlock[] {
  const blocks: ExtractedBlock[] = [];
  const afterGap = disabledRules?.has('SEGMENT.HEADING_AFTER_GAP') !== true;
  const atLineEnd = disabledRules?.has('SEGMENT.HEADING_AT_LINE_END') !== true;
  const contents = disabledRules?.has('SEGMENT.CONTENTS_ENTRY') !== true;
  const hashes = disabledRules?.has('SEGMENT.HASH_HEADING') !== true;
  // The first gap of three blanks at or after `gapFrom` (-1: none in the rest of the text). A search
  // runs past the end of its line, so its answer serves the following lines until they reach it: one
  // scan of the text in all, not one per line (a long text with no gap was quadratic).
  let gapFrom = 0;
  let gapAt = afterGap ? text.indexOf('   ') : -1;
  const gapAfter = (from: number): number => {
    if (from < gapFrom || (gapAt >= 0 && from > gapAt)) {
      gapFrom = from;
      gapAt = text.indexOf('   ', from);
    }
    return gapAt;
  };
  // A transcript's "Q." and "A." lines are a speaker's words, no numbered headings ("A. No.": TOKEN.TRANSCRIPT_LABEL).
  const transcript =
    disabledRules?.has('TOKEN.TRANSCRIPT_LABEL') === true ? new Set<number>() : transcriptLabelStarts(text);
  let lineStart = 0;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    let first = lineStart;
    while (first < lineEnd && isBlank(text.charCodeAt(first))) first += 1;
    if (transcript.has(first)) {
      lineStart = lineEnd + 1;
      continue;
    }
    const heading =
      (hashes ? hashHeading(text, first, lineEnd) : null) ?? headingAt(text, lineStart, lineEnd, contents);
    if (heading !== null) blocks.push(heading);
    // SEGMENT.HEADING_AFTER_GAP: "... the Licensed Products.   D. Product Commitment. Up to ...": in a
    // text whose line breaks were flattened, a numbered title-case title closed by a full stop after
    // a sentence's full stop and a gap of three blanks or more is a heading too.
    let gap = afterGap ? gapAfter(heading === null ? lineStart : heading.end) : -1;
    while (gap >= 0 && gap < lineEnd) {
      let before = gap - 1;
      while (before > lineStart && isBlank(text.charCodeAt(before))) before -= 1;
      let after = gap;
      while (after < lineEnd && isBlank(text.charCodeAt(after))) after += 1;
      if (before > lineStart && text.charAt(before) === '.' && after < lineEnd) {
        const found = headingAt(text, after, lineEnd, contents);
        if (found !== null && text.charAt(found.end - 1) === '.' && numberedTitle(text, after)) {
          blocks.push(found);
          after = found.end;
        }
      }
      gap = gapAfter(Math.max(after, gap + 3));
    }
    // SEGMENT.HEADING_AT_LINE_END: "... to contest or limit such disclosure. 10. FORCE MAJEURE" and a
    // line break: a numbered all-caps title after a sentence's full stop that runs to the end of its line
    // is a heading too (the text's line break after the heading was kept, the one before it lost).
    if (atLineEnd && (heading === null || heading.end < lineEnd)) {
      const found = headingAtLineEnd(text, heading === null ? lineStart : heading.end, lineEnd, contents);
      if (found !== null) blocks.push(found);
    }
    lineStart = lineEnd + 1;
  }
  return blocks;
}

/** A sentence's full stop, blanks, a numbering and an all-caps title to the end of the line (its tail). */
const TITLE_AT_LINE_END =
  /[\p{Ll}0-9)\]]\.[ \t]+((?:[0-9]{1,3}(?:\.[0-9]{1,3})*\.?|[A-Z]\.)[ \t]+\p{Lu}[\p{Lu}0-9 ,&;'\-/()]*)[ \t\r]*$/u;

/**
 * The heading SEGMENT.HEADING_AT_LINE_END finds in [from, lineEnd): a numbered all-caps title (two
 * letters at least, no lower-case letter) after a sentence's full stop, running to the end of the line
 * and closing no sentence itself, that `headingAt` takes for a heading; null otherwise.
 */
function headingAtLineEnd(
  text: string,
  from: number,
  lineEnd: number,
  contents: boolean,
): ExtractedBlock | null {
  let last = lineEnd - 1;
  while (last > from && isBlank(text.charCodeAt(last))) last -= 1;
  const code = text.charCodeAt(last);
  // Only a line that ends in a capital letter: most lines are gone after one comparison.
  if (!(code >= 65 && code <= 90)) return null;
  const match = TITLE_AT_LINE_END.exec(text.slice(from, lineEnd));
  const tail = match?.[1];
  if (match === null || tail === undefined || (tail.match(/\p{Lu}/gu)?.length ?? 0) < 2) return null;
  const start = from + match.index + match[0].indexOf(tail, 2);
  const found = headingAt(text, start, lineEnd, contents);
  return found !== null && found.end >= last ? found : null;
}

/** Whether a numbering ("D.", "Section 11.4", "12.") opens the text at `at`, followed by a capital. */
function numberedTitle(text: string, at: number): boolean {
  NUMBERING.lastIndex = at;
  const numbering = NUMBERING.exec(text);
  if (numbering === null) return false;
  let next = at + numbering[0].length;
  while (next < text.length && isBlank(text.charCodeAt(next))) next += 1;
  return UPPER_FIRST.test(text.charAt(next));
}

function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 13 || code === 160;
}

/**
 * SEGMENT.HASH_HEADING: "### Steps to reproduce", a Markdown heading in text given as plain text (an issue, a
 * README or a chat message pasted as it was typed): one to six "#" and a blank open the line, words follow.
 * Its level is the number of "#", as the Markdown reader gives it.
 */
function hashHeading(text: string, first: number, lineEnd: number): ExtractedBlock | null {
  let at = first;
  while (at < lineEnd && text.charCodeAt(at) === 35) at += 1;
  const level = at - first;
  if (level === 0 || level > 6 || at >= lineEnd || !isBlank(text.charCodeAt(at))) return null;
  let end = lineEnd;
  while (end > at && isBlank(text.charCodeAt(end - 1))) end -= 1;
  // "# of units sold" counts; it is no heading.
  if (!/\p{L}/u.test(text.slice(at, end)) || /^\s+of\b/.test(text.slice(at, end))) return null;
  return { role: 'heading', level, start: first, end };
}

function headingAt(
  text: string,
  lineStart: number,
  lineEnd: number,
  contents: boolean,
): ExtractedBlock | null {
  let start = lineStart;
  while (start < lineEnd && isBlank(text.charCodeAt(start))) start += 1;
  if (start >= lineEnd) return null;
  const first = text.charCodeAt(start);
  // Only a capital, a digit or "(" opens a heading: most lines are gone after one comparison.
  if (!((first >= 65 && first <= 90) || (first >= 48 && first <= 57) || first === 40)) return null;
  NUMBERING.lastIndex = start;
  const numbering = NUMBERING.exec(text);
  let at = numbering === null ? start : start + numbering[0].length;
  const level = numberingLevel(numbering);
  const titled = numbering !== null;
  while (at < lineEnd && isBlank(text.charCodeAt(at))) at += 1;
  let end = -1;
  if (at >= lineEnd) {
    // "ARTICLE II", "EXHIBIT A" alone on a line; a bare "12." is a list number, not a heading.
    if (numbering === null || numbering[1] === undefined || numbering[1].toLowerCase() === 'section')
      return null;
    end = start + numbering[0].replace(/\s+$/, '').length;
  } else {
    end = titleEnd(text, at, lineEnd, titled, contents);
    if (end < 0) return null;
  }
  // A heading names what follows it: something must follow, and not a lower-case continuation.
  let next = end;
  while (next < text.length && (isBlank(text.charCodeAt(next)) || text.charCodeAt(next) === 10)) next += 1;
  if (next >= text.length || HAS_LOWER.test(text.charAt(next))) return null;
  return { role: 'heading', level, start, end };
}

/**
 * Where the title that starts at `at` ends, or -1: an all-caps run, or (after numbering) title-case
 * words, up to the end of the line, a full stop or colon, or a gap of two or more spaces.
 */
function titleEnd(text: string, at: number, lineEnd: number, numbered: boolean, contents: boolean): number {
  let words = 0;
  let capitals = 0;
  let caps = true;
  let title = numbered;
  let wordStart = at;
  while (wordStart < lineEnd) {
    let wordEnd = wordStart;
    while (wordEnd < lineEnd && !isBlank(text.charCodeAt(wordEnd))) wordEnd += 1;
    const word = text.slice(wordStart, wordEnd);
    words += 1;
    if (words > 12) return -1;
    const lower = HAS_LOWER.test(word);
    if (lower) caps = false;
    else if (CAPITALISED_STATEMENT_WORDS.has(word.replace(/[^A-Z]/g, ''))) return -1;
    else for (const char of word) if (char >= 'A' && char <= 'Z') capitals += 1;
    if (title && (HAS_DIGIT.test(word) || (!UPPER_FIRST.test(word) && !HEADING_SMALL_WORDS.has(word))))
      title = false;
    if (title && words === 1 && !UPPER_FIRST.test(word)) title = false;
    if (!caps && !title) return -1;
    let gap = wordEnd;
    while (gap < lineEnd && isBlank(text.charCodeAt(gap))) gap += 1;
    const last = word.charAt(word.length - 1);
    const closed = last === '.' || last === ':';
    // SEGMENT.CONTENTS_ENTRY: "Section 2.1   Reserved     5": a numbered title-case title, a wider gap
    // and a page number that ends the line is a line of the table of contents, a heading with its page.
    if (contents && title && numbered && !closed && gap - wordEnd >= 2 && gap < lineEnd) {
      const rest = text.slice(gap, lineEnd).trimEnd();
      if (PAGE_NUMBER.test(rest) && !HEADING_SMALL_WORDS.has(word.toLowerCase())) return gap + rest.length;
    }
    // A wider gap ends an all-caps title; a title-case one may have been wrapped there.
    if (gap >= lineEnd || closed || (caps && gap - wordEnd >= 2)) {
      if (last === ',' || last === ';') return -1;
      // A title does not end in a small word ("AND", "PARTIES AND"): that is a line of a signature block.
      if (HEADING_SMALL_WORDS.has(word.replace(/[.:]$/, '').toLowerCase())) return -1;
      // An all-caps title needs a few capitals ("WITNESSETH", "TERM OF CONTRACT"), not "A" or "I";
      // unnumbered, it has its line to itself or a wider gap after it ("PLEASE NOTE: Your ..." is a label).
      if (caps && capitals >= 4 && (numbered || gap >= lineEnd || gap - wordEnd >= 2)) return wordEnd;
      // A title-case title closes with its full stop or colon, or has its line to itself.
      if (title && (closed || gap >= lineEnd)) return wordEnd;
      return -1;
    }
    wordStart = gap;
  }
  return -1;
}

/**
 * Extracts the text the pipeline compiles from Markdown, HTML or plain text (plain text is returned
 * as it is). Headings, list items, quotes and table rows become blocks of their own with their role.
 * @example const { text, blocks } = extractText('# Deposit\n\nThe tenant **must** pay.', 'markdown');
 */
export function extractText(source: string, format: TextFormat = 'text'): ExtractedText {
  if (typeof source !== 'string') throw new InvalidRequestError('text must be a string');
  switch (format) {
    case 'text':
      return extractPlain(source);
    case 'markdown':
      return extractMarkdown(source);
    case 'html':
      return extractHtml(source);
    default:
      throw new InvalidRequestError(`format must be one of ${TEXT_FORMATS.join(', ')}`, {
        details: { field: 'format' },
      });
  }
}

/**
 * The text of a PDF (by `unpdf`, a serverless build of PDF.js; loaded on the first call), one block
 * per paragraph: lines are joined, words hyphenated across a line break are mended.
 * @example const { text } = await extractPdfText(await readFile('lease.pdf'));
 */
export async function extractPdfText(data: Uint8Array): Promise<ExtractedText> {
  const { extractText: extractPages } = await import('unpdf');
  const { text } = await extractPages(new Uint8Array(data), { mergePages: false });
  const writer = new BlockWriter();
  for (const page of text) {
    for (const paragraph of page.replace(/(\w)-\n(?=\p{Ll})/gu, '$1').split(/\n\s*\n/))
      writer.add(paragraph, 'paragraph');
  }
  return writer.result();
}
