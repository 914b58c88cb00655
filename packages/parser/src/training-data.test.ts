import { describe, expect, it } from 'vitest';
import { parseConllu } from './conllu';
import { ccByGumSentences, gumGenre } from './training-data';

const sentence = (id: string) => `# sent_id = ${id}\n1\tWord\tword\tNOUN\tNN\t_\t0\troot\t_\t_\n`;

describe('GUM training documents', () => {
  it('reads the genre from the document id', () => {
    expect(gumGenre('GUM_news_iodine')).toBe('news');
    expect(gumGenre('GUM_whow_cupcakes')).toBe('whow');
    expect(gumGenre('weblog-juancole.com_20051126063000_ENG_20051126_063000')).toBe('');
  });

  it('keeps the CC BY genres and drops the non-commercial and unclear ones', () => {
    const text = [
      '# newdoc id = GUM_news_iodine',
      sentence('news-1'),
      '# newdoc id = GUM_whow_cupcakes',
      sentence('whow-1'),
      '# newdoc id = GUM_fiction_beast',
      sentence('fiction-1'),
      '# newdoc id = GUM_academic_art',
      sentence('academic-1'),
      '# newdoc id = GUM_vlog_portland',
      sentence('vlog-1'),
      sentence('vlog-2'),
      '# newdoc id = GUM_conversation_grounded',
      sentence('conversation-1'),
    ].join('\n');
    const kept = ccByGumSentences(parseConllu(text)).map((s) => s.id);
    expect(kept).toEqual(['news-1', 'vlog-1', 'vlog-2', 'conversation-1']);
  });
});
