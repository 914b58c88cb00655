// Bench-only preload for the gateway under test (with --expose-gc): SIGUSR2 runs a full GC and, when
// BENCH_HEAP_FILE is set, writes the heap in use after it there, so the bench can tell a leak (heap
// growing round after round) from memory the allocator keeps (RSS that levels off).
import { writeFileSync } from 'node:fs';

if (typeof globalThis.gc === 'function') {
  process.on('SIGUSR2', () => {
    globalThis.gc();
    const file = process.env.BENCH_HEAP_FILE;
    if (file) writeFileSync(file, JSON.stringify(process.memoryUsage()));
  });
}
