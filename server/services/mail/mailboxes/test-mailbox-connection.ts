import type { Actor } from "../../../lib/actor";
import type { TConnectMailboxInput } from "../../../schemas/mailbox";
import { verifyMailboxSettings } from "./verify-mailbox-settings";

/**
 * The connect form's "Test connection": the same sign-in as connecting, nothing stored. Succeeds
 * quietly or throws the 400 that connecting would (code per kind of failure, the field at fault).
 */
export async function testMailboxConnection(actor: Actor, input: TConnectMailboxInput): Promise<{ ok: true }> {
  await verifyMailboxSettings(actor.workspaceId, input, null);
  return { ok: true };
}
