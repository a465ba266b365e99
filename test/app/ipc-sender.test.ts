// IPC sender validation: only the main frame of our own window, on our renderer document, may call the verbs.
import { describe, expect, it } from 'vitest';
import { checkSender, type SenderFacts } from '../../main/app/ipc-sender.js';

const trusted = new Set([7]);
const ours: SenderFacts = { frameUrl: 'app://gatehouse/index.html#/review/01J', isMainFrame: true, webContentsId: 7 };

describe('checkSender', () => {
  it('accepts our window on any view', () => {
    expect(checkSender(ours, trusted)).toEqual({ ok: true });
    expect(checkSender({ ...ours, frameUrl: 'app://gatehouse/index.html' }, trusted)).toEqual({ ok: true });
  });

  it.each<[string, Partial<SenderFacts>]>([
    ['a foreign page', { frameUrl: 'https://evil.example/index.html' }],
    ['a page the window was navigated to', { frameUrl: 'app://gatehouse/other.html' }],
    ['a look-alike host', { frameUrl: 'app://gatehouse.evil.example/index.html' }],
    ['file://', { frameUrl: 'file:///home/u/dist/renderer/index.html' }],
    ['devtools', { frameUrl: 'devtools://devtools/bundled/devtools_app.html' }],
    ['about:blank', { frameUrl: 'about:blank' }],
    ['data: URL', { frameUrl: 'data:text/html,<script>1</script>' }],
    ['a subframe on our URL', { isMainFrame: false }],
    ['a destroyed frame', { frameUrl: null }],
    ['a window we did not create', { webContentsId: 8 }],
    ['devtools webContents on our URL', { webContentsId: 99 }],
  ])('refuses %s', (_name, patch) => {
    const result = checkSender({ ...ours, ...patch }, trusted);
    expect(result.ok).toBe(false);
  });

  it('refuses everything when no window is open', () => {
    expect(checkSender(ours, new Set()).ok).toBe(false);
  });
});
