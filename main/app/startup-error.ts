// Turns a failure while starting the desktop app into one line the person can act on (shown in an error box).

/** The message for an error thrown while starting the core, the server or the settings. */
export function explainStartupError(err: unknown, packaged: boolean): string {
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: unknown } | null)?.code;
  if (/NODE_MODULE_VERSION|was compiled against a different Node\.js version|invalid ELF header|not a valid Win32 application/.test(message)) {
    return packaged
      ? 'The bundled SQLite module does not match this Electron; reinstall Gatehouse.'
      : 'better-sqlite3 is built for Node, not Electron: start the app with `npm start`, which builds the Electron version once.';
  }
  if (code === 'EADDRINUSE') {
    return 'The agents\' port set in settings.json is already in use: choose another port there, or 0 for a free one.';
  }
  return message.split('\n', 1)[0] || 'unknown error';
}
