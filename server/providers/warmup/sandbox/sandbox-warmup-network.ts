// PLACEHOLDER (helper D1): the sandbox warmup network.
import type { WarmupNetwork } from "../types";

export function createSandboxWarmupNetwork(): WarmupNetwork {
  const missing = async (): Promise<never> => {
    throw new Error("not built yet: the sandbox warmup network");
  };
  return { name: "sandbox", enroll: missing, updateStrategy: missing, pause: missing, resume: missing, cancel: missing, tick: missing };
}
