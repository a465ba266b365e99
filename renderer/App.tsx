// The app frame: navigation (Queue, History, Rules, Sessions, Agents, Settings), the mode banner, the current view,
// notices and the decision dialogs. Views come from their own folders; the frame only mounts them.
import { useEffect, type ReactNode } from 'react';
import type { Route } from '../common/routes.js';
import { routeHash } from '../common/routes.js';
import { AgentsView } from './agents/AgentsView.js';
import { HistoryView } from './history/HistoryView.js';
import { useShortcuts } from './keyboard/useShortcuts.js';
import { QueueView } from './queue/QueueView.js';
import { DenyDialog } from './review/DenyDialog.js';
import { ReviewView } from './review/ReviewView.js';
import { RuleDialog } from './review/RuleDialog.js';
import { SessionDialog } from './review/SessionDialog.js';
import { ConfirmApproval } from './review/ConfirmApproval.js';
import { RulesView } from './rules/RulesView.js';
import { SessionsView } from './sessions/SessionsView.js';
import { ModeBanner } from './settings/ModeBanner.js';
import { SettingsView } from './settings/SettingsView.js';
import { useDialogs } from './store/dialogs.js';
import { useQueue } from './store/queue.js';
import { useUi } from './store/ui.js';
import { ConnectionBanner } from './ui/ConnectionBanner.js';

const SECTIONS: Array<{ route: Route; label: string }> = [
  { route: { view: 'queue' }, label: 'Queue' },
  { route: { view: 'history' }, label: 'History' },
  { route: { view: 'rules' }, label: 'Rules' },
  { route: { view: 'sessions' }, label: 'Sessions' },
  { route: { view: 'agents' }, label: 'Agents' },
  { route: { view: 'settings' }, label: 'Settings' },
];

function View({ route }: { route: Route }): ReactNode {
  switch (route.view) {
    case 'queue':
      return <QueueView />;
    case 'review':
      return <ReviewView id={route.id} />;
    case 'history':
      return <HistoryView />;
    case 'rules':
      return <RulesView />;
    case 'sessions':
      return <SessionsView />;
    case 'agents':
      return <AgentsView />;
    case 'settings':
      return <SettingsView />;
  }
}

/** Announces the last action and clears it after a while. */
function NoticeArea(): ReactNode {
  const notice = useQueue((s) => s.notice);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => useQueue.setState({ notice: null }), 8000);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <div className={`gh-toast ${notice?.tone === 'error' ? 'gh-toast-error' : ''}`} role="status" aria-live="polite">
      {notice?.text}
    </div>
  );
}

/** The whole renderer UI. */
export function App(): ReactNode {
  useShortcuts();
  const route = useUi((s) => s.route);
  const pending = useQueue((s) => Object.keys(s.records).length);
  const dialog = useDialogs((s) => s.dialog);
  const section = route.view === 'review' ? 'queue' : route.view;

  useEffect(() => {
    document.title = pending > 0 ? `(${pending}) Gatehouse` : 'Gatehouse';
  }, [pending]);

  return (
    <div className="gh-app">
      <nav className="gh-nav" aria-label="Main">
        <div className="gh-brand" aria-hidden="true">
          <svg viewBox="0 0 16 16" width="18" height="18" className="gh-logo">
            <path d="M2 3h12M3.5 5.5h9M4.5 3v11M11.5 3v11" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" fill="none" />
          </svg>
          Gatehouse
        </div>
        {SECTIONS.map(({ route: r, label }) => (
          <a key={r.view} href={routeHash(r)} className="gh-nav-link" aria-current={section === r.view ? 'page' : undefined}>
            {label}
            {r.view === 'queue' && pending > 0 && <span className="gh-count" aria-label={`${pending} pending`}>{pending}</span>}
          </a>
        ))}
      </nav>
      <main className="gh-main">
        <ConnectionBanner />
        <ModeBanner />
        <View route={route} />
      </main>
      <NoticeArea />
      {dialog?.kind === 'deny' && <DenyDialog ids={dialog.ids} />}
      {dialog?.kind === 'rule' && <RuleDialog id={dialog.id} />}
      {dialog?.kind === 'session' && <SessionDialog id={dialog.id} />}
      {dialog?.kind === 'confirm-approve' && <ConfirmApproval id={dialog.id} />}
    </div>
  );
}
