import { afterEach, expect, it } from "vitest";
import { db } from "../../db/client";
import { setLinkedinProvider } from "../../providers/linkedin";
import { ACCOUNT_ID, account, checkpointAnswer, ownProfile, problem } from "../../test/fakes/unipile/fixtures";
import { withFakeUnipile } from "../../test/fakes/unipile/harness";
import { createTestWorkspace, outboxEvents } from "../../test/factories";
import { recordProviderActivity } from "../linkedin-activity/record-provider-activity";
import { checkSenderCheckpoint } from "./check-sender-checkpoint";
import { connectSender } from "./connect-sender";
import { ZConnectSenderInput } from "../../schemas/sender";

const h = withFakeUnipile();
afterEach(() => setLinkedinProvider(undefined));

it("clears a Unipile in-app validation from the account's status, as the background watcher looks", async () => {
  setLinkedinProvider(h.provider);
  h.unipile.on("POST", "/api/v1/accounts", { status: 202, body: checkpointAnswer({ type: "IN_APP_VALIDATION" }) });
  const { actor, workspace } = await createTestWorkspace();
  const connected = await connectSender(actor, ZConnectSenderInput.parse({ username: "julien@example.com", password: "p" }), { via: "api" });
  expect(connected).toMatchObject({ status: "checkpoint_required", checkpoint: { type: "IN_APP_VALIDATION" } });
  const id = connected.account.id;

  h.unipile.on("GET", `/api/v1/accounts/${ACCOUNT_ID}`, { status: 404, body: problem(404, "errors/resource_not_found") });
  expect(await checkSenderCheckpoint(id)).toBe("pending");
  h.unipile.on("GET", `/api/v1/accounts/${ACCOUNT_ID}`, { status: 200, body: account(["CONNECTING"]) });
  expect(await checkSenderCheckpoint(id)).toBe("pending");

  h.unipile.on("GET", `/api/v1/accounts/${ACCOUNT_ID}`, { status: 200, body: account(["OK"]) });
  h.unipile.on("GET", "/api/v1/users/me", { status: 200, body: ownProfile });
  expect(await checkSenderCheckpoint(id)).toBe("cleared");
  expect(await db.linkedinAccount.findUniqueOrThrow({ where: { id } })).toMatchObject({ connectionStatus: "connected", providerAccountId: ACCOUNT_ID });
  expect(await outboxEvents(workspace.id, "account.connected")).toHaveLength(1);
  expect(await outboxEvents(workspace.id, "account.status_changed")).toHaveLength(1);
  expect(await checkSenderCheckpoint(id)).toBe("ended");
});

it("clears it at once when Unipile's account status webhook says the account runs", async () => {
  // The fake answers every sign-in with the same Unipile account: the previous test's sender holds it.
  await db.linkedinAccount.deleteMany({ where: { provider: "unipile", providerAccountId: ACCOUNT_ID } });
  setLinkedinProvider(h.provider);
  h.unipile.on("POST", "/api/v1/accounts", { status: 202, body: checkpointAnswer({ type: "IN_APP_VALIDATION" }) });
  const { actor, workspace } = await createTestWorkspace();
  const connected = await connectSender(actor, ZConnectSenderInput.parse({ username: "julien@example.com", password: "p" }), { via: "api" });
  h.unipile.on("GET", `/api/v1/accounts/${ACCOUNT_ID}`, { status: 200, body: account(["OK"]) });
  h.unipile.on("GET", "/api/v1/users/me", { status: 200, body: ownProfile });
  await recordProviderActivity("unipile", { kind: "account.state", providerAccountId: ACCOUNT_ID, state: "ok", message: "OK" });
  expect(await db.linkedinAccount.findUniqueOrThrow({ where: { id: connected.account.id } })).toMatchObject({ connectionStatus: "connected", status: "active" });
  expect(await outboxEvents(workspace.id, "account.connected")).toHaveLength(1);
});
