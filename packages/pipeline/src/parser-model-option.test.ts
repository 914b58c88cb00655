import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_MODEL_PATH, deserializeModel, serializeModel, sparseRows } from '@cae/parser';
import { afterAll, describe, expect, it } from 'vitest';
import { createPipeline } from './pipeline';

const fixed = () => new Date('2025-01-02T03:04:05.000Z');
const TEXT = 'The tenant returned the keys to the office on Monday. Please sign the form before you leave.';
const dir = mkdtempSync(join(tmpdir(), 'cae-parser-model-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every token's tag, head and relation, in document order. */
function trees(pipeline: ReturnType<typeof createPipeline>): string[] {
  return pipeline
    .compile(TEXT, { documentId: 'model' })
    .flatMap((clause) => clause.syntactic.tokens)
    .map((token) => `${token.text}/${token.pos}/${token.headStart}/${token.deprel}`);
}

describe('createPipeline({ parserModel })', () => {
  it('tags and parses with the model file it is given instead of the shipped one', () => {
    // The shipped model with every labeler weight negated: the best label becomes the worst, so the
    // relations must change when (and only when) this file is the one in use.
    const bundle = deserializeModel(readFileSync(DEFAULT_MODEL_PATH));
    const labeler = sparseRows(bundle.parser.labeler);
    bundle.parser.labeler = { ...labeler, weights: labeler.weights.map((weight) => -weight) };
    const path = join(dir, 'negated-labels.bin');
    writeFileSync(path, serializeModel(bundle));

    const shipped = trees(createPipeline({ clock: fixed }));
    const sameFile = trees(createPipeline({ clock: fixed, parserModel: DEFAULT_MODEL_PATH }));
    const other = trees(createPipeline({ clock: fixed, parserModel: path }));
    expect(sameFile).toEqual(shipped);
    expect(other).toHaveLength(shipped.length);
    const relations = (list: string[]) => list.map((entry) => entry.split('/')[3]);
    expect(relations(other)).not.toEqual(relations(shipped));
  }, 120_000);

  it('refuses a path that holds no model with a RangeError naming the option, when the pipeline is created', () => {
    const missing = join(dir, 'no-such-model.bin');
    expect(() => createPipeline({ parserModel: missing })).toThrow(RangeError);
    expect(() => createPipeline({ parserModel: missing })).toThrow(/parserModel.*no-such-model\.bin/);
    const notAModel = join(dir, 'notes.txt');
    writeFileSync(notAModel, 'not a model');
    expect(() => createPipeline({ parserModel: notAModel })).toThrow(/^parserModel: /);
    expect(() => createPipeline({ parserModel: '' })).toThrow(/parserModel must be the path/);
  });
});
