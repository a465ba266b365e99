#!/usr/bin/env node
// The `gatehouse` CLI entry: dispatches to the compiled CLI without loading anything the subcommand does not need.
import('../dist/main/cli/main.js').then((m) => m.main(process.argv.slice(2)));
