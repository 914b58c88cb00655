import { describe, expect, it } from 'vitest';
import { createPipeline } from './pipeline';
import { THEME_RULE_IDS } from './theme-analyzer';

const pipeline = createPipeline({ clock: () => new Date(0) });

function themeOf(text: string): { text: string; marked: boolean } {
  const clause = pipeline
    .compile(text, { documentId: 'theme-test' })
    .find((item) => item.syntactic.dependency === 'independent');
  return { text: clause?.textual?.theme.text ?? '', marked: clause?.textual?.markedTheme ?? false };
}

/** The theme elements ("kind: text") and markedness of the first clause of `text`, with `disabledRules` off. */
function themeElements(text: string, disabledRules: readonly string[] = []) {
  const clause = createPipeline({ clock: () => new Date(0), disabledRules }).compile(text, {
    documentId: 'theme-test',
  })[0];
  return {
    elements: clause?.textual?.theme.elements.map((element) => `${element.kind}: ${element.text}`),
    marked: clause?.textual?.markedTheme,
  };
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

  it('THEME.GREETING_VOCATIVE: a greeting and the name addressed are an interpersonal theme', () => {
    const elements = themeElements;
    expect(elements('Hi Marta, I left the keys with the porter.')).toEqual({
      elements: ['interpersonal: Hi Marta', 'topical: I'],
      marked: false,
    });
    expect(elements('Dear Ms. Okafor, we received your letter on Monday.')).toEqual({
      elements: ['interpersonal: Dear Ms. Okafor', 'topical: we'],
      marked: false,
    });
    expect(elements('Hello all, the lift is out of order until Tuesday.').elements).toEqual([
      'interpersonal: Hello all',
      'topical: the lift',
    ]);
    expect(elements('Hi Marta and Joe, can you check the meter?').elements).toEqual([
      'interpersonal: Hi Marta and Joe',
      'interpersonal: can',
      'topical: you',
    ]);
    expect(elements('Hey, Mr. Lee, you left your umbrella in the hall.').elements).toEqual([
      'interpersonal: Hey, Mr. Lee',
      'topical: you',
    ]);
    // Off: the name is read as a marked topical theme.
    expect(elements('Hi Marta, I left the keys with the porter.', ['THEME.GREETING_VOCATIVE'])).toEqual({
      elements: ['topical: Marta'],
      marked: true,
    });
    // "Dear" needs a name; a greeting word inside the clause is no theme.
    expect(elements('Dear friends are hard to find.').elements).toEqual(['topical: Dear friends']);
  });

  it('THEME.TREE_VOCATIVE: a name the tree reads as called out before a comma is an interpersonal theme', () => {
    const themeWith = themeElements;
    expect(themeWith('Tom, I moved out on the 1st.')).toEqual({
      elements: ['interpersonal: Tom', 'topical: I'],
      marked: false,
    });
    expect(themeWith('Mrs. Ruiz, the boiler is fixed.')).toEqual({
      elements: ['interpersonal: Mrs. Ruiz', 'topical: the boiler'],
      marked: false,
    });
    expect(themeWith('Tom, I moved out on the 1st.', ['THEME.TREE_VOCATIVE'])).toEqual({
      elements: ['topical: Tom'],
      marked: true,
    });
    // A name with an apposition or a relative clause after its comma is the Subject, whatever the tree says.
    expect(themeWith('Okafor, who runs the clinic, said the roof leaks.').elements).toEqual([
      'topical: Okafor',
    ]);
    expect(themeWith('Brennan, a lawyer from Cork, was there to open the hall.').elements).toEqual([
      'topical: Brennan',
    ]);
  });

  it('THEME.UNGROUPED_INTERJECTION: "please", "well", "no" before the topical theme are in the theme', () => {
    const elements = (text: string) => themeElements(text).elements;
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
    themeElements(text, disabledRules).elements;

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

describe('theme rules are switchable with disabledRules', () => {
  const themeWith = (text: string, disabledRules: string[] = []) =>
    themeElements(text, disabledRules).elements;

  it.each([
    ['THEME.UNGROUPED_INTERJECTION', 'Please return the keys by Friday.'],
    ['THEME.VOCATIVE', 'Emma, bring the chairs inside.'],
    ['THEME.POLAR_FINITE', 'Did the landlord return the keys?'],
    ['THEME.LETS', "Let's meet at noon."],
    ['THEME.WH_GROUP', 'How kind you are!'],
    ['THEME.OPENING_CIRCUMSTANCE', 'Despite the heavy rain of the last few days, the match went ahead.'],
    ['THEME.COORDINATED_NOMINAL', 'Salt and pepper are essential.'],
    ['THEME.POSTMODIFIER', 'The house on the hill is old.'],
    ['THEME.GREETING_VOCATIVE', 'Hi Tom, I moved out on the 1st.'],
    ['THEME.LIST_NUMBER', '2. Can I pay the rent online?'],
  ])('%s: %s', (id, text) => {
    const on = themeWith(text);
    expect(on?.length).toBeGreaterThan(0);
    expect(themeWith(text, [id])).not.toEqual(on);
  });

  it('lists every id once', () => {
    expect(new Set(THEME_RULE_IDS).size).toBe(THEME_RULE_IDS.length);
    expect(THEME_RULE_IDS).toContain('THEME.POSTMODIFIER');
  });
});
