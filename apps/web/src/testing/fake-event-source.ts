/**
 * The browser's EventSource, driven by a test (the tab's live stream, live-stream.ts): every
 * one opened is kept in `opened`; the test sends its events and ends it. Stub it with
 * `vi.stubGlobal('EventSource', FakeEventSource)` and empty `opened` before each test.
 */
export class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  onopen: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  /** The server refused it: the browser gives up. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
}
