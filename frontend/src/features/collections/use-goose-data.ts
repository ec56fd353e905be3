import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { gooseScriptUrl, readGooseData, type GooseData } from './goose';

/** Where the goose data script is: not asked for yet, on its way, read, or failed (load error or bad data). */
export type GooseDataState = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; data: GooseData };

const IDLE: GooseDataState = { status: 'idle' };

/** One script per page, shared by every tool that shows: its element and what it gave. */
let state: GooseDataState = IDLE;
let script: HTMLScriptElement | null = null;
const listeners = new Set<() => void>();

function setState(next: GooseDataState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getState() {
  return state;
}

/**
 * Loads the goose data script unless it is loaded or on its way: appends one `<script async>` for
 * `{assets host}/goose/data.js` (the CSP allows scripts from the site's origin, not inline ones), and reads
 * `window.stampsGoose` when it has run. After a failure, it replaces the failed element with a new one.
 */
export function loadGooseData(): void {
  if (state.status === 'loading' || state.status === 'ready') return;
  const present = readGooseData(window.stampsGoose);
  if (present) {
    setState({ status: 'ready', data: present });
    return;
  }
  script?.remove();
  const element = document.createElement('script');
  element.src = gooseScriptUrl();
  element.async = true;
  element.addEventListener('load', () => {
    if (script !== element) return;
    const data = readGooseData(window.stampsGoose);
    setState(data ? { status: 'ready', data } : { status: 'error' });
  });
  element.addEventListener('error', () => {
    if (script === element) setState({ status: 'error' });
  });
  script = element;
  setState({ status: 'loading' });
  document.head.appendChild(element);
}

/** Forgets the script and its data, as a new page would (each test starts from one). */
export function forgetGooseData(): void {
  script?.remove();
  script = null;
  delete window.stampsGoose;
  setState(IDLE);
}

/**
 * The goose data, loading the script on first use (once per page, shared by every caller); `retry` loads it anew
 * after a failure.
 */
export function useGooseData(): { state: GooseDataState; retry: () => void } {
  const current = useSyncExternalStore(subscribe, getState);
  useEffect(() => {
    loadGooseData();
  }, []);
  const retry = useCallback(() => {
    loadGooseData();
  }, []);
  return { state: current, retry };
}
