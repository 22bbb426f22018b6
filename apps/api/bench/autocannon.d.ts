/** The small part of autocannon's API the benches use (the package ships no types). */
declare module 'autocannon' {
  type Options = {
    url: string | string[];
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    /** Requests in flight per connection (1: wait for each answer before the next). */
    pipelining?: number;
    amount?: number;
    timeout?: number;
    duration?: number;
    /** Worker threads that fire the requests, so the load is not generated on the server's thread. */
    workers?: number;
    /** Sent in turn by each connection; `setupRequest` shapes each one before it goes. */
    requests?: {
      path?: string;
      body?: string;
      headers?: Record<string, string>;
      setupRequest?: string | ((request: object) => object);
    }[];
  };
  type Result = {
    non2xx: number;
    errors: number;
    timeouts: number;
    latency: { p50: number; p99: number };
    /** `sent`: every request fired, answered or not. */
    requests: { total: number; average: number; sent: number };
  };
  /** A run on this thread: a promise of the result that also reports each answer. */
  type Run = Promise<Result> & {
    on(
      event: 'response',
      listener: (client: unknown, status: number, bytes: number, ms: number) => void,
    ): Run;
  };
  export default function autocannon(options: Options): Run;
}
