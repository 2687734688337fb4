// jstat ships no types and DefinitelyTyped has none: the few distributions and special functions
// Herald's experiment statistics call (server/domain/analytics/experiment-stats.ts). It is a CommonJS
// module whose exports Node cannot name from an ES module (the production runtime imports packages
// natively), so it is imported by its default export.
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
  const jStat: JStatic;
  export default jStat;
}
