// The nesting counter behind the body guard: hostile shapes first.
import { describe, expect, it } from 'vitest';
import { jsonDepth } from '../../../main/core/server/json-depth.js';

describe('jsonDepth', () => {
  it.each<[string, string, number]>([
    ['flat object', '{"a":1,"b":"x"}', 1],
    ['array in object', '{"a":[1,[2]]}', 3],
    ['brackets inside strings do not count', '{"a":"[[[{{{"}', 1],
    ['escaped quote inside a string', '{"a":"\\"[[["}', 1],
    ['escaped backslash ends the string', '{"a":"\\\\","b":[[1]]}', 3],
    ['a scalar', '"[[["', 0],
  ])('%s', (_n, text, depth) => expect(jsonDepth(text, 100)).toBe(depth));

  it('stops counting past the limit (5,000 levels cost no more than 65)', () => {
    expect(jsonDepth(`${'['.repeat(5000)}${']'.repeat(5000)}`, 64)).toBe(65);
  });
});
