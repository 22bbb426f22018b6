/** The Mann-Whitney U helper the timing tests rely on, against published and reference values. */
import { describe, expect, it } from 'vitest';
import { mannWhitneyU } from './helpers/mann-whitney';

describe('mannWhitneyU (two-sided, normal approximation)', () => {
  it('Hollander & Wolfe (1973, p. 69): U = 35, p = 0.2446 as R and SciPy give it', () => {
    // R's wilcox.test example: permeability at 12 and 18 weeks of gestation.
    const x = [0.8, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46];
    const y = [1.15, 0.88, 0.9, 0.74, 1.21];
    const result = mannWhitneyU(x, y);
    expect(result.u).toBe(35);
    expect(result.p).toBeCloseTo(0.244624, 5);
    // The statistic of the other side is n1·n2 − U; the p-value is the same.
    const swapped = mannWhitneyU(y, x);
    expect(swapped.u).toBe(15);
    expect(swapped.p).toBeCloseTo(result.p, 10);
    expect(swapped.z).toBeCloseTo(-result.z, 10);
  });

  it('corrects the variance for ties (U = 1.5, p = 0.008733 as SciPy gives it)', () => {
    const result = mannWhitneyU([1, 2, 2, 3, 3, 3], [3, 4, 4, 5, 5, 6]);
    expect(result.u).toBe(1.5);
    expect(result.p).toBeCloseTo(0.0087328, 6);
  });

  it('forty values with ties: U = 223, p = 0.5427', () => {
    const x = [
      310, 195, 530, 155, 530, 245, 385, 450, 465, 545, 170, 180, 125, 180, 230, 75, 430, 480, 495,
      295,
    ];
    const y = [
      116, 171, 176, 421, 111, 326, 481, 111, 346, 441, 261, 411, 206, 521, 456, 446, 296, 51, 426,
      261,
    ];
    const result = mannWhitneyU(x, y);
    expect(result.u).toBe(223);
    expect(result.p).toBeCloseTo(0.542696, 5);
  });

  it('separates two shifted samples and not two draws of one', () => {
    const base = Array.from({ length: 200 }, (_, i) => 5 + ((i * 37) % 100) / 20);
    expect(mannWhitneyU(base, [...base].reverse()).p).toBe(1);
    expect(
      mannWhitneyU(
        base,
        base.map((value) => value + 1),
      ).p,
    ).toBeLessThan(1e-6);
    expect(mannWhitneyU([7, 7, 7], [7, 7]).p).toBe(1);
    expect(() => mannWhitneyU([], [1])).toThrow();
  });
});
