export type { CliIo, FileFormat } from './cli';
export { formatOfFile, runCli } from './cli';
export type { ProgressOptions } from './progress';
export { formatDuration, IngestProgress } from './progress';
export type { CliBackend } from './remote';
export { createRemoteBackend, engineAnswers, serverUrl } from './remote';
