import { describe, expect, it } from 'vitest';
import { createPipeline } from './pipeline';

const pipeline = createPipeline({ clock: () => new Date(0) });

function weightOf(text: string): number {
  let best = 0;
  for (const clause of pipeline.compile(text, { documentId: 'modality-test' }))
    best = Math.max(best, clause.interpersonal.modalityWeight);
  return best;
}

describe('hedges (weasel wording)', () => {
  it.each([
    'Some historians say the bridge was older.',
    'The painting is considered his finest work.',
    'The castle is thought to date from the tenth century.',
    'The song is widely regarded as a classic.',
    'Many residents opposed the plan.',
    'In certain regions the custom survives.',
    'The mayor reportedly resigned.',
  ])('%s is modalised', (text) => {
    const weight = weightOf(text);
    expect(weight).toBeGreaterThan(0);
    expect(weight).toBeLessThanOrEqual(0.6);
  });

  it('leaves plain assertions unmodalised', () => {
    expect(weightOf('The bridge opened in 1932.')).toBe(0);
    expect(weightOf('The museum closed in May 2003.')).toBe(0);
  });

  it('keeps predicative "certain" high', () => {
    expect(weightOf('It is certain that the bridge collapsed.')).toBeGreaterThanOrEqual(0.85);
  });
});

describe('projection and weasel wording (round 2)', () => {
  it.each([
    'It is said that the tower was built by monks.',
    'A number of scholars dispute the date.',
    'Most visitors prefer the east gate.',
    'The evidence suggests that the fire started early.',
    'I doubt he finished the report.',
  ])('%s is modalised', (text) => {
    expect(weightOf(text)).toBeGreaterThan(0);
  });

  it.each([
    'The blue arrow indicates the exit.',
    'They doubt her account.',
    'The soup seems cold.',
    'The most famous painting hangs here.',
  ])('%s is not modalised (a process or superlative, not a modal)', (text) => {
    expect(weightOf(text)).toBe(0);
  });
});
