/**
 * A Server-Sent Events client for tests over a real listening server: opens a stream with
 * fetch and hands out its events one at a time, each within a time limit.
 */
export type StreamEvent = { id: string | null; event: string; data: string };

export type EventStreamClient = {
  status: number;
  /** The JSON body of a refused stream. */
  body: () => Promise<unknown>;
  /** The next event, or a failure after `timeoutMs`. */
  next: (timeoutMs?: number) => Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
};

/** Parses one event block (the lines between two blank lines); null for a comment only. */
function parseBlock(block: string): StreamEvent | null {
  const event: StreamEvent = { id: null, event: 'message', data: '' };
  const data: string[] = [];
  for (const line of block.split('\n')) {
    const [field = '', ...rest] = line.split(':');
    const value = rest.join(':').replace(/^ /, '');
    if (field === 'id') event.id = value;
    if (field === 'event') event.event = value;
    if (field === 'data') data.push(value);
  }
  if (data.length === 0) return null;
  return { ...event, data: data.join('\n') };
}

export async function openEventStream(
  url: string,
  headers: Record<string, string>,
): Promise<EventStreamClient> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const events: StreamEvent[] = [];
  const waiting: ((event: StreamEvent) => void)[] = [];
  const ended = (async () => {
    if (!response.ok || response.body === null) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const parsed = parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (parsed !== null) {
            const taker = waiting.shift();
            if (taker === undefined) events.push(parsed);
            else taker(parsed);
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: response.status,
    body: () => response.json(),
    ended,
    next(timeoutMs = 5_000) {
      const queued = events.shift();
      if (queued !== undefined) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(take), 1);
          reject(new Error(`no event within ${timeoutMs} ms`));
        }, timeoutMs);
        const take = (event: StreamEvent) => {
          clearTimeout(timer);
          resolve(event);
        };
        waiting.push(take);
      });
    },
    close: () => abort.abort(),
  };
}
