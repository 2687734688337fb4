// What the three groups of Unipile operations share.
import type { CheckpointMemory } from "./checkpoint-memory";
import type { UnipileClient } from "./client";

export const LINKEDIN = "LINKEDIN";

export interface UnipileContext {
  client: UnipileClient;
  checkpoints: CheckpointMemory;
  /** Waits between reads of the new sender's profile while Unipile starts its session. */
  identityRetryDelaysMs: number[];
  /** `linkedin_sections` asked for on profile reads; empty keeps reads at LinkedIn's cheapest. */
  profileSections: string[];
}

/** Encodes one path segment (post ids are URNs such as urn:li:activity:7…). */
export function segment(value: string): string {
  return encodeURIComponent(value);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
