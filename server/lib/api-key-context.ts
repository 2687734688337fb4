// The API key an operation is running for, carried through the call without threading it into every
// service: the handler wrapper (server/http/api-handler.ts) runs each operation inside it, and the
// AI-credit debit (server/services/credits/debit-ai-credits.ts) reads it to attribute credits spent to
// the key's budget. Only what runs within the operation's own call counts; background work it starts
// (an Inngest function) runs outside it and is not attributed.
import { AsyncLocalStorage } from "node:async_hooks";

const storage = new AsyncLocalStorage<{ apiKeyId: string }>();

export function runForApiKey<T>(apiKeyId: string | undefined, work: () => Promise<T>): Promise<T> {
  return apiKeyId ? storage.run({ apiKeyId }, work) : work();
}

/** The key the current operation runs for, if it came through the API. */
export function currentApiKeyId(): string | undefined {
  return storage.getStore()?.apiKeyId;
}

/**
 * Runs `work` outside any key's operation: for what an operation only sets going (the embedded
 * Inngest executor's timer), whose later work is not the key's to pay for.
 */
export function outsideApiKey<T>(work: () => T): T {
  return storage.exit(work);
}
