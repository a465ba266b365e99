// Test-only handles on the running shell, for the Playwright `_electron` suite (`electronApp.evaluate`):
// read the tray menu, click its items, click notifications, answer the approve-all confirmation.
// Installed only when GATEHOUSE_TEST_HOOKS=1 in an unpackaged build; they live on the main process's
// globalThis, which no renderer can reach.
import type { MenuItemConstructorOptions } from 'electron';

/** A tray menu item as the tests see it. */
export interface MenuItemView {
  id?: string;
  label?: string;
  type?: string;
  checked?: boolean;
  enabled?: boolean;
  submenu?: MenuItemView[];
}

/** A notification the shell showed. */
export interface ShownNotification {
  requestId: string;
  title: string;
  body: string;
  silent: boolean;
  click(): void;
}

/** What `globalThis.__gatehouseTest` offers. */
export interface TestHooks {
  /** Resolves once the core, the server, the tray and the IPC handlers are up. */
  ready: Promise<void>;
  trayMenu(): MenuItemView[];
  trayTooltip(): string;
  /** Clicks a tray menu item by id (searching submenus). */
  clickTrayItem(id: string): void;
  notifications(): Array<Omit<ShownNotification, 'click'>>;
  clickNotification(requestId: string): void;
  /** The next approve-all confirmation answers this instead of showing a dialog. */
  answerNextConfirmation(answer: boolean): void;
  /** webPreferences of the open window, or null. */
  windowPreferences(): Record<string, unknown> | null;
}

/** Whether the hooks may be installed: never in a packaged app. */
export function testHooksEnabled(env: NodeJS.ProcessEnv, packaged: boolean): boolean {
  return !packaged && env.GATEHOUSE_TEST_HOOKS === '1';
}

/** A serialisable copy of a menu template (click handlers dropped). */
export function menuView(template: MenuItemConstructorOptions[]): MenuItemView[] {
  return template.map((item) => ({
    ...(item.id !== undefined ? { id: item.id } : {}),
    ...(item.label !== undefined ? { label: item.label } : {}),
    ...(item.type !== undefined ? { type: item.type } : {}),
    ...(item.checked !== undefined ? { checked: item.checked } : {}),
    ...(item.enabled !== undefined ? { enabled: item.enabled } : {}),
    ...(Array.isArray(item.submenu) ? { submenu: menuView(item.submenu) } : {}),
  }));
}

/** Finds a menu item by id, depth first. */
export function findMenuItem(template: MenuItemConstructorOptions[], id: string): MenuItemConstructorOptions | null {
  for (const item of template) {
    if (item.id === id) return item;
    if (Array.isArray(item.submenu)) {
      const found = findMenuItem(item.submenu, id);
      if (found) return found;
    }
  }
  return null;
}
