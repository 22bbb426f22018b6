/**
 * The two-sided Mann-Whitney U test (Wilcoxon rank-sum) for timing comparisons (security.md R16):
 * the normal approximation with the tie correction and a continuity correction, as R's
 * `wilcox.test(exact = FALSE)` and SciPy's `mannwhitneyu(method='asymptotic')` compute it. The
 * approximation is good from about 20 values a side; timing tests take hundreds.
 */
export type MannWhitneyResult = {
  /** U of the first sample: the pairs (x, y) with x > y, ties counting a half. */
  u: number;
  z: number;
  /** Two-sided p-value. */
  p: number;
};

/** Ranks of the values (1-based, ties averaged) and Σ(t³ − t) over the groups of ties. */
function rankAll(values: number[]): { ranks: number[]; tieTerm: number } {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const ranks = new Array<number>(values.length);
  let tieTerm = 0;
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]?.value === order[start]?.value) end += 1;
    const tied = end - start + 1;
    tieTerm += tied ** 3 - tied;
    const average = (start + end) / 2 + 1;
    for (let k = start; k <= end; k += 1) ranks[order[k]?.index ?? 0] = average;
    start = end + 1;
  }
  return { ranks, tieTerm };
}

/**
 * erfc(x) for x ≥ 0, Chebyshev fit of Numerical Recipes (erfcc): relative error under 1.2e-7,
 * ample for p-values compared with 0.01.
 */
function erfc(x: number): number {
  const t = 1 / (1 + x / 2);
  const poly =
    -x * x -
    1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t *
                      (0.27886807 +
                        t *
                          (-1.13520398 +
                            t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  return t * Math.exp(poly);
}

export function mannWhitneyU(x: number[], y: number[]): MannWhitneyResult {
  const n1 = x.length;
  const n2 = y.length;
  if (n1 === 0 || n2 === 0) throw new Error('Mann-Whitney U needs values on both sides');
  const n = n1 + n2;
  const { ranks, tieTerm } = rankAll([...x, ...y]);
  const rankSumX = ranks.slice(0, n1).reduce((sum, rank) => sum + rank, 0);
  const u = rankSumX - (n1 * (n1 + 1)) / 2;
  const mean = (n1 * n2) / 2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  // Every value equal: no evidence of any difference.
  if (variance === 0) return { u, z: 0, p: 1 };
  const distance = Math.max(Math.abs(u - mean) - 0.5, 0);
  const z = (Math.sign(u - mean) * distance) / Math.sqrt(variance);
  return { u, z, p: Math.min(1, erfc(Math.abs(z) / Math.SQRT2)) };
}
