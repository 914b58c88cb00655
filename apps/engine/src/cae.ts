#!/usr/bin/env node
import { runCli } from './cli';

// Run through a package script (`pnpm cae ...` at the repository root), the command starts in the
// package's directory; paths and ./.cae are the caller's, so work from where it was typed.
if (process.env.INIT_CWD && process.env.INIT_CWD !== process.cwd()) process.chdir(process.env.INIT_CWD);
process.exitCode = await runCli(process.argv.slice(2));
