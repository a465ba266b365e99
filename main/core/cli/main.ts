// The `gatehouse` CLI dispatcher. Each subcommand is imported only when used, so `hook` loads nothing heavy.

const USAGE = `usage: gatehouse <command> [options]

  serve [--port N] [--home DIR]      run the headless core and web UI; writes endpoint.json
  hook claude-code|gemini|codex     answer one hook event of that agent (stdin) from the running Gatehouse
  install|uninstall <claude-code|gemini|codex> [--user|--project DIR] [--dry-run] [--http]
                                     connect an agent's hook to Gatehouse (or take it away), reversibly
  install|uninstall mcp --client AGENT --server NAME [--sandbox] [--user|--project DIR] [--dry-run]
                                     put an agent's MCP server behind gatehouse mcp-proxy (or take it out)
  status [--project DIR]             which agents have the hook, and whether it would run
  check --rules FILE [--cwd DIR] [--mode interactive|approve-all|strict]
                                     evaluate one PreToolUse event (stdin) against a rules file, no server
  rules list|add|remove|enable|disable|import|export ...
                                     manage rules in GATEHOUSE_HOME's database
  audit query|export|verify ...      read, export or verify the audit log
  undo <request-id> [--yes] [--back-to-here] | undo --session S [--yes]
                                     show, then restore, what a call (or a session) changed in its workspace
  doctor [--cwd DIR]                 check that hooks reach this Gatehouse and which agents have them
  mcp-proxy --name NAME [--home DIR] [--sandbox] (-- CMD [ARGS…] | --url URL)
                                     run an MCP server (stdio, or Streamable HTTP) behind Gatehouse;
                                     --sandbox runs a stdio server inside the OS sandbox
  acp-proxy [--agent NAME] -- CMD [ARGS…]
                                     run an ACP agent for an editor; Gatehouse answers its permission requests
  opencode-bridge --url URL          answer a running \`opencode serve\`'s permission questions from Gatehouse

GATEHOUSE_HOME selects the data folder (default: the per-user app data folder).
`;

const out = (s: string) => void process.stdout.write(s);
const err = (s: string) => void process.stderr.write(s);

/** Runs one CLI invocation; sets process.exitCode (serve keeps running until a signal). */
export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'hook': {
      const { runHook } = await import('./hook.js');
      process.exitCode = await runHook(rest);
      return;
    }
    case 'serve': {
      const { runServe } = await import('./serve.js');
      process.exitCode = await runServe(rest);
      return;
    }
    case 'check': {
      const [{ runCheck }, stdin] = await Promise.all([import('./check.js'), readAll(process.stdin)]);
      process.exitCode = await runCheck(rest, { stdin, stdout: out, stderr: err });
      return;
    }
    case 'rules': {
      const { runRules } = await import('./rules.js');
      process.exitCode = await runRules(rest, { stdout: out, stderr: err, env: process.env });
      return;
    }
    case 'audit': {
      const { runAudit } = await import('./audit.js');
      process.exitCode = await runAudit(rest, { stdout: out, stderr: err, env: process.env, stdoutStream: process.stdout });
      return;
    }
    case 'mcp-proxy': {
      const { runMcpProxy } = await import('./mcp-proxy.js');
      process.exitCode = await runMcpProxy(rest);
      return;
    }
    case 'acp-proxy': {
      const { runAcpProxy } = await import('./acp-proxy.js');
      process.exitCode = await runAcpProxy(rest);
      return;
    }
    case 'opencode-bridge': {
      const { runOpenCodeBridgeCli } = await import('./opencode-bridge.js');
      process.exitCode = await runOpenCodeBridgeCli(rest);
      return;
    }
    case 'install':
    case 'uninstall': {
      const { runInstall } = await import('./agents.js');
      process.exitCode = await runInstall(command, rest, { stdout: out, stderr: err, env: process.env });
      return;
    }
    case 'status': {
      const { runStatus } = await import('./agents.js');
      process.exitCode = await runStatus(rest, { stdout: out, stderr: err, env: process.env });
      return;
    }
    case 'undo': {
      const { runUndo } = await import('./undo.js');
      process.exitCode = await runUndo(rest, { stdout: out, stderr: err, env: process.env });
      return;
    }
    case 'doctor': {
      const { runDoctor } = await import('./doctor.js');
      process.exitCode = await runDoctor(rest, { stdout: out, stderr: err, env: process.env });
      return;
    }
    case '--help':
    case '-h':
    case 'help':
      out(USAGE);
      process.exitCode = 0;
      return;
    default:
      err(command === undefined ? USAGE : `gatehouse: unknown command ${JSON.stringify(command)}\n\n${USAGE}`);
      process.exitCode = 2;
  }
}

function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.on('error', reject);
  });
}
