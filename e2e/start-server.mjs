// Starts the production build of Herald for the benchmarks (bench/herald-harness.ts), on a fresh
// database named after the port (an empty one, migrated at start), and stops with its caller.
import { startHerald } from "./herald-server.mjs";

const port = process.env.E2E_PORT ?? "3917";
const herald = await startHerald({ port: Number(port), database: `herald_e2e_${port}` });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => herald.child.kill(signal));
herald.exited.then(() => process.exit(herald.child.exitCode ?? 0));
