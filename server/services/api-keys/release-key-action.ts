// Gives back the action reserve-key-action.ts counted for a write that did not succeed.
import { db } from "../../db/client";

export async function releaseKeyAction(apiKeyId: string): Promise<void> {
  await db.$executeRaw`UPDATE "ApiKey" SET "actionsUsed" = GREATEST("actionsUsed" - 1, 0) WHERE id = ${apiKeyId}`;
}
