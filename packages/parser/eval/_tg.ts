import { loadParser } from '../src/index';
const p = loadParser();
for (const s of (process.env.S ?? '').split('|')) {
  const r = p.parse(s.split(' '));
  console.log(r.map((w) => `${w.word}/${w.upos}`).join(' '));
}
