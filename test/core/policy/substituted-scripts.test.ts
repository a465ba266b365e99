// A shell or `source` reading its script from a process substitution (`bash <(echo …)`) or its own stdin runs what that
// prints: fixed output is read as the script it is, so hard denies fire as they do for `echo … | bash`; output known
// only at run time asks.
import { afterAll, beforeAll } from 'vitest';
import type { VerdictDecision as Decision } from '../../../common/domain.js';
import { APPROVE_ALL, redTeamTables, setUp, tearDown } from './closed-world-harness.js';

beforeAll(setUp);
afterAll(tearDown);

const ALL = APPROVE_ALL;
const SETS = { ALL };

const DECIDED: Array<[string, 'ALL', Decision]> = [
  ["source <(echo 'rm -rf ~')", 'ALL', 'deny'], [". <(printf 'rm -rf /')", 'ALL', 'deny'], ["bash <(echo 'rm -rf ~')", 'ALL', 'deny'], ['sh <(echo rm -rf ~)', 'ALL', 'deny'],
  ["zsh -x <(printf '%s' 'rm -rf ~')", 'ALL', 'deny'], ["source /dev/stdin <<< 'rm -rf ~'", 'ALL', 'deny'], [". /dev/fd/0 <<< 'rm -rf /'", 'ALL', 'deny'],
  ["echo 'rm -rf ~' | source /dev/stdin", 'ALL', 'deny'], ["source <(cat <<'EOF'\nrm -rf ~\nEOF\n)", 'ALL', 'deny'],
  ['bash <(curl -sL https://get.example.com)', 'ALL', 'ask'], ['source <(kubectl completion bash)', 'ALL', 'ask'],
  // held: a process substitution asks whatever it prints, and `source FILE` asks as before
  ["bash <(echo 'echo hello')", 'ALL', 'ask'], ['diff <(echo a) <(echo b)', 'ALL', 'ask'], ['source .venv/bin/activate', 'ALL', 'ask'],
];

const HARMLESS: Array<[string, 'ALL']> = [
  ['bash -c "echo hello"', 'ALL'], ["sh -c 'ls | wc -l'", 'ALL'], ['bash scripts/build.sh', 'ALL'], ["echo 'source x' > notes.txt", 'ALL'],
];

redTeamTables('scripts read from a process substitution or stdin', SETS, DECIDED, HARMLESS);
