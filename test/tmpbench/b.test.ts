import { it } from 'vitest';
import { knownUnignored } from '../../main/core/policy/ignore-index/unignored.js';
it('b', () => {
  const ws = '/work/wt/unignored';
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    for (let i = 0; i < 20; i++) knownUnignored(ws, ws);
    console.log('per call', ((performance.now() - t0) / 20).toFixed(2), 'ms');
  }
});
