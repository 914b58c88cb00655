import { createContext } from 'preact';
import { useCallback, useContext, useEffect, useRef, useState } from 'preact/hooks';
import type { ConsoleSettings, EngineClient } from './api';

/** What every screen gets: the engine client and the settings it was built from. */
export interface ConsoleContextValue {
  client: EngineClient;
  settings: ConsoleSettings;
  openSettings(): void;
}

export const ConsoleContext = createContext<ConsoleContextValue | null>(null);

/** The console context; screens are only rendered inside the provider. */
export function useConsole(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole outside ConsoleContext');
  return value;
}

/** State of one load from the engine. */
export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload(): void;
}

/** Runs `load` when its dependencies change (or on reload); a stale answer is dropped. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [tick, setTick] = useState(0);
  const generation = useRef(0);
  useEffect(() => {
    const mine = ++generation.current;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    load().then(
      (data) => {
        if (mine === generation.current) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (mine === generation.current) setState({ data: null, error, loading: false });
      },
    );
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((value) => value + 1), []);
  return { ...state, reload };
}

/** Keyboard shortcuts that apply while no text field has focus. */
export function useShortcuts(handlers: Record<string, () => void>, enabled = true): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      const tag = target?.tagName;
      if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target?.isContentEditable) return;
      if (target?.closest('dialog[open]')) return;
      const handler = latest.current[event.key];
      if (handler) {
        event.preventDefault();
        handler();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
