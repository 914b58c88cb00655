import { redactRecord } from './keys/secret-redaction';

/** Level of a log record. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Structured logger the gateway writes to; records are redacted before they get here. */
export interface GatewayLogger {
  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void;
}

/** A logger that drops everything (the library default). */
export const silentLogger: GatewayLogger = { log() {} };

/** Options of createJsonLogger. */
export interface JsonLoggerOptions {
  /** Where each JSON line goes; stdout by default. */
  write?: (line: string) => void;
  clock?: () => number;
  minLevel?: LogLevel;
}

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** A logger writing one JSON object per line, with secret-named fields and key-shaped strings redacted. */
export function createJsonLogger(options: JsonLoggerOptions = {}): GatewayLogger {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
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
