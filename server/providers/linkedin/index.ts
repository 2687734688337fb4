// The installation's LinkedIn provider, chosen by configuration: HERALD_LINKEDIN_PROVIDER=sandbox
// (the default) or unipile (with UNIPILE_DSN and UNIPILE_API_KEY). The sandbox can be given a real
// provider's network wait (HERALD_SANDBOX_LATENCY_MS, simulated-latency.ts).
import { env, publicUrl } from "../../env";
import { createSandboxProvider } from "./sandbox/sandbox-provider";
import { withSimulatedLatency } from "./simulated-latency";
import type { LinkedinProvider } from "./types";

const slot: typeof globalThis & { __heraldLinkedinProvider?: LinkedinProvider } = globalThis;

export type LinkedinProviderName = "sandbox" | "unipile";

export function linkedinProviderName(): LinkedinProviderName {
  return env().HERALD_LINKEDIN_PROVIDER;
}

export async function getLinkedinProvider(): Promise<LinkedinProvider> {
  if (slot.__heraldLinkedinProvider) return slot.__heraldLinkedinProvider;
  if (linkedinProviderName() === "unipile") {
    const { UNIPILE_DSN: dsn, UNIPILE_API_KEY: apiKey } = env();
    // parseEnv refuses to start without them; this guards callers that skipped it.
    if (!dsn || !apiKey) throw new Error("HERALD_LINKEDIN_PROVIDER=unipile needs UNIPILE_DSN and UNIPILE_API_KEY");
    const { createUnipileProvider } = await import("./unipile/unipile-provider");
    slot.__heraldLinkedinProvider = createUnipileProvider({ dsn, apiKey });
  } else {
    const { HERALD_SANDBOX_LATENCY_MS: latencyMs, HERALD_SANDBOX_LATENCY_JITTER_MS: jitterMs } = env();
    slot.__heraldLinkedinProvider = withSimulatedLatency(createSandboxProvider({ publicUrl }), { latencyMs, jitterMs });
  }
  return slot.__heraldLinkedinProvider;
}

/** Tests replace the provider (e.g. to make it fail in a given way). */
export function setLinkedinProvider(provider: LinkedinProvider | undefined): void {
  slot.__heraldLinkedinProvider = provider;
}
