import { describe, expect, it } from 'vitest';
import { createPipeline } from './pipeline';

const pipeline = createPipeline({ clock: () => new Date(0) });

function groupsOf(text: string): string[] {
  const clause = pipeline.compile(text, { documentId: 'chunker-test' })[0];
  return (clause?.syntactic.groups ?? []).map((group) => `${group.type}[${group.text}]`);
}

describe('nominal groups with premodifiers the tagger read as verbs or adverbs', () => {
  it('a participle between a determiner and a noun stays in the nominal group', () => {
    expect(groupsOf('She emailed me the updated price list.')).toContain('nominal[the updated price list]');
  });

  it('an adverb-tagged adjective after a determiner stays in the nominal group', () => {
    expect(groupsOf('He carved a small wooden spoon.')).toContain('nominal[a small wooden spoon]');
  });

  it('leaves a verb after a noun alone', () => {
    expect(groupsOf('The man walked home.')).toContain('verbal[walked]');
  });

  it('GROUP.PHRASAL_PARTICLE: a phrasal particle joins the verbal group before its object', () => {
    expect(groupsOf('The crew put out the fire.')).toEqual([
      'nominal[The crew]',
      'verbal[put out]',
      'nominal[the fire]',
    ]);
  });

  it('GROUP.PHRASAL_PARTICLE guard: a particle before a path or a time opens a prepositional group', () => {
    expect(groupsOf('The boy ran down the corridor.')).toContain('prepositional[down the corridor]');
    expect(groupsOf('She turned up the next morning.')).toContain('verbal[turned]');
  });

  it('GROUP.HOW_ATTRIBUTE: "how" + adjective ends before the Subject\'s determiner', () => {
    expect(groupsOf('How quiet the village seems!')).toEqual([
      'adjectival[How quiet]',
      'nominal[the village]',
      'verbal[seems]',
    ]);
    expect(groupsOf('How big a problem is it?')).toContain('nominal[How big a problem]');
  });
});
