// Test support for the functions' contract tests: a function's configuration as Inngest receives
// it (the in-band sync answer of the SDK's own serve handler, signed as an Inngest server signs it),
// and as the embedded executor reads that answer. No database and no network.
import type { InngestFunction } from "inngest";
import { serve } from "inngest/next";
import { NextRequest } from "next/server";
import { toFunctionSpec, type FunctionSpec, type RawFunctionConfig } from "@/server/embedded-inngest/functions";
import { signRequest, wallClockSeconds } from "@/server/embedded-inngest/signing";
import { inngest } from "../../inngest/client";
import { connectToEmbeddedExecutor, embeddedConnection } from "../../inngest/connection";

const SIGNING_KEY = `signkey-test-${"5e".repeat(32)}`;
const SERVE_URL = "http://herald.test/api/inngest";

export interface SyncedFunction {
  /** What the SDK tells Inngest about the function when it syncs. */
  config: RawFunctionConfig & { triggers: Array<{ event?: string; cron?: string; expression?: string }> };
  /** How the embedded executor enforces that configuration. */
  spec: FunctionSpec;
}

/** The functions as one in-band sync of the SDK's serve handler reports them, in their order. */
export async function syncedFunctions(fns: InngestFunction.Like[]): Promise<SyncedFunction[]> {
  const previous = embeddedConnection();
  connectToEmbeddedExecutor({ eventApiUrl: "http://herald.test/e/", signingKey: SIGNING_KEY, eventKey: "contract-test" });
  try {
    const handlers = serve({ client: inngest, functions: fns });
    const body = { url: SERVE_URL };
    const response = await handlers.PUT(
      new NextRequest(SERVE_URL, {
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
    return functions.map((config) => ({ config, spec: toFunctionSpec(config) }));
  } finally {
    connectToEmbeddedExecutor(previous);
  }
}

export async function syncedFunction(fn: InngestFunction.Like): Promise<SyncedFunction> {
  const [synced, ...others] = await syncedFunctions([fn]);
  if (!synced || others.length) throw new Error(`The in-band sync listed ${others.length + (synced ? 1 : 0)} functions instead of one`);
  return synced;
}
