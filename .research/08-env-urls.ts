// INNGEST_DEV=<url>, INNGEST_SERVE_ORIGIN, INNGEST_SERVE_PATH effects on register + send URLs.
// Run: cd /work/main && npx tsx .research/08-env-urls.ts
process.env.INNGEST_DEV = "http://127.0.0.1:9461"; // a URL => dev mode AND default base URL for API + events
delete process.env.INNGEST_BASE_URL;
process.env.INNGEST_SERVE_ORIGIN = "https://app.example.com";
process.env.INNGEST_SERVE_PATH = "/custom/inngest";
const { serve } = await import("inngest/node");
const { makeClient, makeFunctions } = await import("./fns.ts");
const { startFakeInngest, startHttp, call, log, captured } = await import("./lib.ts");
await startFakeInngest(9461, { quiet: true });
const inngest = makeClient();
log("client.mode / apiBaseUrl / eventBaseUrl", { mode: inngest.mode, api: inngest.apiBaseUrl, events: (inngest as unknown as { eventBaseUrl: string }).eventBaseUrl });
const h = serve({ client: inngest, functions: [makeFunctions(inngest).noSteps] });
await startHttp((req, res) => h(req, res), 9462);
await call("PUT", "http://127.0.0.1:9462/api/inngest", undefined, {}, { quiet: true });
const reg = captured.find((c) => c.url.startsWith("/fn/register"))!;
const b = JSON.parse(reg.body);
log("register captured at fake (INNGEST_DEV url)", { url: reg.url, body_url: b.url, step_url: b.functions[0].steps.step.runtime.url });
await inngest.send({ name: "x/y", data: {} });
log("send captured", captured.filter((c) => c.url.startsWith("/e/")).map((c) => `${c.method} ${c.url}`));
process.exit(0);
