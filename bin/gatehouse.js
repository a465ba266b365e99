#!/usr/bin/env node
// The `gatehouse` CLI entry. CommonJS (bin/package.json), so `gatehouse hook …`, which runs before every tool call of
// every agent, loads one bundled file synchronously and never starts the ES module loader; every other subcommand
// goes through the compiled CLI, loading only what it needs.
const fail = (err) => {
  process.stderr.write(`gatehouse: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
};

const argv = process.argv.slice(2);
if (argv[0] === 'hook') {
  let hook;
  try {
    hook = require('../dist/hook.cjs');
  } catch (err) {
    // No bundle (a build in progress?): the hook still has to answer, through the compiled CLI.
    hook = null;
  }
  // Exits as soon as the answer is written (synchronously, or awaited when the pipe was full): nothing else is left
  // to do, and the agent waits for the process to end.
  if (hook) hook.runHook(argv.slice(1)).then((code) => process.exit(code), fail);
  else import('../dist/main/core/cli/main.js').then((m) => m.main(argv), fail);
} else {
  import('../dist/main/core/cli/main.js').then((m) => m.main(argv), fail);
}
