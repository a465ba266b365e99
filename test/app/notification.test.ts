// Native notifications: one per new pending request, no secrets, no file contents, inert, short; a click opens
// the review of exactly that request.
import { describe, expect, it } from 'vitest';
import type { BrowserWindowConstructorOptions } from 'electron';
import { inertLine, LINE_MAX } from '../../main/app/one-line.js';
import { NotificationService, notificationText, type NotificationLike, type NotificationOptionsLike } from '../../main/app/notification-service.js';
import { WindowService, type WindowLike } from '../../main/app/window-service.js';
import { pendingRecord, SECRET } from './fixtures.js';

/** A fake Electron Notification that records what was shown and lets the test click it. */
class FakeNotification implements NotificationLike {
  shown = false;
  closed = false;
  private readonly handlers = new Map<string, () => void>();
  constructor(readonly options: NotificationOptionsLike, readonly requestId: string) {}
  show() {
    this.shown = true;
  }
  close() {
    this.closed = true;
    this.handlers.get('close')?.();
  }
  on(event: 'click' | 'close', listener: () => void) {
    this.handlers.set(event, listener);
    return this;
  }
  click() {
    this.handlers.get('click')?.();
  }
}

/** A fake BrowserWindow recording the URLs it loads. */
function fakeWindowFactory() {
  const created: Array<{ options: BrowserWindowConstructorOptions; urls: string[] }> = [];
  const createWindow = (options: BrowserWindowConstructorOptions): WindowLike => {
    const entry = { options, urls: [] as string[] };
    created.push(entry);
    return {
      webContents: { id: created.length, isDestroyed: () => false, send: () => undefined },
      isDestroyed: () => false,
      isMinimized: () => false,
      restore: () => undefined,
      show: () => undefined,
      focus: () => undefined,
      close: () => undefined,
      once: () => undefined,
      on: () => undefined,
      loadURL: async (url: string) => {
        entry.urls.push(url);
      },
    };
  };
  return { created, createWindow };
}

function setup(prefs = { notifications: true, sound: true }, supported = true) {
  const notes: FakeNotification[] = [];
  const windows = fakeWindowFactory();
  const windowService = new WindowService({ createWindow: windows.createWindow, preloadPath: '/p.cjs', devTools: false, warn: () => undefined });
  const service = new NotificationService({
    create: (options, requestId) => {
      const note = new FakeNotification(options, requestId);
      notes.push(note);
      return note;
    },
    isSupported: () => supported,
    prefs: () => prefs,
    open: (route) => windowService.open(route),
  });
  return { service, notes, windows };
}

describe('notification content', () => {
  it('names agent, tool and what it runs', () => {
    const text = notificationText(pendingRecord({ tool_name: 'Bash', args: { command: 'npm test' } }));
    expect(text).toEqual({ title: 'claude-code asks to use Bash', body: 'npm test' });
  });

  it('never shows a secret from the args', () => {
    const text = notificationText(pendingRecord({ args: { command: `curl -H "x-api-key: ${SECRET}" https://api.anthropic.com` } }));
    expect(JSON.stringify(text)).not.toContain(SECRET);
    expect(JSON.stringify(text)).not.toContain('Zx9Qk2');
    expect(text.body).toContain('REDACTED');
  });

  it('never shows file contents: a 10 KB Write shows its path', () => {
    const content = `${'const secretish = 1;\n'.repeat(500)}TAIL_MARKER`;
    const text = notificationText(pendingRecord({ tool_name: 'Write', args: { file_path: '/work/project/src/big.ts', content } }));
    expect(text.body).toBe('/work/project/src/big.ts');
    expect(JSON.stringify(text)).not.toContain('secretish');
  });

  it('makes control, bidi and zero-width characters visible (line breaks become spaces)', () => {
    const text = notificationText(pendingRecord({ args: { command: 'echo safe\u202e;rm -rf ~ #\u200b\x1b[2K\rls' } }));
    expect(text.body).toContain('⟨U+202E⟩');
    expect(text.body).toContain('⟨U+200B⟩');
    expect(text.body).toContain('⟨U+001B⟩');
    expect(text.body).not.toMatch(/[\u202e\u200b\x1b\r]/);
  });

  it('inert-ifies agent-chosen tool and agent names too', () => {
    const text = notificationText(pendingRecord({ agent: 'evil\u202eedoc', tool_name: 'mcp__x\nApproved' }));
    expect(text.title).not.toMatch(/[\u202e\n]/);
  });

  it('truncates to one short line', () => {
    const body = notificationText(pendingRecord({ args: { command: `echo ${'a'.repeat(5000)} && rm -rf /` } })).body;
    expect(Array.from(body).length).toBeLessThanOrEqual(LINE_MAX);
    expect(body.endsWith('…')).toBe(true);
    expect(inertLine('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('NotificationService', () => {
  it('shows one notification per new pending request, with sound per settings', () => {
    const { service, notes } = setup({ notifications: true, sound: false });
    const record = pendingRecord();
    expect(service.notifyPending(record)).toBe(true);
    expect(service.notifyPending(record)).toBe(false);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.shown).toBe(true);
    expect(notes[0]?.options.silent).toBe(true);
  });

  it('shows nothing when notifications are off, unsupported, or the request is already decided', () => {
    expect(setup({ notifications: false, sound: true }).service.notifyPending(pendingRecord())).toBe(false);
    expect(setup(undefined, false).service.notifyPending(pendingRecord())).toBe(false);
    expect(setup().service.notifyPending({ ...pendingRecord(), status: 'approved' })).toBe(false);
  });

  it('a click opens the window on the review of that request', () => {
    const { service, notes, windows } = setup();
    const first = pendingRecord();
    const second = pendingRecord();
    service.notifyPending(first);
    service.notifyPending(second);
    notes[1]?.click();
    expect(windows.created).toHaveLength(1);
    expect(windows.created[0]?.urls).toEqual([`app://gatehouse/index.html#/review/${second.request.id}`]);
    expect(windows.created[0]?.options.webPreferences?.sandbox).toBe(true);
    notes[0]?.click();
    expect(windows.created).toHaveLength(1);
    expect(windows.created[0]?.urls[1]).toBe(`app://gatehouse/index.html#/review/${first.request.id}`);
  });

  it('retires the notification of a request decided elsewhere', () => {
    const { service, notes } = setup();
    const record = pendingRecord();
    service.notifyPending(record);
    service.retire(record.request.id);
    expect(notes[0]?.closed).toBe(true);
  });
});
