// Test setup shared by the Unipile tests of LinkedIn activity: a sender connected through the fake
// Unipile (Unipile's ACCOUNT_ID, OWN_MEMBER_ID) and Jane Doe (MEMBER_ID) as a lead of its workspace.
import { db } from "../db/client";
import { setLinkedinProvider } from "../providers/linkedin";
import { ACCOUNT_ID, accountCreated, ownProfile, userProfile } from "./fakes/unipile/fixtures";
import type { Harness } from "./fakes/unipile/harness";
import { ZConnectSenderInput } from "../schemas/sender";
import { createTestWorkspace } from "./factories";
import { upsertLeadFromProfile } from "../services/leads/upsert-lead-from-profile";
import { connectSender } from "../services/senders/connect-sender";

export async function connectUnipileSenderWithLead(h: Harness) {
  // Unipile answers every sign-in with the same account: an earlier test's sender holds it.
  await db.linkedinAccount.deleteMany({ where: { provider: "unipile", providerAccountId: ACCOUNT_ID } });
  setLinkedinProvider(h.provider);
  h.unipile.on("POST", "/api/v1/accounts", { status: 201, body: accountCreated });
  h.unipile.on("GET", "/api/v1/users/me", { status: 200, body: ownProfile });
  const { actor, workspace } = await createTestWorkspace();
  const { account } = await connectSender(actor, ZConnectSenderInput.parse({ username: "julien@example.com", password: "p" }), { via: "api" });
  h.unipile.on("GET", "/api/v1/users/jane-doe", { status: 200, body: userProfile });
  const lead = await upsertLeadFromProfile(workspace.id, await h.provider.getProfile(ACCOUNT_ID, "jane-doe"), "api");
  return { workspace, senderId: account.id, lead };
}
