const CITATION = /\[\s*(\d+(?:\s*[,;]\s*\d+)*)\s*\]/g;

/**
 * Finds `[n]` and `[n, m]` markers, keeps the numbers from 1 to `contextSize`, and rewrites the
 * answer so a marker naming a clause outside the context disappears. Numbers are 1-based, in order
 * of first citation, without duplicates.
 */
export function parseCitations(answer: string, contextSize: number): { answer: string; numbers: number[] } {
  const numbers: number[] = [];
  const cleaned = answer.replace(CITATION, (_marker, list: string) => {
    const valid = list
      .split(/[,;]/)
      .map((part) => Number(part.trim()))
      .filter((number) => Number.isInteger(number) && number >= 1 && number <= contextSize);
    for (const number of valid) if (!numbers.includes(number)) numbers.push(number);
    return valid.map((number) => `[${number}]`).join('');
  });
  return {
    answer: cleaned
      .replace(/[ \t]+([.,;:!?])/g, '$1')
      .replace(/[ \t]{2,}/g, ' ')
      .trim(),
    numbers,
  };
}

/**
 * Renumbers the `[n]` markers of a parsed answer (see parseCitations) by order of first citation:
 * `numbers[i]` becomes `[i + 1]`, so the answer's numbers are positions in its list of citations.
 */
export function renumberCitations(answer: string, numbers: readonly number[]): string {
  return answer.replace(/\[(\d+)\]/g, (marker, number: string) => {
    const position = numbers.indexOf(Number(number));
    return position < 0 ? marker : `[${position + 1}]`;
  });
}
