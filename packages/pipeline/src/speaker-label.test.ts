import type { AnnotatedClause } from '@cae/core';
import { describe, expect, it } from 'vitest';
import { createPipeline } from './pipeline';
import {
  hasChatLines,
  hasLabelLines,
  LABEL_NON_FINITE_PARTICIPANTS,
  LABEL_NON_FINITE_THEME,
  labelColon,
  SPEAKER_LABEL_MOOD,
  SPEAKER_LABEL_PARTICIPANTS,
  SPEAKER_LABEL_SEGMENT,
  SPEAKER_LABEL_THEME,
  SPEAKER_LABEL_TREE,
  timestampEnd,
  transcriptLabelStarts,
} from './speaker-label';
import { tagText } from './syntax-tagger';

const RULES = [SPEAKER_LABEL_TREE, SPEAKER_LABEL_MOOD, SPEAKER_LABEL_SEGMENT];

function compile(text: string, disabledRules: readonly string[] = []): AnnotatedClause[] {
  return createPipeline({ disabledRules }).compile(text, { documentId: 'transcript' });
}

function moods(text: string, disabledRules: readonly string[] = []): string[] {
  return compile(text, disabledRules).map((clause) => `${clause.interpersonal.mood}: ${clause.text}`);
}

function roles(clause: AnnotatedClause | undefined): string[] {
  return (clause?.ideational.participants ?? []).map(
    (participant) => `${participant.role}: ${participant.text} [${participant.start}, ${participant.end})`,
  );
}

function theme(clause: AnnotatedClause | undefined): string[] {
  return (clause?.textual?.theme.elements ?? []).map(
    (element) => `${element.kind}: ${element.text} [${element.start}, ${element.end})`,
  );
}

describe('labelColon', () => {
  it('finds the colon of one to four capitalised words or numbers opening the words, with two tokens after it', () => {
    expect(labelColon(['Q', ':', 'Where', 'were', 'you', '?'])).toBe(1);
    expect(labelColon(['MR.', 'SMITH', ':', 'No', 'objection', '.'])).toBe(2);
    expect(labelColon(['Speaker', '2', ':', 'Hello', 'there'])).toBe(2);
    // A short date in the label, as a post's update line writes it.
    expect(labelColon(['UPDATE', '6/12', ':', 'the', 'landlord', 'answered', '.'])).toBe(2);
    expect(labelColon(['EDIT', '3/4/2024', ':', 'they', 'refunded', 'it', '.'])).toBe(2);
    expect(labelColon(['6/12', ':', 'they', 'refunded', 'it', '.'])).toBe(-1);
    // An utterance without a word in lower case is a name, a title or a reference: the line is read whole.
    expect(labelColon(['MR.', 'SMITH', ':', 'Objection', '.'])).toBe(-1);
    expect(labelColon(['Source', ':', 'ACME', 'ROLLED', 'PRODUCTS', 'CORP', ',', '8-K'])).toBe(-1);
    expect(labelColon(['The', 'Very', 'Old', 'Court', 'Clerk', ':', 'Rise', '.'])).toBe(-1);
    expect(labelColon(['Here', 'is', 'a', 'thought', ':', 'When', 'it', 'rains'])).toBe(-1);
    expect(labelColon(['12', ':', '30', 'pm'])).toBe(-1);
    expect(labelColon(['Q', ':', '?'])).toBe(-1);
    // A speaker's answer of a minor expression, after a label in capitals; a form's field is no utterance.
    expect(labelColon(['THE', 'WITNESS', ':', 'No', '.'])).toBe(2);
    expect(labelColon(['A', ':', 'Yes', '.'])).toBe(1);
    expect(labelColon(['Pets', ':', 'No', '.'])).toBe(-1);
    // A speaker and a title after a comma or dash, as an earnings call's transcript writes them.
    expect(
      labelColon([
        'Maria',
        'Chen',
        ',',
        'Chief',
        'Financial',
        'Officer',
        ':',
        'Thanks',
        ',',
        'everyone',
        '.',
      ]),
    ).toBe(6);
    expect(labelColon(['David', 'Park', '-', 'Analyst', ':', 'Hi', ',', 'thanks', '.'])).toBe(4);
    expect(labelColon(['Maria', 'Chen', ',', 'who', 'spoke', ':', 'thanks'])).toBe(-1);
    expect(labelColon(['EXCLUSIVE', ':', 'No'])).toBe(-1);
    expect(labelColon([':', 'Q', 'and', 'A'])).toBe(-1);
  });

  it('reads a time stamp before the label and a name in brackets after it, as chat logs write them', () => {
    expect(labelColon(['[', '10:02', ']', 'Customer', ':', 'Hi', ',', 'my', 'invoice'])).toBe(4);
    expect(labelColon(['10:02', 'AM', 'Agent', '(', 'Priya', ')', ':', 'I', "'m", 'sorry'])).toBe(6);
    expect(labelColon(['[', '2026-03-03', '10:02:15', ']', 'John', 'Smith', ':', 'can', 'you', 'send'])).toBe(
      6,
    );
    expect(labelColon(['(', '10:02', ')', 'Tom', ':', 'send', 'it'])).toBe(4);
    // After a time stamp, a minor answer is an utterance too.
    expect(labelColon(['[', '10:05', ']', 'Agent', ':', 'Thanks', '.'])).toBe(4);
    expect(labelColon(['Agent', ':', 'Thanks', '.'])).toBe(-1);
    // No time stamp or bracket left open; a bracket that no colon follows; a time alone is no label.
    expect(labelColon(['[', '10:02', 'Customer', ':', 'Hi', 'there'])).toBe(-1);
    expect(labelColon(['Agent', '(', 'Priya', ')', 'said', ':', 'hi', 'there'])).toBe(-1);
    expect(labelColon(['[', '10:02', ']', ':', 'hi', 'there'])).toBe(-1);
    expect(timestampEnd(['[', '10:02', 'AM', ']', 'Tom'])).toBe(4);
    expect(timestampEnd(['10', 'people', 'came'])).toBe(0);
    // A chat export's stamps: a comma between date and time, a dash before the label.
    expect(timestampEnd(['[', '3/4/24', ',', '9:15', 'AM', ']', 'Dana'])).toBe(6);
    expect(timestampEnd(['3/4/24', ',', '9:15', 'AM', '-', 'Dana'])).toBe(5);
    expect(timestampEnd(['3/4/24', ',', 'we', 'met'])).toBe(1);
    expect(labelColon(['3/4/24', ',', '9:15', 'AM', '-', 'Dana', ':', 'hey', 'there'])).toBe(6);
    expect(hasLabelLines('Dana: hi there\nRuiz: hello there')).toBe(true);
    expect(hasLabelLines('[3/4/24, 9:15 AM] Dana: hi\n[3/4/24, 9:16 AM] Ruiz: hello')).toBe(true);
    expect(hasLabelLines('Dana: hi there, and welcome.')).toBe(false);
  });

  it('reads a span of the words when given one', () => {
    expect(labelColon(['Yes', '.', 'Q', ':', 'Why', 'not', '?'], 2, 7)).toBe(3);
    expect(labelColon(['Yes', '.', 'Q', ':', 'Why', 'not', '?'], 0, 7)).toBe(-1);
  });
});

describe('TREE.SPEAKER_LABEL', () => {
  it("roots the line on the label and hangs the utterance's own tree on it, the colon on the utterance", () => {
    const tagged = tagText('INTERVIEWER: Did you call the landlord?');
    const word = (value: string) => tagged.values.indexOf(value);
    expect(tagged.heads[word('INTERVIEWER')]).toBe(-1);
    expect(tagged.heads[word('call')]).toBe(word('INTERVIEWER'));
    expect(tagged.deprels[word('call')]).toBe('parataxis');
    expect(tagged.heads[word(':')]).toBe(word('call'));
    // The utterance parsed as if it stood alone.
    expect(tagged.heads[word('you')]).toBe(word('call'));
    expect(tagged.deprels[word('you')]).toBe('nsubj');
    expect(tagged.pos[word('Did')]).toBe('AUX');
  });

  it('hangs the mark that ends the line on the label, as UD does', () => {
    const tagged = tagText('TENANT: Can you fix the heater?');
    expect(tagged.heads[tagged.values.indexOf('?')]).toBe(tagged.values.indexOf('TENANT'));
  });

  it('reads a line whole when the utterance is no clause or the line has no verb', () => {
    for (const line of [
      'Image: Paul Budd, the photographer.',
      'Delivery Point: the Meter at the gate, station 7.',
    ]) {
      const on = tagText(line);
      const off = tagText(line, { disabledRules: new Set([SPEAKER_LABEL_TREE]) });
      expect(on.heads).toEqual(off.heads);
    }
  });

  it('leaves a line whose opening words are no label as the parser reads it whole', () => {
    for (const line of ['Here is a thought: we could walk.', 'At 10:30 the tenant called.']) {
      const on = tagText(line);
      const off = tagText(line, { disabledRules: new Set([SPEAKER_LABEL_TREE]) });
      expect(on.heads).toEqual(off.heads);
      expect(on.deprels).toEqual(off.deprels);
    }
    const label = 'TENANT: Can you fix the heater?';
    expect(tagText(label).heads).not.toEqual(
      tagText(label, { disabledRules: new Set([SPEAKER_LABEL_TREE]) }).heads,
    );
  });
});

describe('the mood of an utterance after a speaker label', () => {
  const transcript = [
    'Q: When did you first notice the leak?',
    'JOHN: Please send me the lease.',
    'INTERVIEWER: And did he come look at it?',
    'Tenant: He never came back.',
  ].join('\n');

  it('is the mood the utterance has alone, and the label stays in the clause', () => {
    expect(moods(transcript)).toEqual([
      'interrogative: Q: When did you first notice the leak?',
      'imperative: JOHN: Please send me the lease.',
      'interrogative: INTERVIEWER: And did he come look at it?',
      'declarative: Tenant: He never came back.',
    ]);
    const [question] = compile(transcript);
    expect(question?.syntactic.dependency).toBe('independent');
    expect(question?.interpersonal.reasoning).toContain('Interrogative');
  });

  it('names the label in the premises of the trace', () => {
    const [command] = compile('JOHN: Please send me the lease.');
    expect(command?.interpersonal.mood).toBe('imperative');
    expect(JSON.stringify(command)).toContain('"speaker_label"');
  });

  it('needs each of the three rules', () => {
    const on = moods(transcript);
    for (const rule of RULES) expect(moods(transcript, [rule]), rule).not.toEqual(on);
    expect(moods('JOHN: Please send me the lease.', [SPEAKER_LABEL_MOOD])).toEqual([
      expect.not.stringMatching(/^imperative/),
    ]);
    expect(moods('JOHN: Please send me the lease.', [SPEAKER_LABEL_TREE])).toEqual([
      expect.not.stringMatching(/^imperative/),
    ]);
    expect(moods('Q: When did you first notice the leak?', [SPEAKER_LABEL_SEGMENT])).toEqual([
      expect.not.stringMatching(/^interrogative/),
    ]);
  });

  it('reads an answer of a minor expression after a label in capitals as minor', () => {
    expect(moods('Q: Did you see him that night?\nA: Yes.\nTHE WITNESS: No.')).toEqual([
      'interrogative: Q: Did you see him that night?',
      'minor: A: Yes.',
      'minor: THE WITNESS: No.',
    ]);
    expect(moods('A: Yes.', [SPEAKER_LABEL_MOOD])).toEqual([expect.not.stringMatching(/^minor/)]);
  });

  it('leaves a dependent clause after the label dependent', () => {
    const clauses = compile('A: When I got home, the floor was wet.');
    expect(clauses.map((clause) => clause.syntactic.dependency)).toEqual(['hypotactic', 'independent']);
    expect(clauses[1]?.interpersonal.mood).toBe('declarative');
  });
});

describe('PARTICIPANT.SPEAKER_LABEL and THEME.SPEAKER_LABEL', () => {
  it('reads participants from the utterance, with spans in the whole clause', () => {
    const [command] = compile('JOHN: Please send me the lease.');
    expect(roles(command)).toEqual(['beneficiary: me [4, 5)', 'goal: the lease [5, 7)']);
    const [question] = compile('TENANT: Can you fix the heater before Friday?');
    expect(roles(question)).toEqual(['actor: you [3, 4)', 'goal: the heater [5, 7)']);
    expect(
      question?.ideational.circumstances.map((item) => `${item.text} [${item.start}, ${item.end})`),
    ).toEqual(['before Friday [7, 9)']);
    // Off: the label is read as a participant of the utterance's process (with the tree stage's
    // PARTICIPANT.TREE_VERBLESS_HEAD, which drops a parsed root nominal, off too).
    expect(
      roles(
        compile('JOHN: Please send me the lease.', [
          SPEAKER_LABEL_PARTICIPANTS,
          'PARTICIPANT.TREE_VERBLESS_HEAD',
        ])[0],
      ),
    ).toContain('actor: JOHN [0, 1)');
    expect(
      roles(compile('TENANT: Can you fix the heater before Friday?', [SPEAKER_LABEL_PARTICIPANTS])[0]),
    ).toContain('goal: TENANT [0, 1)');
  });

  it("reads the theme from the utterance: the label opens the theme's span and is none of its elements", () => {
    const [command] = compile('JOHN: Please send me the lease.');
    expect(theme(command)).toEqual(['interpersonal: Please [2, 3)', 'topical: send [3, 4)']);
    expect(command?.textual?.theme).toMatchObject({ text: 'JOHN: Please send', start: 0, end: 4 });
    expect(command?.textual?.rheme).toEqual({ text: 'me the lease.', start: 4, end: 8 });
    const [statement] = compile('A: I saw it in March, and then I called him.');
    expect(theme(statement)).toEqual(['topical: I [2, 3)']);
    expect(statement?.textual?.markedTheme).toBe(false);
    expect(statement?.textual?.cohesiveReferences.map((reference) => reference.tokenIndex)).toEqual([4]);
    // Off: the label is the topical theme, and a marked one.
    const [off] = compile('A: I saw it in March, and then I called him.', [SPEAKER_LABEL_THEME]);
    expect(theme(off)).toEqual(['topical: A [0, 1)']);
    expect(off?.textual?.markedTheme).toBe(true);
    expect(theme(compile('JOHN: Please send me the lease.', [SPEAKER_LABEL_THEME])[0])).toEqual([
      'topical: JOHN [0, 1)',
    ]);
  });

  it('leaves a line that is no label and an utterance as it was', () => {
    const [line] = compile('Source: ACME ROLLED PRODUCTS CORP, 8-K.');
    expect(line?.textual?.theme.elements[0]?.text).toBe('Source');
  });
});

describe('chat lines with a time stamp and a bracketed name', () => {
  it('reads mood, participants and theme from the utterance', () => {
    const chat = [
      '[10:02] Customer: Hi, my invoice for October shows a late fee.',
      '[10:03] Agent (Priya): Could you share the invoice number?',
      '[10:05] Agent (Priya): Thanks.',
      '[10:07] Customer: please waive the fee.',
    ].join('\n');
    const clauses = compile(chat);
    expect(clauses.map((clause) => clause.interpersonal.mood)).toEqual([
      'declarative',
      'interrogative',
      'minor',
      'imperative',
    ]);
    expect(clauses[0]?.ideational.participants.map((participant) => participant.text)).not.toContain('10:02');
    expect(clauses[1]?.textual?.theme.elements.map((element) => element.text)).toEqual(['Could', 'you']);
    // With the label rules off, the time stamp and the name are read as the clause's first words.
    const off = compile(chat, [...RULES, SPEAKER_LABEL_PARTICIPANTS, SPEAKER_LABEL_THEME]);
    expect(off[1]?.textual?.theme.elements.map((element) => element.text)).not.toEqual(['Could', 'you']);
    expect(off[2]?.interpersonal.mood).not.toBe('minor');
  });
});

describe('PARTICIPANT.LABEL_NON_FINITE and THEME.LABEL_NON_FINITE', () => {
  const minute = 'ACTION: J. Alvarez to write to management.';
  const reply = 'ACTION: T. Novak to reply to the tenants.';
  const rules = [LABEL_NON_FINITE_PARTICIPANTS, LABEL_NON_FINITE_THEME, 'PARTICIPANT.TREE_VERBLESS_HEAD'];

  it('reads the Subject before "to" of a non-finite utterance after a label as its first participant and topical theme', () => {
    const [action] = compile(minute);
    expect(roles(action)).toEqual(['actor: J. Alvarez [2, 4)']);
    expect(theme(action)).toEqual(['topical: J. Alvarez [2, 4)']);
    expect(action?.interpersonal.reasoningTrace.premises).toContainEqual({
      label: 'speaker_label',
      value: 'ACTION',
    });
    const [verbal] = compile(reply);
    expect(roles(verbal)[0]).toBe('sayer: T. Novak [2, 4)');
    expect(theme(verbal)).toEqual(['topical: T. Novak [2, 4)']);
    // Off: the label is the first participant and the topical theme.
    expect(roles(compile(minute, rules)[0])).toEqual(['actor: ACTION [0, 1)']);
    expect(theme(compile(minute, rules)[0])).toEqual(['topical: ACTION [0, 1)']);
    expect(roles(compile(reply, rules)[0])[0]).toBe('sayer: ACTION [0, 1)');
  });

  it('leaves the mood of the line and a line with a finite utterance as they were', () => {
    expect(compile(minute)[0]?.interpersonal.mood).toBe(compile(minute, rules)[0]?.interpersonal.mood);
    const [statement] = compile('A: I saw it in March.');
    expect(roles(statement)).toEqual(['senser: I [2, 3)', 'phenomenon: it [4, 5)']);
  });
});

describe('TOKEN.TRANSCRIPT_LABEL: the "Q." and "A." of a transcript are speaker labels', () => {
  const transcript = [
    'Q. Please state your name for the record.',
    'A. Maria Lopez.',
    'Q. When you moved out, did you receive a report?',
    'A. No.',
    'Q. Why?',
    'A. The heat was off.',
  ].join('\n');

  it('finds the labels only in a text with lines of both kinds', () => {
    expect([...transcriptLabelStarts(transcript)]).toHaveLength(6);
    expect(transcriptLabelStarts('A. Smith signed the lease.\nB. Jones paid the deposit.').size).toBe(0);
    expect(transcriptLabelStarts('Q. Is the flat free?').size).toBe(0);
  });

  it('reads each utterance as after "Q:" or "A:"; off, "Q." and "A." are words of the line', () => {
    expect(moods(transcript)).toEqual([
      'imperative: Q. Please state your name for the record.',
      'fragment: A. Maria Lopez.',
      'indicative: Q. When you moved out,',
      'interrogative: did you receive a report?',
      'minor: A. No.',
      'interrogative: Q. Why?',
      'declarative: A. The heat was off.',
    ]);
    const off = moods(transcript, ['TOKEN.TRANSCRIPT_LABEL']);
    expect(off[0]).toBe('fragment: Q. Please state your name for the record.');
    expect(off).toContain('fragment: A. No.');
    // The letter and its period are tokens of their own, with their offsets.
    const tagged = tagText(transcript);
    expect(tagged.values.slice(0, 3)).toEqual(['Q', '.', 'Please']);
    expect([tagged.starts[1], tagged.ends[1]]).toEqual([1, 2]);
  });

  it('leaves an initial before a name whole', () => {
    expect(tagText('A. Smith signed the lease.\nB. Jones paid the deposit.').values[0]).toBe('A.');
  });
});

describe('a speaker label with a title', () => {
  it('reads the utterance after "Name, Title:" as after "Name:"', () => {
    const [clause] = compile('Maria Chen, Chief Financial Officer: Thanks, everyone, for joining us.');
    expect(clause?.interpersonal.mood).toBe('minor');
    expect(roles(clause)).toEqual([]);
  });
});

describe('SPLIT.CHAT_LINES: a thread of messages, one per line, with no labels', () => {
  const thread = [
    'hey is the apartment on 5th st still available',
    'yes it is! are you interested in seeing it',
    'yeah can i come by tomorrow around 3',
    'tomorrow works. do you have pets?',
    'just a cat. is that ok',
  ].join('\n');

  it('reads each line as a message: a line break ends a sentence', () => {
    expect(moods(thread).slice(0, 4)).toEqual([
      'interrogative: hey is the apartment on 5th st still available',
      'declarative: yes it is!',
      'interrogative: are you interested in seeing it',
      'interrogative: yeah can i come by tomorrow around 3',
    ]);
    expect(compile(thread, ['SPLIT.CHAT_LINES']).length).toBeLessThan(compile(thread).length);
  });

  it('takes no wrapped paragraph, no text of long lines and no two-line note for a thread', () => {
    expect(hasChatLines(thread)).toBe(true);
    const wrapped = [
      'The landlord inspected the flat on Monday and found that the',
      'blinds in the bedroom were damaged beyond repair, so the cost of',
      'replacing them was taken from the deposit, as the lease allows in',
      'its clause on damage to fixtures and fittings.',
    ].join('\n');
    expect(hasChatLines(wrapped)).toBe(false);
    expect(hasChatLines(`short line\nanother\n${'a very long paragraph line '.repeat(20)}`)).toBe(false);
    expect(hasChatLines('hi there\nsee you')).toBe(false);
  });
});
