// Test support for the functions' contract tests: a function's configuration as Inngest receives
// it (the in-band sync answer of the SDK's own serve handler, signed as an Inngest server signs it),
// and as the embedded executor reads that answer. No database and no network.
import type { InngestFunction } from "inngest";
import { serve } from "inngest/next";
import { toFunctionSpec, type FunctionSpec, type RawFunctionConfig } from "@/server/embedded-inngest/functions";
import { signRequest, wallClockSeconds } from "@/server/embedded-inngest/signing";
import { inngest } from "../client";
import { connectToEmbeddedExecutor, embeddedConnection } from "../connection";

const SIGNING_KEY = `signkey-test-${"5e".repeat(32)}`;
const SERVE_URL = "http://herald.test/api/inngest";

export interface SyncedFunction {
  /** What the SDK tells Inngest about the function when it syncs. */
  config: RawFunctionConfig & { triggers: Array<{ event?: string; cron?: string; expression?: string }> };
  /** How the embedded executor enforces that configuration. */
  spec: FunctionSpec;
}

export async function syncedFunction(fn: InngestFunction.Like): Promise<SyncedFunction> {
  const previous = embeddedConnection();
  connectToEmbeddedExecutor({ eventApiUrl: "http://herald.test/e/", signingKey: SIGNING_KEY, eventKey: "contract-test" });
  try {
    const handlers = serve({ client: inngest, functions: [fn] });
    const body = { url: SERVE_URL };
    const response = await handlers.PUT(
      new Request(SERVE_URL, {
        method: "PUT",
        headers: {
          "content-type": "application/json",
          "x-inngest-sync-kind": "in_band",
          "x-inngest-signature": signRequest(body, SIGNING_KEY, wallClockSeconds()),
        },
        body: JSON.stringify(body),
      }),
      undefined,
    );
    if (response.status !== 200) throw new Error(`The in-band sync answered HTTP ${response.status}: ${await response.text()}`);
    const { functions } = (await response.json()) as { functions: SyncedFunction["config"][] };
    const [config] = functions;
    if (functions.length !== 1 || !config) throw new Error(`The in-band sync listed ${functions.length} functions instead of one`);
    return { config, spec: toFunctionSpec(config) };
  } finally {
    connectToEmbeddedExecutor(previous);
  }
}
