// PLACEHOLDER (helper D2): Herald's own warmup pool.
import type { WarmupNetwork } from "../types";

export function createPoolWarmupNetwork(): WarmupNetwork {
  const missing = async (): Promise<never> => {
    throw new Error("not built yet: the warmup pool");
  };
  return { name: "pool", enroll: missing, updateStrategy: missing, pause: missing, resume: missing, cancel: missing, tick: missing };
}
