import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  ApiError,
  type ConsoleSettings,
  createEngineClient,
  engineBaseFromLocation,
  loadSettings,
  saveSettings,
} from './api';
import { ConsoleContext } from './app-context';
import { type Route, useRoute } from './router';
import { ClausesScreen, ReaderScreen } from './screens/clauses';
import { CorpusScreen } from './screens/corpus';
import { DocumentsScreen } from './screens/documents';
import { GraphScreen } from './screens/graph';
import { QueueScreen } from './screens/queue';
import { ReviewLogScreen } from './screens/review-log';
import { SearchScreen } from './screens/search';
import type { ContentReviewPage } from './wire-types';

const SCREENS: { path: string; label: string }[] = [
  { path: 'documents', label: 'Documents' },
  { path: 'clauses', label: 'Clauses' },
  { path: 'review-log', label: 'Review log' },
  { path: 'queue', label: 'Queue' },
  { path: 'search', label: 'Search & ask' },
  { path: 'graph', label: 'Graph' },
  { path: 'corpus', label: 'Corpus' },
];

type Health = { state: 'checking' } | { state: 'ok'; pending: number | null } | { state: 'down' | 'token' };

function Screen({ route }: { route: Route }) {
  const [first = 'documents'] = route.path;
  switch (first) {
    case 'documents':
      return route.path[1] ? <ReaderScreen route={route} /> : <DocumentsScreen />;
    case 'clauses':
      return <ClausesScreen route={route} />;
    case 'review-log':
      return <ReviewLogScreen route={route} />;
    case 'queue':
      return <QueueScreen route={route} />;
    case 'search':
      return <SearchScreen />;
    case 'graph':
      return <GraphScreen route={route} />;
    case 'corpus':
      return <CorpusScreen route={route} />;
    default:
      return (
        <p class="empty">
          No screen “{first}”. Go to <a href="#/documents">Documents</a>.
        </p>
      );
  }
}

function SettingsDialog({
  settings,
  dialogRef,
  onSave,
}: {
  settings: ConsoleSettings;
  dialogRef: { current: HTMLDialogElement | null };
  onSave(next: ConsoleSettings): void;
}) {
  const [draft, setDraft] = useState(settings);
  useEffect(() => setDraft(settings), [settings]);
  const field = (key: keyof ConsoleSettings) => (event: Event) =>
    setDraft({ ...draft, [key]: (event.currentTarget as HTMLInputElement).value });
  return (
    <dialog ref={dialogRef} aria-labelledby="settings-title" class="settings">
      <form
        method="dialog"
        onSubmit={() => {
          onSave(draft);
        }}
      >
        <h2 id="settings-title">Settings</h2>
        <p class="muted small">Kept in this tab's session storage only, and sent to no one but the engine.</p>
        <label for="setting-token">Caller token (when the engine sets CAE_API_TOKENS)</label>
        <input
          id="setting-token"
          type="password"
          autocomplete="off"
          value={draft.token}
          onInput={field('token')}
        />
        <label for="setting-reviewer">Reviewer name (recorded with your decisions)</label>
        <input
          id="setting-reviewer"
          value={draft.reviewer}
          onInput={field('reviewer')}
          placeholder="e.g. alice"
        />
        <label for="setting-engine">Engine URL (empty: the engine that serves this page)</label>
        <input
          id="setting-engine"
          value={draft.engineUrl}
          onInput={field('engineUrl')}
          placeholder={engineBaseFromLocation(location)}
        />
        <p class="muted small">A remote engine must list this page's origin in CAE_CORS_ORIGINS.</p>
        <div class="row">
          <button type="submit" class="primary">
            Save
          </button>
          <button type="button" onClick={() => dialogRef.current?.close()}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** The console: header with the screens and the engine's state, the current screen, the settings dialog. */
export function App() {
  const [settings, setSettings] = useState(() => loadSettings());
  const route = useRoute();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [health, setHealth] = useState<Health>({ state: 'checking' });
  // Every answer (or its absence) updates the engine's state in the header, not only the periodic check.
  const client = useMemo(
    () =>
      createEngineClient(settings, engineBaseFromLocation(location), undefined, (status) => {
        if (status === 0) setHealth({ state: 'down' });
        else if (status === 401) setHealth({ state: 'token' });
        else setHealth((previous) => (previous.state === 'ok' ? previous : { state: 'ok', pending: null }));
      }),
    [settings],
  );

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      try {
        await client.get('/health');
        const queue = await client.get<ContentReviewPage>('/review-queue?limit=1').catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 401) throw error;
          return null;
        });
        if (!stopped) setHealth({ state: 'ok', pending: queue?.total ?? null });
      } catch (error) {
        if (!stopped)
          setHealth({ state: error instanceof ApiError && error.status === 401 ? 'token' : 'down' });
      }
    };
    void check();
    const timer = setInterval(check, 15_000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [client]);

  useEffect(() => {
    document.body.dataset.ready = 'true';
  }, []);

  const current = route.path[0] ?? 'documents';
  const title = SCREENS.find((screen) => screen.path === current)?.label ?? 'Console';
  useEffect(() => {
    document.title = `${title} · CAE review console`;
  }, [title]);

  const context = useMemo(
    () => ({ client, settings, openSettings: () => dialogRef.current?.showModal() }),
    [client, settings],
  );

  return (
    <ConsoleContext.Provider value={context}>
      <button type="button" class="skip" onClick={() => document.getElementById('main')?.focus()}>
        Skip to content
      </button>
      <header class="top">
        <span class="brand">CAE review console</span>
        <nav aria-label="Screens">
          <ul>
            {SCREENS.map((screen) => (
              <li key={screen.path}>
                <a href={`#/${screen.path}`} aria-current={current === screen.path ? 'page' : undefined}>
                  {screen.label}
                  {screen.path === 'queue' && health.state === 'ok' && health.pending ? (
                    <span class="count">
                      {health.pending}
                      <span class="sr-only"> pending</span>
                    </span>
                  ) : null}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <span class={`health health-${health.state}`} role="status" data-testid="health">
          <span class="dot" aria-hidden="true" />
          {health.state === 'ok'
            ? 'engine ok'
            : health.state === 'down'
              ? 'engine unreachable'
              : health.state === 'token'
                ? 'token needed'
                : 'checking…'}
        </span>
        <button type="button" onClick={() => dialogRef.current?.showModal()}>
          Settings{settings.token ? ' · token set' : ''}
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <Screen route={route} />
      </main>
      <SettingsDialog
        settings={settings}
        dialogRef={dialogRef}
        onSave={(next) => {
          saveSettings(next);
          setSettings(next);
        }}
      />
    </ConsoleContext.Provider>
  );
}
