import { describe, expect, it } from 'vitest';
import { sentences } from './__fixtures__/sentences';
import { ABBREVIATION_JOIN_RULE_IDS, ABBREVIATION_JOIN_RULES } from './abbreviation-joins';
import { tagText } from './syntax-tagger';

const ALL_IDS = ABBREVIATION_JOIN_RULE_IDS;

describe('ABBREVIATION_JOIN_RULES: each row keeps its examples one sentence, and switched off no longer does', () => {
  for (const rule of ABBREVIATION_JOIN_RULES) {
    it.each(rule.examples.map((example) => [example.text, example.expect]))(
      `${rule.id}: %s`,
      (text, expected) => {
        expect(sentences(text)).toContain(expected);
        expect(sentences(text, [rule.id])).not.toContain(expected);
      },
    );
  }

  it('keeps the ids unique, in the SPLIT family, and gives every row two examples', () => {
    expect(new Set(ALL_IDS).size).toBe(ALL_IDS.length);
    for (const rule of ABBREVIATION_JOIN_RULES) {
      expect(rule.id).toMatch(/^SPLIT\.ABBREVIATION_/);
      expect(rule.examples.length, rule.id).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('SPLIT.ABBREVIATION_*: joins only where the abbreviation does not end the sentence', () => {
  it('joins several cuts of one sentence, and the abbreviation is one token with its period again', () => {
    const text = 'Ring Drs. Okafor and Lind at ext. 2210, quoting Pat. No. 7,001,002 and Sec. 4 of the deed.';
    expect(sentences(text)).toEqual([text]);
    expect(sentences(text, ALL_IDS).length).toBeGreaterThan(1);
    const tagged = tagText(text);
    for (const word of ['Drs.', 'ext.', 'Pat.', 'No.', 'Sec.']) expect(tagged.values).toContain(word);
    // The one period of its own is the sentence's full stop.
    expect(tagged.values.filter((value) => value === '.')).toHaveLength(1);
  });

  it.each([
    [
      'SPLIT.ABBREVIATION_REFERENCE_NUMBER',
      'The map is on p. 12 and pp. 3-4 of Vol. II, in Ch. 7, cl. 4 and Nos. 3 and 5.',
    ],
    [
      'SPLIT.ABBREVIATION_REFERENCE_NUMBER',
      'Dial Tel. (212) 555-0100 and read EXH. B-2 and Stat. § 12 first.',
    ],
    [
      'SPLIT.ABBREVIATION_TITLE_NAME',
      'Ask Profs. Lee and Hu, Mmes. Roy and Ortiz, the Rt. Hon. Jane Lee and Rev. Amos Hale.',
    ],
    ['SPLIT.ABBREVIATION_COMPANY_CHAIN', 'Send it to Kaur Pte. Ltd. or to Hale Bros. Inc. by Friday.'],
  ])('%s: %s', (id, text) => {
    expect(sentences(text)).toEqual([text]);
    expect(sentences(text, [id]).length).toBeGreaterThan(1);
  });

  it('still ends the sentence after the last part of a company name before a new sentence', () => {
    expect(sentences('The fee is paid to Lim Sdn. Bhd. The Buyer pays the rest.')).toEqual([
      'The fee is paid to Lim Sdn. Bhd.',
      'The Buyer pays the rest.',
    ]);
    expect(sentences('The plant went to Ross Pty. Ltd. The Seller keeps the land.')).toHaveLength(2);
  });

  it('leaves to wink the company suffixes it knows, and "Sr." after a name still ends a sentence', () => {
    const companies = 'Sold to Reno Co., Ltd., Rossi S.p.A., Bakker B.V. and Weber GmbH & Co. KG as agreed.';
    expect(sentences(companies, ALL_IDS)).toEqual([companies]);
    expect(sentences(companies)).toEqual([companies]);
    expect(sentences('The deed was signed by Carl Moss Sr. The bank kept a copy.')).toHaveLength(2);
  });

  it('still ends the sentence after a title that a word opening a sentence follows', () => {
    expect(sentences('We waited for Fr. The bus was late.')).toHaveLength(2);
  });

  it('still ends the sentence after a lower-case reference word that follows a verb', () => {
    // "art" after a verb is the noun, not "art." for "article".
    expect(sentences('I love art. 3 of my friends paint.')).toHaveLength(2);
  });

  it('keeps the cut where a line break follows the abbreviation', () => {
    expect(sentences('She thanked the Drs.\nOkafor and Lind came later.')).toHaveLength(2);
    expect(sentences('Call me on ext.\n4455 is my desk.')).toHaveLength(2);
  });
});
