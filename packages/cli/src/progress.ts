/** Where `cae ingest` reports its progress, and how. */
export interface ProgressOptions {
  /** Files to ingest. */
  total: number;
  /** Writes to the terminal (standard error). */
  write: (text: string) => void;
  /** A terminal redraws one line per file; anything else gets a line every `intervalMs`. */
  isTty: boolean;
  /** Milliseconds between lines without a terminal (default 5000). */
  intervalMs?: number;
  /** Milliseconds since some fixed point (default `performance.now`), for tests. */
  now?: () => number;
}

/** A duration for people: 42 s, 3 min 05 s, 1 h 02 min. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
  return `${Math.floor(whole / 3600)} h ${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')} min`;
}

/**
 * Progress of `cae ingest`, per file: files done of all, clauses, files and clauses per second, and
 * the time left at that rate. On a terminal it redraws one line (at most ten times a second); without
 * one (a log, a pipe, CI) it writes a line every few seconds and one at the end.
 */
export class IngestProgress {
  private done = 0;
  private failed = 0;
  private clauses = 0;
  private readonly started: number;
  private lastDraw = Number.NEGATIVE_INFINITY;
  private readonly now: () => number;
  private readonly intervalMs: number;

  constructor(private readonly options: ProgressOptions) {
    this.now = options.now ?? (() => performance.now());
    this.intervalMs = options.intervalMs ?? 5000;
    this.started = this.now();
  }

  /** One file finished: its clauses, or a failure. */
  file(clauses: number | null): void {
    this.done += 1;
    if (clauses === null) this.failed += 1;
    else this.clauses += clauses;
    const now = this.now();
    const last = this.done === this.options.total;
    if (this.options.isTty) {
      if (last || now - this.lastDraw >= 100) this.draw(now, '\r', '\x1b[K');
    } else if (last || now - this.lastDraw >= this.intervalMs) {
      this.draw(now, '', '\n');
    }
  }

  /** Corrects a file already counted (a batch whose save failed, retried file by file). */
  adjust(clauses: number, failed: number): void {
    this.clauses += clauses;
    this.failed += failed;
  }

  /** Ends the redrawn line on a terminal. */
  finish(): void {
    if (this.options.isTty && this.done > 0) this.options.write('\n');
  }

  /** Seconds since the start. */
  elapsedSeconds(): number {
    return (this.now() - this.started) / 1000;
  }

  /** The progress line as it stands. */
  line(now = this.now()): string {
    const { total } = this.options;
    const seconds = Math.max((now - this.started) / 1000, 1e-3);
    const filesPerSecond = this.done / seconds;
    const width = 24;
    const filled = total === 0 ? width : Math.round((this.done / total) * width);
    const left = this.done === total ? 'done' : `ETA ${formatDuration((total - this.done) / filesPerSecond)}`;
    return (
      `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${this.done}/${total} files, ` +
      `${this.clauses} clauses${this.failed > 0 ? `, ${this.failed} failed` : ''}, ` +
      `${filesPerSecond.toFixed(1)} files/s, ${(this.clauses / seconds).toFixed(0)} clauses/s, ${left}`
    );
  }

  private draw(now: number, before: string, after: string): void {
    this.lastDraw = now;
    this.options.write(`${before}${this.line(now)}${after}`);
  }
}
