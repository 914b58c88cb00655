import { tagText } from '../syntax-tagger';

/** The text of each sentence pass 1 makes of `text`, with the given rules switched off. */
export function sentences(text: string, disabled: readonly string[] = []): string[] {
  const tagged = tagText(text, { disabledRules: new Set(disabled) });
  return tagged.sentences
    .filter(([start, end]) => end > start)
    .map(([start, end]) => text.slice(tagged.starts[start], tagged.ends[end - 1]));
}
