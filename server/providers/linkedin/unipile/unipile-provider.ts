// The production LinkedinProvider: LinkedIn through Unipile's API v1 (developer.unipile.com).
// Configured by UNIPILE_DSN and UNIPILE_API_KEY; see docs/unipile.md for the endpoint of each
// method and what Unipile cannot do.
import type { LinkedinProvider } from "../types";
import { accountOperations } from "./account-operations";
import { actionOperations } from "./action-operations";
import { createDatabaseCheckpointMemory, type CheckpointMemory } from "./checkpoint-memory";
import { createUnipileClient } from "./client";
import type { UnipileContext } from "./context";
import { readOperations } from "./read-operations";

export interface UnipileProviderConfig {
  /** The account's DSN from Unipile's dashboard, e.g. `https://api8.unipile.com:13851`. */
  dsn: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Per request to Unipile; 30 s unless set. */
  timeoutMs?: number;
  /** Pending checkpoints; by default this process's memory, then the sender rows in the database. */
  checkpointMemory?: CheckpointMemory;
  /** Waits before re-reading a just-connected sender's profile; 1 s, 2 s, 4 s unless set. */
  identityRetryDelaysMs?: number[];
  /** Profile sections to request on getProfile (e.g. ["experience"] for company and job title). */
  profileSections?: string[];
}

export function createUnipileProvider(config: UnipileProviderConfig): LinkedinProvider {
  const context: UnipileContext = {
    client: createUnipileClient(config),
    checkpoints: config.checkpointMemory ?? createDatabaseCheckpointMemory(),
    identityRetryDelaysMs: config.identityRetryDelaysMs ?? [1_000, 2_000, 4_000],
    profileSections: config.profileSections ?? [],
  };
  return {
    name: "unipile",
    ...accountOperations(context),
    ...readOperations(context),
    ...actionOperations(context),
  };
}
