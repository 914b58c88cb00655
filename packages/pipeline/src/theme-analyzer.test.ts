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

  it('THEME.UNGROUPED_INTERJECTION: "please", "well", "no" before the topical theme are in the theme', () => {
    const elements = (text: string) =>
      pipeline
        .compile(text, { documentId: 'theme-test' })[0]
        ?.textual?.theme.elements.map((element) => `${element.kind}: ${element.text}`);
    expect(elements('Please return the keys by Friday.')).toEqual([
      'interpersonal: Please',
      'topical: return',
    ]);
    expect(elements('Well, the heater broke again.')).toEqual(['textual: Well', 'topical: the heater']);
    expect(elements('No, the landlord never called back.')).toEqual(['textual: No', 'topical: the landlord']);
  });

  it('THEME.COORDINATED_NOMINAL: a coordinated Subject is one unmarked topical theme', () => {
    expect(themeOf('Bread and butter are on the table.')).toEqual({
      text: 'Bread and butter',
      marked: false,
    });
  });

  it('SEGMENT.COMPLEX_PREPOSITION: "According to X," is a marked circumstantial theme of the main clause', () => {
    expect(themeOf('According to the forecast, the ferry will sail at noon.')).toEqual({
      text: 'According to the forecast',
      marked: true,
    });
    const clauses = pipeline.compile('According to the forecast, the ferry will sail at noon.', {
      documentId: 'theme-test',
    });
    expect(clauses).toHaveLength(1);
    expect(clauses[0]?.ideational.rawTransitivity.matched).toContain('ROLE.COMPLEX_PREPOSITION');
  });

  it('SEGMENT.COMPLEX_PREPOSITION guard: a clause-opening verb with its own "to" is still a clause', () => {
    expect(themeOf('Travelling to the coast, we stopped twice.').text).not.toBe('Travelling to the coast');
  });
});

describe('THEME.LIST_NUMBER', () => {
  const elements = (text: string, disabledRules: string[] = []) =>
    createPipeline({ clock: () => new Date(0), disabledRules })
      .compile(text, { documentId: 'theme-test' })[0]
      ?.textual?.theme.elements.map((element) => `${element.kind}: ${element.text}`);

  it("is no element of the theme: the item's own first group is its topical theme", () => {
    expect(elements('1. The Tenant shall pay the rent monthly.')).toEqual(['topical: The Tenant']);
    expect(elements('(a) the Tenant shall keep the premises clean;')).toEqual(['topical: the Tenant']);
    expect(elements('2. Can I pay the rent online?')).toEqual(['interpersonal: Can', 'topical: I']);
    expect(themeOf('1. The Tenant shall pay the rent monthly.')).toEqual({
      text: '1. The Tenant',
      marked: false,
    });
  });

  it('off, the number is the topical theme', () => {
    expect(elements('2. Can I pay the rent online?', ['THEME.LIST_NUMBER'])?.[0]).toBe('topical: 2');
  });
});
