// The tray icon: pending count (icon badge, tooltip, macOS title), the pending requests, the mode, and the
// ways into the window. Tray, menu and images come in as parameters (STYLE.md §3), so it is tested under Node.
import type { MenuItemConstructorOptions } from 'electron';
import type { Mode, RequestRecord } from '../../common/domain.js';
import type { Route } from '../../common/routes.js';
import type { Approver } from './core-port.js';
import type { SettingsService } from './settings-service.js';
import { trayIconName, trayMenuTemplate, trayTitle, trayTooltip } from './tray-view.js';

/** The part of Electron's Tray the service drives. */
export interface TrayLike<Image, Menu> {
  setImage(image: Image): void;
  setToolTip(text: string): void;
  setTitle(title: string): void;
  setContextMenu(menu: Menu): void;
  on(event: 'click', listener: () => void): unknown;
  destroy(): void;
}

/** What the tray service is wired to. */
export interface TrayServiceDeps<Image, Menu> {
  tray: TrayLike<Image, Menu>;
  buildMenu: (template: MenuItemConstructorOptions[]) => Menu;
  image: (name: string) => Image;
  platform: NodeJS.Platform;
  approver: Pick<Approver, 'listPending' | 'getSettings' | 'updateSettings'>;
  settings: Pick<SettingsService, 'get' | 'update'>;
  /** Asks the person before approve-all goes on; resolves true only on an explicit yes. */
  confirmApproveAll: () => Promise<boolean>;
  open: (route: Route) => void;
  quit: () => void;
  warn: (message: string) => void;
}

/** Keeps the tray in step with the core. */
export class TrayService<Image, Menu> {
  private pending: RequestRecord[] = [];
  private mode: Mode = 'interactive';
  private generation = 0;
  /** The menu template and tooltip last rendered (read by the e2e test hooks). */
  template: MenuItemConstructorOptions[] = [];
  tooltip = '';

  constructor(private readonly deps: TrayServiceDeps<Image, Menu>) {
    if (deps.platform !== 'darwin') deps.tray.on('click', () => deps.open({ view: 'queue' }));
  }

  /** Re-reads the queue and the mode from the core and redraws; the newest call wins if several overlap. */
  async refresh(): Promise<void> {
    const generation = ++this.generation;
    try {
      const [pending, settings] = await Promise.all([this.deps.approver.listPending(), this.deps.approver.getSettings()]);
      if (generation !== this.generation) return;
      this.pending = pending;
      this.mode = settings.mode;
    } catch (err) {
      this.deps.warn(`tray refresh failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    this.render();
  }

  /** Switches the mode; approve-all only after the person confirms. Resolves whether the mode changed. */
  async setMode(mode: Mode): Promise<boolean> {
    if (mode === 'approve-all' && this.mode !== 'approve-all' && !(await this.deps.confirmApproveAll())) {
      this.render(); // Electron already moved the radio check: put it back.
      return false;
    }
    try {
      await this.deps.approver.updateSettings({ mode });
    } catch (err) {
      this.deps.warn(`could not switch to ${mode}: ${err instanceof Error ? err.message : String(err)}`);
    }
    await this.refresh();
    return this.mode === mode;
  }

  /** Draws icon, tooltip, title and menu for the current state. */
  render(): void {
    const { tray } = this.deps;
    tray.setImage(this.deps.image(trayIconName(this.pending.length, this.deps.platform)));
    this.tooltip = trayTooltip(this.pending.length, this.mode);
    tray.setToolTip(this.tooltip);
    if (this.deps.platform === 'darwin') tray.setTitle(trayTitle(this.pending.length));
    this.template = trayMenuTemplate(this.pending, this.mode, this.deps.settings.get(), {
      open: this.deps.open,
      setMode: (mode) => void this.setMode(mode),
      updateSettings: (patch) => {
        this.deps.settings
          .update(patch)
          .catch((err: unknown) => this.deps.warn(`could not save settings: ${err instanceof Error ? err.message : String(err)}`))
          .finally(() => this.render());
      },
      quit: this.deps.quit,
    });
    tray.setContextMenu(this.deps.buildMenu(this.template));
  }

  /** Removes the icon (quit). */
  destroy(): void {
    this.deps.tray.destroy();
  }
}
