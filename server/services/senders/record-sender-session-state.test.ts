// A sender's session state as the provider reports it, from whichever caller: a webhook (through
// recordProviderActivity), the hourly refresh, or the executor when an action met a broken session.
import { expect, it } from "vitest";
import { db } from "../../db/client";
import { createTestWorkspace, outboxEvents } from "../../test/factories";
import { recordProviderActivity } from "../linkedin-activity/record-provider-activity";
import { connectSender } from "./connect-sender";
import { recordSenderSessionState } from "./record-sender-session-state";
import { ZConnectSenderInput } from "@/server/schemas/sender";

async function connectedSender(label: string) {
  const { actor, workspace } = await createTestWorkspace();
  const connected = await connectSender(actor, ZConnectSenderInput.parse({ username: `${label}.${Math.random().toString(36).slice(2, 8)}@example.com`, password: "x" }), { via: "api" });
  const sender = await db.linkedinAccount.findUniqueOrThrow({ where: { id: connected.account.id } });
  return { workspace, sender };
}

it("turns a restricted session into a suspended sender, once, with the status it had before", async () => {
  const { workspace, sender } = await connectedSender("restricted");
  await recordSenderSessionState(sender, "restricted", "LinkedIn restricted the account for a week");
  // The caller's copy of the sender is stale now; the state is compared with the stored one.
  await recordSenderSessionState(sender, "restricted");

  expect(await db.linkedinAccount.findUniqueOrThrow({ where: { id: sender.id } })).toMatchObject({
    status: "suspended",
    connectionStatus: "connected",
    error: "LinkedIn restricted the account for a week",
  });
  const events = await outboxEvents(workspace.id, "account.status_changed");
  expect(events).toHaveLength(1);
  expect(events[0]!.data).toMatchObject({ previousStatus: "active", account: { id: sender.id, status: "suspended" } });
});

it("takes a provider's account.state activity the same way, and a session that runs again back to active", async () => {
  const { workspace, sender } = await connectedSender("expired");
  await recordProviderActivity(sender.provider, { kind: "account.state", providerAccountId: sender.providerAccountId, state: "credentials" });
  expect(await db.linkedinAccount.findUniqueOrThrow({ where: { id: sender.id } })).toMatchObject({
    status: "error",
    connectionStatus: "reconnect_required",
    error: "LinkedIn ended the session: reconnect the sender",
  });

  await recordSenderSessionState(sender, "ok");
  expect(await db.linkedinAccount.findUniqueOrThrow({ where: { id: sender.id } })).toMatchObject({ status: "active", connectionStatus: "connected", error: null });
  const events = await outboxEvents(workspace.id, "account.status_changed");
  expect(events.map((event) => event.data.previousStatus)).toEqual(["active", "error"]);
});

it("ignores a session Herald has no sender for", async () => {
  await expect(recordSenderSessionState({ provider: "sandbox", providerAccountId: "no-such-session" }, "disconnected")).resolves.toBeUndefined();
});
