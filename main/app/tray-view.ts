// What the tray shows for a given state — icon, tooltip, title and menu — as pure functions of that state.
import type { MenuItemConstructorOptions } from 'electron';
import type { Mode, RequestRecord } from '../../common/domain.js';
import type { Route } from '../../common/routes.js';
import { inertLine, requestLine } from './one-line.js';
import type { ShellSettings, Theme } from './settings-schema.js';

/** Pending requests listed in the menu; the rest are one "more" item away (the queue). */
export const MENU_PENDING_MAX = 10;

/** Base name of the tray icon in resources/tray for a pending count (macOS uses the monochrome Template variant). */
export function trayIconName(pending: number, platform: NodeJS.Platform): string {
  const badge = pending <= 0 ? '0' : pending > 9 ? '9plus' : String(pending);
  return `tray-${badge}${platform === 'darwin' ? 'Template' : ''}`;
}

/** The warning shown for as long as approve-all is on. */
export const APPROVE_ALL_WARNING = '⚠ Approve-all is ON: agents run without asking';

/** "3 requests waiting", for the tooltip and the menu header. */
export function pendingCountText(pending: number): string {
  return pending === 0 ? 'no requests waiting' : pending === 1 ? '1 request waiting' : `${pending} requests waiting`;
}

/** Tray tooltip: the pending count, and the mode when it is not the default. */
export function trayTooltip(pending: number, mode: Mode): string {
  const count = pendingCountText(pending);
  const modeLine = mode === 'approve-all' ? `\n${APPROVE_ALL_WARNING}` : mode === 'strict' ? '\nStrict: requests that need you are denied' : '';
  return `Gatehouse — ${count}${modeLine}`;
}

/** The text beside the icon in the macOS menu bar (empty when nothing waits). */
export function trayTitle(pending: number): string {
  return pending === 0 ? '' : String(pending);
}

/** What the tray menu can do; the service binds these to the core, windows and app. */
export interface TrayActions {
  open(route: Route): void;
  setMode(mode: Mode): void;
  updateSettings(patch: Partial<ShellSettings>): void;
  quit(): void;
}

const MODE_LABELS: Record<Mode, string> = {
  interactive: 'Ask me (interactive)',
  'approve-all': 'Approve all',
  strict: 'Strict (deny what needs me)',
};

const THEME_LABELS: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** One menu line for a pending request: tool and summary, inert and short. */
export function pendingLabel(record: RequestRecord): string {
  const line = requestLine(record);
  return inertLine(`${line.tool}: ${line.summary} (${line.agent})`, 70);
}

/** The tray menu for a state. */
export function trayMenuTemplate(
  pending: RequestRecord[],
  mode: Mode,
  settings: ShellSettings,
  actions: TrayActions,
): MenuItemConstructorOptions[] {
  const header: MenuItemConstructorOptions[] = [{ label: `Gatehouse — ${pendingCountText(pending.length)}`, enabled: false }];
  if (mode === 'approve-all') header.push({ id: 'approve-all-warning', label: APPROVE_ALL_WARNING, enabled: false });

  const requests: MenuItemConstructorOptions[] = pending.slice(0, MENU_PENDING_MAX).map((record) => ({
    id: `pending:${record.request.id}`,
    label: pendingLabel(record),
    click: () => actions.open({ view: 'review', id: record.request.id }),
  }));
  if (pending.length > MENU_PENDING_MAX) {
    requests.push({ label: `…and ${pending.length - MENU_PENDING_MAX} more`, click: () => actions.open({ view: 'queue' }) });
  }

  const modes = (Object.keys(MODE_LABELS) as Mode[]).map<MenuItemConstructorOptions>((m) => ({
    id: `mode:${m}`,
    label: MODE_LABELS[m],
    type: 'radio',
    checked: m === mode,
    click: () => actions.setMode(m),
  }));

  const themes = (Object.keys(THEME_LABELS) as Theme[]).map<MenuItemConstructorOptions>((t) => ({
    label: THEME_LABELS[t],
    type: 'radio',
    checked: settings.theme === t,
    click: () => actions.updateSettings({ theme: t }),
  }));

  const toggle = (id: string, label: string, key: 'notifications' | 'sound' | 'open_at_login'): MenuItemConstructorOptions => ({
    id,
    label,
    type: 'checkbox',
    checked: settings[key],
    click: () => actions.updateSettings({ [key]: !settings[key] }),
  });

  return [
    ...header,
    { type: 'separator' },
    ...(requests.length > 0 ? requests : [{ label: 'No requests waiting', enabled: false }]),
    { type: 'separator' },
    { id: 'mode', label: 'Mode', submenu: modes },
    { type: 'separator' },
    { id: 'open-queue', label: 'Open queue', click: () => actions.open({ view: 'queue' }) },
    { id: 'open-history', label: 'Open history', click: () => actions.open({ view: 'history' }) },
    { id: 'open-rules', label: 'Open rules', click: () => actions.open({ view: 'rules' }) },
    {
      id: 'settings',
      label: 'Settings',
      submenu: [
        { id: 'open-settings', label: 'Open settings…', click: () => actions.open({ view: 'settings' }) },
        { type: 'separator' },
        toggle('notifications', 'Notifications', 'notifications'),
        toggle('sound', 'Notification sound', 'sound'),
        toggle('open-at-login', 'Start at login', 'open_at_login'),
        { label: 'Theme', submenu: themes },
      ],
    },
    { type: 'separator' },
    { id: 'quit', label: 'Quit Gatehouse', click: () => actions.quit() },
  ];
}

/** The confirmation asked before approve-all: it names the consequence, and Cancel is the default. */
export const APPROVE_ALL_CONFIRMATION = {
  type: 'warning' as const,
  title: 'Turn on approve-all?',
  message: 'Approve every request without asking?',
  detail:
    'While approve-all is on, agents run commands and change files without asking you. Hard denies (privilege escalation, ' +
    'guard tampering, your deny rules) still apply, and everything is recorded in the audit log.',
  buttons: ['Cancel', 'Turn on approve-all'],
  defaultId: 0,
  cancelId: 0,
  noLink: true,
};
