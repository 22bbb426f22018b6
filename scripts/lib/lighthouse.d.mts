export const BUDGET: { performance: number; accessibility: number; cls: number };
export type Audit = {
  performance: number;
  accessibility: number;
  cls: number;
  fcp: number;
  lcp: number;
  tbt: number;
  ok: boolean;
};
export function ensureLighthouse(): Promise<void>;
export function audit(url: string): Promise<Audit | null>;
/** The median run, with every run's performance score in `runs`. */
export function auditMedian(
  url: string,
  runs?: number,
): Promise<(Audit & { runs: number[] }) | null>;
