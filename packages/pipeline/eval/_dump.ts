import { createPipeline } from '/work/wt-modality/packages/pipeline/src/pipeline';
const pipeline = createPipeline({ clock: () => new Date(0) });
for (const text of process.argv.slice(2)) {
  for (const c of pipeline.compile(text, { documentId: 'd' })) {
    const s = c.syntactic;
    console.log(`[${s.dependency}/${s.relation}] ${s.text}  => ${c.interpersonal.modalityWeight} ${c.interpersonal.modalityType} ${c.interpersonal.polarity} ${c.interpersonal.mood} root=${s.rootIndex}`);
    console.log('   ' + s.tokens.map((t) => `${t.text}/${t.pos}/${t.deprel}>${t.headStart}@${t.start}`).join(' '));
  }
}
