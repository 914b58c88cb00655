import { redactRecord } from './secret-redaction';

/** Level of a log record. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Structured logger the gateway, the servers and the CLI write to; records are redacted before they get here. */
export interface Logger {
  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void;
}

/** A logger that drops everything (the library default). */
export const silentLogger: Logger = { log() {} };

/** Options of createJsonLogger. */
export interface JsonLoggerOptions {
  /** Where each JSON line goes; stdout by default. */
  write?: (line: string) => void;
  clock?: () => number;
  minLevel?: LogLevel;
}

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/**
 * Writes lines to stdout in batches: lines logged while a request is handled go out together in one
 * write once the event loop turns, instead of one blocking write each (stdout to a pipe or file is
 * synchronous). Whatever is pending is written before the process exits.
 */
function batchedStdout(): (line: string) => void {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = `${pending.join('\n')}\n`;
    pending = [];
    process.stdout.write(text);
  };
  process.once('exit', flush);
  return (line) => {
    pending.push(line);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}

/** A logger writing one JSON object per line, with secret-named fields and key-shaped strings redacted. */
export function createJsonLogger(options: JsonLoggerOptions = {}): Logger {
  const write = options.write ?? batchedStdout();
  const clock = options.clock ?? Date.now;
  const min = LEVELS[options.minLevel ?? 'info'];
  return {
    log(level, message, fields = {}) {
      if (LEVELS[level] < min) return;
      const record = redactRecord({ time: new Date(clock()).toISOString(), level, msg: message, ...fields });
      write(JSON.stringify(record));
    },
  };
}
