import { act, waitFor } from '@testing-library/react';

/**
 * A stand-in for the browser's EventSource (jsdom has none): it records every stream the code opens, and a
 * test sends events with `emit`.
 */
export class FakeEventSource extends EventTarget {
  /** The streams opened since the last reset, oldest first. */
  static instances: FakeEventSource[] = [];

  readonly url: string;
  closed = false;

  constructor(url: string | URL) {
    super();
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  close(): void {
    this.closed = true;
  }

  /** Delivers a server event named `type` with `data` as its text. */
  emit(type: string, data: string): void {
    this.dispatchEvent(new MessageEvent(type, { data }));
  }
}

/** The first stream the code opened at `url`, once it has (waits for it). */
export async function openedStream(url: string): Promise<FakeEventSource> {
  return waitFor(() => {
    const opened = FakeEventSource.instances.find((source) => source.url === url);
    if (!opened) throw new Error(`no stream opened at ${url}`);
    return opened;
  });
}

/** Sends a live value (a JSON-encoded event named after its key) on the realtime stream, once the app has opened it. */
export async function sendLiveValue(name: string, value: unknown): Promise<void> {
  const stream = await openedStream('/api/realtime');
  act(() => {
    stream.emit(name, JSON.stringify(value));
  });
}
