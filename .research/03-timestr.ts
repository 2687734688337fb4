// What duration strings does step.sleep()/waitForEvent timeout/cancelOn timeout produce?
// Run: cd /work/main && npx tsx .research/03-timestr.ts
import { timeStr } from "../node_modules/inngest/helpers/strings.js";
const inputs: unknown[] = ["1h30m", "90m", "1.5h", "30s", "1d", "7d", "2 days", "1w", "500ms", 5000, 0, 90061000, "5 minutes", "1y", new Date("2030-01-02T03:04:05Z")];
for (const i of inputs) console.log(JSON.stringify(i instanceof Date ? i.toISOString() + " (Date)" : i).padEnd(34), "->", JSON.stringify(timeStr(i as never)));
