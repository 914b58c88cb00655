import { describe, expect, it } from 'vitest';
import { createPipeline } from './pipeline';

const pipeline = createPipeline({ clock: () => new Date(0) });

function themeOf(text: string): { text: string; marked: boolean } {
  const clause = pipeline
    .compile(text, { documentId: 'theme-test' })
    .find((item) => item.syntactic.dependency === 'independent');
  return { text: clause?.textual?.theme.text ?? '', marked: clause?.textual?.markedTheme ?? false };
}

describe('theme', () => {
  it('THEME.OPENING_CIRCUMSTANCE: an opening circumstance runs to the comma that closes it', () => {
    expect(themeOf('Despite the heavy rain of the last few days, the match went ahead.')).toEqual({
      text: 'Despite the heavy rain of the last few days',
      marked: true,
    });
  });

  it('THEME.VOCATIVE: a vocative before a command is an interpersonal theme', () => {
    expect(themeOf('Emma, bring the chairs inside.').text).toBe('Emma, bring');
  });

  it('THEME.COORDINATED_NOMINAL: a coordinated Subject is one unmarked topical theme', () => {
    expect(themeOf('Bread and butter are on the table.')).toEqual({
      text: 'Bread and butter',
      marked: false,
    });
  });
});
