// Which offered option answers a permission request: never an allow the person did not give, never an "always" wider
// than what they chose, and a refusal even when the agent offers no reject or garbles its options.
import { describe, expect, it } from 'vitest';
import { chooseOutcome, type PermissionVerdict } from '../../main/core/acp/outcome.js';

const GEMINI = [
  { optionId: 'proceed_always', name: 'Allow for this session', kind: 'allow_always' },
  { optionId: 'proceed_once', name: 'Allow', kind: 'allow_once' },
  { optionId: 'cancel', name: 'Reject', kind: 'reject_once' },
];
const ALL = [
  { optionId: 'aa', kind: 'allow_always' },
  { optionId: 'ao', kind: 'allow_once' },
  { optionId: 'ra', kind: 'reject_always' },
  { optionId: 'ro', kind: 'reject_once' },
];
const ONLY_ALLOW = [{ optionId: 'ok', kind: 'allow_once' }, { optionId: 'always', kind: 'allow_always' }];
const ONLY_ALWAYS = [{ optionId: 'always', kind: 'allow_always' }, { optionId: 'no', kind: 'reject_once' }];

const selected = (optionId: string) => ({ outcome: 'selected', optionId });
const cancelled = { outcome: 'cancelled' };

describe('chooseOutcome', () => {
  const table: Array<[string, unknown, PermissionVerdict, unknown]> = [
    ['allow: once, though always is offered first', GEMINI, 'allow', selected('proceed_once')],
    ['allow always: still once when once is offered', GEMINI, 'allow-always', selected('proceed_once')],
    ['allow always: always only when once is not offered', ONLY_ALWAYS, 'allow-always', selected('always')],
    ['allow once when only always is offered: refused', ONLY_ALWAYS, 'allow', selected('no')],
    ['reject: once', ALL, 'reject', selected('ro')],
    ['reject always: always', ALL, 'reject-always', selected('ra')],
    ['reject always without reject_always offered: once', GEMINI, 'reject-always', selected('cancel')],
    ['reject with only reject_always offered: always', [{ optionId: 'never', kind: 'reject_always' }], 'reject', selected('never')],
    ['reject with only allow options: cancelled', ONLY_ALLOW, 'reject', cancelled],
    ['allow with only allow_always and no reject: cancelled', [{ optionId: 'always', kind: 'allow_always' }], 'allow', cancelled],
    ['no options', [], 'allow', cancelled],
    ['options missing', undefined, 'reject', cancelled],
    ['options not a list', { optionId: 'x', kind: 'allow_once' }, 'allow', cancelled],
    ['options of the wrong types', [null, 'allow_once', 7, { optionId: 3, kind: 'allow_once' }, { optionId: '', kind: 'allow_once' }], 'allow', cancelled],
    ['an unknown kind is never an allow', [{ optionId: 'x', kind: 'ALLOW_ONCE' }, { optionId: 'y', kind: 'allow' }], 'allow', cancelled],
    ['one id under two kinds is dropped', [{ optionId: 'x', kind: 'reject_once' }, { optionId: 'x', kind: 'allow_once' }], 'reject', cancelled],
    ['one id under two kinds is not an allow either', [{ optionId: 'x', kind: 'allow_once' }, { optionId: 'x', kind: 'reject_once' }, { optionId: 'n', kind: 'reject_always' }], 'allow', selected('n')],
    ['the first option of a kind is chosen', [{ optionId: 'a', kind: 'allow_once' }, { optionId: 'b', kind: 'allow_once' }], 'allow', selected('a')],
  ];
  it.each(table)('%s', (_name, options, verdict, want) => {
    expect(chooseOutcome(options, verdict)).toEqual(want);
  });
});
