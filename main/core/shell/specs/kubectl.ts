// kubectl, from its reference: the read commands, and the global options that send them to another server or switch TLS off.
import { options, program, type ProgramSpec } from './types.js';

const GLOBAL = {
  H: '--match-server-version --warnings-as-errors --disable-compression -h --help',
  H1: '-n --namespace --context --cluster --user --request-timeout -v --v --vmodule --log-flush-frequency',
  R1: '--certificate-authority --client-certificate --client-key',
  W1: '--cache-dir --profile-output',
  N: '--insecure-skip-tls-verify=',
  N1: '-s --server --kubeconfig --tls-server-name --token --username --password --as --as-group --as-uid --proxy-url',
} as const;
const READ = {
  H: '-A --all-namespaces -w --watch --watch-only --output-watch-events --show-labels --no-headers --show-kind --ignore-not-found -R --recursive --show-managed-fields --allow-missing-template-keys= --show-events= -f --follow -p --previous --timestamps --all-containers --prefix --ignore-errors --all-pods --insecure-skip-tls-verify-backend',
  H1: '-o --output -l --selector --field-selector --sort-by -L --label-columns --chunk-size --template --subresource --server-print -c --container --tail --since --since-time --max-log-requests --pod-running-timeout --limit-bytes',
  R1: '-f --filename -k --kustomize',
} as const;

/** A resource word naming Secrets (`secret`, `secrets/db`, `pods,secrets`, `secret.v1`, `secrets.v1.core`): their values are credentials. */
const SECRETS = /(^|,)secrets?(\.[^/,]*)?(\/|,|$)/i;

/** Whether an output format prints objects' contents (`-o yaml`, `json`, `jsonpath=…`, templates), not a table or names. */
function fullOutput(args: readonly string[]): boolean {
  return args.some((w, i) => {
    const v = /^(?:-o|--output)=?(.*)$/.exec(w)?.[1];
    const format = v === undefined ? undefined : v || args[i + 1] || '';
    return format !== undefined && !/^(wide|name)$/.test(format);
  }) || args.some((w) => /^--template(=|$)/.test(w));
}

/**
 * `-o jsonpath-file=F`, `-o go-template-file=F`, `-o custom-columns-file=F`, `--template` of a file: a file read; and
 * `kubectl get secret …`, which prints credentials a rule for looking at the cluster does not vouch for.
 */
function outputFiles(argv: readonly string[], from: number): { unvouched: string[]; reads: string[]; urls: string[] } {
  const reads: string[] = [];
  const secret = argv[from - 1] === 'get' ? argv.slice(from).find((w) => !w.startsWith('-') && SECRETS.test(w)) : undefined;
  for (let i = from; i < argv.length; i++) {
    const m = /^(?:-o|--output)(?:=|$)(.*)$/.exec(argv[i]!);
    const v = m ? (m[1] || argv[i + 1] || '') : '';
    const file = /^(?:jsonpath|go-template|custom-columns|template)-file=(.+)$/.exec(v);
    if (file) reads.push(file[1]!);
  }
  const unvouched = secret === undefined ? [] : [`${secret} prints Secrets' values (credentials)`];
  // `kubectl get -f app.yaml -o yaml`, `-k overlay/`: the objects the manifests name, Secrets among them, printed in full.
  const manifests = argv[from - 1] === 'get' && argv.slice(from).some((w) => /^(-[fk]|--filename|--kustomize)(=|$)|^-[fk]./.test(w));
  if (manifests && fullOutput(argv.slice(from))) unvouched.push(`-f/-k prints in full the objects its manifests name, which may be Secrets (credentials)`);
  // A Go template (`-o go-template=…`, `--template`) is a program with functions of its own, not a field selection.
  const template = argv.slice(from).find((w, i, a) => /^(-o|--output)=?(go-)?template(=|$)/.test(w) || ((w === '-o' || w === '--output') && /^(go-)?template(=|$)/.test(a[i + 1] ?? '')) || /^--template(=|$)/.test(w));
  if (template !== undefined) unvouched.push(`${template}: a Go template is a program the rule does not vouch for`);
  return { unvouched, reads, urls: [] };
}

const read = program(options({ ...GLOBAL, H: `${GLOBAL.H} ${READ.H}`, H1: `${GLOBAL.H1} ${READ.H1}`, R1: `${GLOBAL.R1} ${READ.R1}` }), ['text'], { abbreviations: false, extra: outputFiles });

/** kubectl's spec: `get`, `describe`, `logs`, `top`, `explain`, `version`, `api-resources`. */
export const KUBECTL: ProgramSpec = program(options(GLOBAL), [], {
  abbreviations: false,
  subcommands: new Map(['get', 'describe', 'logs', 'top', 'explain', 'version', 'api-resources', 'api-versions', 'cluster-info'].map((s) => [s, read])),
});
