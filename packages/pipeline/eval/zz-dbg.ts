import { createPipeline } from '../src/pipeline';
const pipeline = createPipeline({ clock: () => new Date(0), ...(process.env.OFF ? { disabledRules: [process.env.OFF] } : {}) } as any);
for (const text of process.argv.slice(2)) {
  for (const c of pipeline.compile(text, { documentId: 'd' })) {
    console.log(`${c.syntactic.dependency}/${c.syntactic.relation} parent=${c.syntactic.parentClauseId?.slice(-4) ?? '-'} id=${c.id.slice(-4)} ${c.interpersonal.mood} [${c.interpersonal.reasoningTrace?.inferenceRule ?? ''}] | ${c.syntactic.tokens.map((t) => `${t.text}/${t.pos}:${t.deprel}`).join(' ')}`);
  }
  console.log('--');
}
