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
  // Threat: an agent reads a hook that dies as "go on" (Codex logs "PreToolUse Failed" and runs the call; Gemini CLI
  // takes exit 1 as a warning). So whatever breaks here — no dist/ (a build, a clean, a moved clone), a syntax
  // error, an exception — ends as a refusal that needs nothing of dist/: exit 2 with a reason on stderr, which
  // Gemini CLI and Codex honour as a deny, or exit 1 for Claude Code, which then asks the person itself.
  // Copilot CLI shows its model only a reason printed on stdout (with exit 2, stderr becomes "hook exited with code 2").
  const refuse = (err) => {
    const why = `gatehouse hook: no decision — Gatehouse's hook program failed (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); denied until it runs`;
    if (argv[1] === 'copilot') process.stdout.write(`${JSON.stringify({ permissionDecision: 'deny', permissionDecisionReason: why })}\n`);
    process.stderr.write(`${why}\n`);
    process.exit(argv[1] === 'claude-code' ? 1 : 2);
  };
  process.on('uncaughtException', refuse);
  process.on('unhandledRejection', refuse);
  let hook = null;
  try {
    hook = require('../dist/hook.cjs');
  } catch (err) {
    refuse(err);
  }
  // Exits as soon as the answer is written (synchronously, or awaited when the pipe was full): nothing else is left
  // to do, and the agent waits for the process to end.
  if (hook) hook.runHook(argv.slice(1)).then((code) => process.exit(code), refuse);
} else {
  import('../dist/main/core/cli/main.js').then((m) => m.main(argv), fail);
}
