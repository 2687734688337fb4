// Benchmark: a cheap authenticated API route (GET /api/v1/workspace) against a built Herald on
// loopback, next to the same route answered 401 without a key. What is left between the two is the
// cost of authenticating the key and counting its rate limit.
//
//   npm run build && npx tsx bench/api-requests.ts --requests=3000 --concurrency=16 --port=3923
//
// The per-key limit is raised for the run so that every request reaches the handler.
import { performance } from "node:perf_hooks";
import { launchChromium, setUpOwner, startHerald } from "./herald-harness";

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split("=")));
const total = Number(args.requests ?? 3000);
const concurrency = Number(args.concurrency ?? 16);
const port = Number(args.port ?? process.env.E2E_PORT ?? 3923);

process.env.HERALD_API_RATE_LIMIT_PER_MINUTE = "10000000";

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Sends `count` requests from `concurrency` workers; every answer must have `expectedStatus`. */
async function run(url: string, headers: Record<string, string>, count: number, expectedStatus: number) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < count) {
      next++;
      const begin = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      latencies.push(performance.now() - begin);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  if ((statuses.get(expectedStatus) ?? 0) !== count) {
    throw new Error(`expected ${count} answers ${expectedStatus}, got ${JSON.stringify(Object.fromEntries(statuses))}`);
  }
  return {
    requests: count,
    requestsPerSecond: Math.round(count / seconds),
    p50Ms: Number(percentile(latencies, 50).toFixed(1)),
    p90Ms: Number(percentile(latencies, 90).toFixed(1)),
    p99Ms: Number(percentile(latencies, 99).toFixed(1)),
  };
}

async function main() {
  const herald = await startHerald(port);
  try {
    const browser = await launchChromium();
    const key = await setUpOwner(await browser.newPage(), herald.baseUrl);
    await browser.close();
    const url = `${herald.baseUrl}/api/v1/workspace`;
    const authorized = { Authorization: `Bearer ${key}` };
    // Warm-up: compiles the route's code paths and fills the connection pool.
    await run(url, authorized, 300, 200);
    await run(url, {}, 300, 401);
    const authenticated = await run(url, authorized, total, 200);
    const unauthenticated = await run(url, {}, total, 401);
    console.log(JSON.stringify({ concurrency, authenticated, unauthenticated }, null, 2));
  } finally {
    await herald.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
