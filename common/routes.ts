// Deep links into the renderer, as URL hashes: the tray, a notification click (Electron) and a pasted link
// (web mode) all open a view the same way, without a second channel next to GatehouseApi.

/** A view the renderer can be opened on. */
export type Route =
  | { view: 'queue' }
  | { view: 'review'; id: string }
  | { view: 'history' }
  | { view: 'rules' }
  | { view: 'sessions' }
  | { view: 'agents' }
  | { view: 'settings' };

const SIMPLE_VIEWS = ['queue', 'history', 'rules', 'sessions', 'agents', 'settings'] as const;

/** The hash (`#/review/01J…`) that opens a route. */
export function routeHash(route: Route): string {
  return route.view === 'review' ? `#/review/${encodeURIComponent(route.id)}` : `#/${route.view}`;
}

/** Reads a hash back into a route; anything unknown or malformed opens the queue. */
export function parseRouteHash(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/');
  const [view, arg] = parts;
  if (view === 'review' && parts.length === 2 && arg) {
    try {
      return { view: 'review', id: decodeURIComponent(arg) };
    } catch {
      return { view: 'queue' };
    }
  }
  const simple = SIMPLE_VIEWS.find((v) => v === view);
  return parts.length === 1 && simple ? { view: simple } : { view: 'queue' };
}
