// UI state that is not data: the current route and whether long previews are expanded.
import { create } from 'zustand';
import { parseRouteHash, routeHash, type Route } from '../../common/routes.js';

/** Navigation and view toggles shared by the frame, the queue and the review. */
export interface UiState {
  route: Route;
  /** `v` (view full): every long preview shows its collapsed middle. */
  viewFull: boolean;
  navigate(route: Route): void;
  toggleViewFull(): void;
}

/** The UI store; the route mirrors `location.hash` both ways. */
export const useUi = create<UiState>((set) => ({
  route: parseRouteHash(window.location.hash),
  viewFull: false,
  navigate(route) {
    const hash = routeHash(route);
    if (window.location.hash !== hash) window.location.hash = hash;
    set({ route, viewFull: false });
  },
  toggleViewFull() {
    set((s) => ({ viewFull: !s.viewFull }));
  },
}));

window.addEventListener('hashchange', () => {
  useUi.setState({ route: parseRouteHash(window.location.hash), viewFull: false });
});
