// jstat ships no types and DefinitelyTyped has none: the few distributions and special functions
// Herald's experiment statistics call (server/domain/analytics/experiment-stats.ts).
declare module "jstat" {
  interface ContinuousDistribution {
    pdf(x: number, a: number, b: number): number;
    cdf(x: number, a: number, b: number): number;
    inv(p: number, a: number, b: number): number;
    mean(a: number, b: number): number;
    median(a: number, b: number): number;
  }
  interface JStatic {
    beta: ContinuousDistribution;
    normal: ContinuousDistribution;
    /** The natural logarithm of the Beta function B(x, y). */
    betaln(x: number, y: number): number;
  }
  export const jStat: JStatic;
}
