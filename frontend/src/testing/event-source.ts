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
