// The keyboard map: pure, so it can be table-tested, and one place to read every shortcut.

/** What a key press asks for. */
export type ShortcutAction =
  | 'approve'
  | 'approve-session'
  | 'approve-always'
  | 'deny'
  | 'view-full'
  | 'next'
  | 'previous'
  | 'open'
  | 'back'
  | 'toggle-select'
  | 'next-change'
  | 'previous-change'
  | 'toggle-layout';

/** The parts of a KeyboardEvent the map looks at. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

const KEYS: Record<string, ShortcutAction> = {
  a: 'approve',
  s: 'approve-session',
  A: 'approve-always',
  d: 'deny',
  v: 'view-full',
  j: 'next',
  k: 'previous',
  Enter: 'open',
  Escape: 'back',
  x: 'toggle-select',
  n: 'next-change',
  p: 'previous-change',
  t: 'toggle-layout',
};

/** Every shortcut with its label, for the on-screen help. */
export const SHORTCUT_HELP: ReadonlyArray<[string, string]> = [
  ['a', 'approve once'],
  ['s', 'approve for this session'],
  ['A', 'always allow (create a rule)'],
  ['d', 'deny (with a reason)'],
  ['j / k', 'next / previous request'],
  ['Enter', 'open the review'],
  ['x', 'select for batch'],
  ['v', 'view full content'],
  ['n / p', 'next / previous change'],
  ['t', 'side-by-side ↔ inline'],
  ['Esc', 'back / close'],
];

/** The action for a key press, or null (modifier chords belong to the browser and the editor). */
export function shortcutFor(press: KeyPress): ShortcutAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  return KEYS[press.key] ?? null;
}

/** Whether keys typed at this element are text (inputs, editors, dialogs): then no shortcut fires. */
export function isTypingTarget(el: Element | null): boolean {
  if (!el) return false;
  const type = el.tagName === 'INPUT' ? el.getAttribute('type') : null;
  if (type === 'checkbox' || type === 'radio') return !!el.closest('dialog[open]');
  return !!el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], .monaco-editor, dialog[open]');
}

/** Whether Enter/Space at this element already means "press it" (buttons, links, checkboxes). */
export function isActivationTarget(el: Element | null): boolean {
  return !!el?.closest('button, a[href], summary, [role="button"]');
}
