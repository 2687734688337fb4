// The warmup networks. Which one a mailbox uses: HERALD_WARMUP_NETWORK `pool` or `sandbox` for all,
// or `auto` (the default): sandbox mailboxes warm on the sandbox network, real ones in the pool.
import { env } from "../../env";
import type { MailProviderName } from "../mail/types";
import type { WarmupNetwork, WarmupNetworkName } from "./types";

const slot: typeof globalThis & { __heraldWarmupNetworks?: Map<WarmupNetworkName, WarmupNetwork> } = globalThis;

function networks(): Map<WarmupNetworkName, WarmupNetwork> {
  slot.__heraldWarmupNetworks ??= new Map();
  return slot.__heraldWarmupNetworks;
}

export async function getWarmupNetwork(name: WarmupNetworkName): Promise<WarmupNetwork> {
  const existing = networks().get(name);
  if (existing) return existing;
  let network: WarmupNetwork;
  switch (name) {
    case "pool": {
      const { createPoolWarmupNetwork } = await import("./pool/pool-warmup-network");
      network = createPoolWarmupNetwork();
      break;
    }
    case "sandbox": {
      const { createSandboxWarmupNetwork } = await import("./sandbox/sandbox-warmup-network");
      network = createSandboxWarmupNetwork();
      break;
    }
  }
  networks().set(name, network);
  return network;
}

/** Tests replace a network (e.g. to record calls or fail); undefined restores the real one. */
export function setWarmupNetwork(name: WarmupNetworkName, network: WarmupNetwork | undefined): void {
  if (network) networks().set(name, network);
  else networks().delete(name);
}

/** The network a mailbox warms on, by the installation's setting. */
export function warmupNetworkFor(mailbox: { provider: MailProviderName | string }, setting: string = env().HERALD_WARMUP_NETWORK): WarmupNetworkName {
  if (setting === "pool" || setting === "sandbox") return setting;
  return mailbox.provider === "sandbox" ? "sandbox" : "pool";
}
