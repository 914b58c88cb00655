import { readFileSync } from 'node:fs';
import { createPipeline } from '../src/pipeline';
const p = createPipeline({ clock: () => new Date(0) });
const id = process.env.ID ?? 'cuad-0141';
const text = readFileSync(`/work/shared/data/contracts/cuad/${id}.txt`, 'utf8');
const cs = p.compile(text, { documentId: id });
const from = Number(process.env.FROM ?? 0), n = Number(process.env.N ?? 60);
for (const c of cs.slice(from, from + n)) console.log(`${c.syntactic.text.replace(/\s+/g, ' ').slice(0, 160)}\n    ${c.interpersonal.mood} ${c.ideational.processType} P[${c.ideational.participants.map((x) => `${x.role}:${x.text.replace(/\s+/g, ' ')}`).join(' | ')}] C[${c.ideational.circumstances.map((x) => `${x.type}/${x.subtype ?? ''}:${x.text.replace(/\s+/g, ' ')}`).join(' | ')}]`.slice(0, 420));
console.error(cs.length);
