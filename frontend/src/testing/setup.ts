import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { FakeEventSource } from './event-source';

// Node's Request (used by RTK Query's fetchBaseQuery) rejects relative URLs and jsdom's AbortSignal.
// Resolve '/api/...' against the jsdom page and drop the signal, as a browser would accept both.
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    const url = typeof input === 'string' ? new URL(input, window.location.href) : input;
    super(url, { ...init, signal: null });
  }
}
globalThis.Request = PageRequest;

// jsdom draws no canvas (and says so on the console): charts find no 2D context and draw nothing.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

// jsdom lays nothing out, and its ranges have no rectangles at all: give them the empty ones its elements have
// (CodeMirror measures the cursor and the selection with them).
const range: Partial<Pick<Range, 'getClientRects' | 'getBoundingClientRect'>> = Range.prototype;
range.getClientRects ??= () => document.createElement('span').getClientRects();
range.getBoundingClientRect ??= () => document.createElement('span').getBoundingClientRect();

// jsdom has no EventSource; the footer opens the realtime stream on every page.
globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;

afterEach(() => {
  cleanup();
  // The sign-in cookie a test wrote must not sign in the next one.
  document.cookie = 'logged=; Path=/; Max-Age=0';
  document.cookie = 'currency=; Path=/; Max-Age=0';
  localStorage.clear();
  FakeEventSource.instances = [];
  sessionStorage.clear();
  document.body.removeAttribute('style');
});
