import { describe, expect, it } from 'vitest';
import { formatDuration, IngestProgress } from '../src/progress';

describe('IngestProgress', () => {
  it('reports files, clauses, rates and the time left at the rate so far', () => {
    let now = 0;
    const lines: string[] = [];
    const progress = new IngestProgress({
      total: 4,
      write: (text) => lines.push(text),
      isTty: false,
      intervalMs: 5000,
      now: () => now,
    });
    now = 2000;
    progress.file(10);
    // The first file always prints; 1 file in 2 s leaves 3 files, about 6 s.
    expect(lines).toEqual([
      '[######..................] 1/4 files, 10 clauses, 0.5 files/s, 5 clauses/s, ETA 6 s\n',
    ]);
    now = 3000;
    progress.file(null);
    expect(lines).toHaveLength(1);
    now = 7000;
    progress.file(5);
    expect(lines[1]).toBe(
      '[##################......] 3/4 files, 15 clauses, 1 failed, 0.4 files/s, 2 clauses/s, ETA 2 s\n',
    );
    now = 7100;
    progress.file(1);
    expect(lines[2]).toMatch(/4\/4 files, 16 clauses, 1 failed, .*done\n$/);
  });

  it('says durations the way people read them', () => {
    expect(formatDuration(42.4)).toBe('42 s');
    expect(formatDuration(185)).toBe('3 min 05 s');
    expect(formatDuration(3720)).toBe('1 h 02 min');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('?');
  });
});
