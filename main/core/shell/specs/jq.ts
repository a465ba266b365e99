// JSON and YAML processors (jq, gojq, yq), from their manuals: the filter language can read the environment and files.
import { options, program, type ProgramSpec } from './types.js';

// `env`, `$ENV`: the environment; `$__loc__`, `input_filename`, `get_search_list`, `$__prog_args`: facts about the host
// the filter has no business with; `import`/`include` load code from files.
const JQ_ENV = /(^|[^\w$.])(\$ENV|env|\$__loc__|\$__prog_args|input_filename|get_search_list|get_prog_origin|get_jq_origin|\$JQ_BUILD_CONFIGURATION)(?![\w$])/;
const JQ_LOAD = /(^|[^\w$])(import|include)\s+"/;
// yq's `eval(STRING)` runs an expression built at run time (`eval("lo" + "ad(\".env\")")`), `system` a command.
const YQ_ENV = /(^|[^\w$.])(env|strenv|envsubst|\$ENV)\b|\b(load(_str|_xml|_props|_base64)?|eval|system)\s*\(/;

/** Why a jq filter does more than transform its input, or null. */
export function jqFilterEffect(filter: string): string | null {
  // A string's `\(…)` interpolation is code too: `"\(env)"`.
  const code = filter.replace(/"(?:[^"\\]|\\.)*"/g, (str) => [...str.matchAll(/\\\((.*?)\)/g)].map((m) => ` ${m[1]} `).join('') || '""');
  if (JQ_ENV.test(code)) return 'the filter reads environment variables (env, $ENV) or facts about the host, where tokens live';
  if (JQ_LOAD.test(filter)) return 'the filter loads modules from files';
  return null;
}

/** Why a yq expression does more than transform its input, or null. */
export function yqExpressionEffect(expr: string): string | null {
  return YQ_ENV.test(expr.replace(/"(?:[^"\\]|\\.)*"/g, '""')) ? 'the expression reads environment variables, loads files or evaluates text as an expression' : null;
}

const JQ = program(options({
  H: '-r --raw-output -j --join-output -a --ascii-output -c --compact-output -n --null-input -s --slurp -e --exit-status -S --sort-keys -C --color-output -M --monochrome-output -R --raw-input --tab --seq --stream --stream-errors --unbuffered --raw-output0 -h --help -V --version --build-configuration --args --jsonargs',
  // (after --args, operands are $ARGS, not files: read as files all the same, which only asks more)
  H1: '--indent',
  H2: '--arg --argjson',
  R2: '--rawfile --slurpfile',
  R1: '-L --library-path',
  X1: '-f --from-file',
}), ['program', 'path'], { program: jqFilterEffect, abbreviations: false, givesFirstOperand: ['-f', '--from-file'] });

const YQ_OPTIONS = options({
  H: '-C --colors -M --no-colors -e --exit-status -N --no-doc -P --prettyPrint -j --tojson -r --unwrapScalar -n --null-input -0 --nul-output --header-preprocess= --no-header-preprocess -v --verbose -V --version -h --help --xml-keep-namespace --xml-raw-token --csv-auto-parse --tsv-auto-parse',
  H1: '-I --indent -p --input-format -o --output-format -f --front-matter --xml-attribute-prefix --xml-content-name --lua-prefix --properties-separator --expression',
  W: '-i --inplace',
  W1: '-s --split-exp',
  X1: '--from-file',
});

/**
 * `yq e EXPR FILE`, `yq eval-all EXPR`, `yq --expression EXPR`: there the expression is not the first operand, which
 * the `program` check reads (it would read `e` and take the expression for a file).
 */
function yqEvalExpression(argv: readonly string[], from: number): { unvouched: string[]; reads: string[]; urls: string[] } {
  const exprs: string[] = [];
  const operands: string[] = [];
  for (let i = from; i < argv.length; i++) {
    const w = argv[i]!;
    if (w === '--expression' || w.startsWith('--expression=')) exprs.push(w.includes('=') ? w.slice(13) : (argv[++i] ?? ''));
    else if (!w.startsWith('-') || w === '-') operands.push(w);
    else if (YQ_OPTIONS.get(w)?.arity === 1) i++;
  }
  if (/^(e|eval|ea|eval-all)$/.test(operands[0] ?? '') && operands[1] !== undefined) exprs.push(operands[1]);
  const why = exprs.map(yqExpressionEffect).find((x) => x !== null);
  return { unvouched: why ? [why] : [], reads: [], urls: [] };
}

/** Specs of the JSON/YAML processors by program name. */
export const JSON_TOOLS: Record<string, ProgramSpec> = {
  jq: JQ,
  gojq: JQ,
  yq: program(YQ_OPTIONS, ['program', 'path'], { program: yqExpressionEffect, extra: yqEvalExpression }),
};
