#!/usr/bin/env node
// The `gatehouse` CLI entry: dispatches to the compiled CLI without loading anything the subcommand does not need.
import('../dist/main/core/cli/main.js')
  .then((m) => m.main(process.argv.slice(2)))
  .catch((err) => {
    process.stderr.write(`gatehouse: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
