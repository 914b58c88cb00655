import { describe, expect, it } from 'vitest';
import { createPipeline } from './pipeline';

const pipeline = createPipeline({ clock: () => new Date(0) });

function processOf(text: string): string | undefined {
  return pipeline.compile(text, { documentId: 'transitivity-test' })[0]?.ideational.processType;
}

describe('process type (round 2)', () => {
  it.each([
    'Is there a bakery on this street?',
    'Were there any letters today?',
    'Long ago there lived a wise queen.',
  ])('%s is existential', (text) => {
    expect(processOf(text)).toBe('existential');
  });

  it.each([
    'Does she have a bike?',
    "They've got two cats.",
    'The club might own the land.',
    'the car doesnt have a radio',
  ])('%s is relational (possession)', (text) => {
    expect(processOf(text)).toBe('relational');
  });
});
