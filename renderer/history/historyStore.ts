// History state (zustand): the filter form, the loaded pages and the dashboard counts, kept across navigation.
import { create } from 'zustand';
import type { AuditStats } from '../../common/api.js';
import type { AuditEntry, AuditFilter } from '../../common/domain.js';
import { api } from '../api/current.js';
import { EMPTY_FORM, type HistoryForm } from './filters.js';

/** Entries fetched per page; "load more" fetches the next page with the cursor. */
export const PAGE_SIZE = 50;

/** What the History view shows. */
export interface HistoryState {
  form: HistoryForm;
  /** The filter the loaded pages answer (no cursor). */
  filter: AuditFilter | null;
  entries: AuditEntry[];
  nextCursor: string | null;
  loading: boolean;
  /** A "load more" is in flight: a refresh now would throw away the page the person asked for. */
  loadingMore: boolean;
  error: string | null;
  stats: AuditStats | null;
  statsError: string | null;
  selectedId: string | null;
  /** New requests arrived since the pages were loaded. */
  stale: boolean;
  setForm(patch: Partial<HistoryForm>): void;
  clearForm(): void;
  load(filter: AuditFilter): Promise<void>;
  loadMore(): Promise<void>;
  select(id: string | null): void;
  markStale(): void;
  /** Reloads the first page on new activity, or only marks the list stale once the person has paged past it. */
  refreshOrMarkStale(): void;
}

// Every load bumps the generation; answers from an older generation are dropped, so a slow query never overwrites a newer one.
let generation = 0;

/** The History slice. */
export const useHistoryStore = create<HistoryState>()((set, get) => ({
  form: EMPTY_FORM,
  filter: null,
  entries: [],
  nextCursor: null,
  loading: false,
  loadingMore: false,
  error: null,
  stats: null,
  statsError: null,
  selectedId: null,
  stale: false,

  setForm: (patch) => set((s) => ({ form: { ...s.form, ...patch } })),
  clearForm: () => set({ form: EMPTY_FORM }),

  load: async (filter) => {
    const gen = ++generation;
    set({ filter, loading: true, loadingMore: false, error: null, stale: false });
    const [page, stats] = await Promise.all([
      api().queryAudit({ ...filter, limit: PAGE_SIZE }),
      api().auditStats(filter),
    ]);
    if (gen !== generation) return;
    set({
      loading: false,
      entries: page.ok ? page.value.entries : [],
      nextCursor: page.ok ? page.value.next_cursor : null,
      error: page.ok ? null : `Could not load the history: ${page.error}`,
      stats: stats.ok ? stats.value : null,
      statsError: stats.ok ? null : `Could not load the dashboard: ${stats.error}`,
    });
  },

  loadMore: async () => {
    const { filter, nextCursor, loading } = get();
    if (!filter || !nextCursor || loading) return;
    const gen = generation;
    set({ loading: true, loadingMore: true, error: null });
    const page = await api().queryAudit({ ...filter, cursor: nextCursor, limit: PAGE_SIZE });
    if (gen !== generation) return;
    if (!page.ok) {
      set({ loading: false, loadingMore: false, error: `Could not load more entries: ${page.error}` });
      return;
    }
    // Paging is by cursor, so nothing repeats; the id check only guards against a core that re-sends a row.
    const seen = new Set(get().entries.map((e) => e.id));
    set({
      loading: false,
      loadingMore: false,
      entries: [...get().entries, ...page.value.entries.filter((e) => !seen.has(e.id))],
      nextCursor: page.value.next_cursor,
    });
  },

  select: (id) => set({ selectedId: id }),
  markStale: () => set({ stale: true }),

  refreshOrMarkStale: () => {
    const { filter, entries, loadingMore, load } = get();
    if (!filter) return;
    if (entries.length > PAGE_SIZE || loadingMore) set({ stale: true });
    else void load(filter);
  },
}));
