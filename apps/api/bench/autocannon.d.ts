/** The small part of autocannon's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    amount?: number;
    timeout?: number;
    duration?: number;
  };
  type Result = {
    non2xx: number;
    latency: { p50: number; p99: number };
    requests: { total: number; average: number };
  };
  export default function autocannon(options: Options): Promise<Result>;
}
