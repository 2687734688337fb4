// A lead's CRM record is created once even when the create's answer is lost and the CRM's search
// does not see the new record yet (Pipedrive's search index lags; it allows two persons with one
// e-mail): the retry finds the record through the pending marker and the persons list.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { now } from "@/server/lib/clock";
import { pipedriveProvider } from "@/server/providers/crm/pipedrive/pipedrive-provider";
import type { CrmClient } from "@/server/providers/crm/types";
import { createTestWorkspace } from "@/server/test/factories";
import { startPipedriveFake, type PipedriveFake } from "@/server/test/fakes/pipedrive-fake";
import { emailLead } from "@/server/test/inbox-seed";
import { ensureCrmRecord } from "./ensure-crm-record";

const REDIRECT_URI = "https://herald.example.test/api/oauth/crm/callback";
let fake: PipedriveFake;
let client: CrmClient;

beforeEach(async () => {
  fake = await startPipedriveFake();
  fake.setTime(new Date());
  const config = { clientId: fake.clientId, clientSecret: fake.clientSecret, authorizeUrl: `${fake.url}/oauth/authorize`, tokenUrl: `${fake.url}/oauth/token`, apiBaseUrl: fake.url };
  const { tokens } = await pipedriveProvider.oauth(config).exchangeCode({ code: fake.issueCode(REDIRECT_URI), redirectUri: REDIRECT_URI });
  client = pipedriveProvider.client(tokens, config);
});
afterEach(() => fake.close());

async function connection() {
  const { actor } = await createTestWorkspace();
  const at = now();
  const row = await db.crmConnection.create({
    data: {
      workspaceId: actor.workspaceId,
      provider: "pipedrive",
      status: "connected",
      accountId: String(fake.company.id),
      accountName: fake.company.name,
      tokensEncrypted: null,
      scopes: [],
      fieldMapping: [],
      exclusionRules: { customers: false, owned: false, listIds: [] },
      connectedById: actor.userId,
      createdAt: at,
      updatedAt: at,
    },
  });
  return { connectionId: row.id, workspaceId: actor.workspaceId };
}

describe("ensureCrmRecord", () => {
  it("a retry after a create whose answer was lost links the record made, not a second one", async () => {
    const { connectionId, workspaceId } = await connection();
    const lead = await emailLead(workspaceId, { email: "grace@navy.test" });
    const mapping = [...pipedriveProvider.defaultFieldMapping];
    fake.searchIndexLag(true);
    fake.dropNextCreateReply();

    await expect(ensureCrmRecord(connectionId, client, lead, mapping)).rejects.toMatchObject({ kind: "unavailable" });
    expect(fake.persons.size).toBe(1);

    const retried = await ensureCrmRecord(connectionId, client, lead, mapping);
    expect(retried.outcome).toBe("matched");
    expect(fake.persons.size).toBe(1);
    expect(retried.link.crmId).toBe(String([...fake.persons.keys()][0]));
    expect(await db.crmPendingCreate.count({ where: { connectionId } })).toBe(0);

    // Linked now: a rerun asks the CRM nothing.
    expect((await ensureCrmRecord(connectionId, client, lead, mapping)).outcome).toBe("linked");
  });

  it("a create that answers leaves no pending marker behind", async () => {
    const { connectionId, workspaceId } = await connection();
    const lead = await emailLead(workspaceId, { email: "jean@navy.test" });
    expect((await ensureCrmRecord(connectionId, client, lead, [...pipedriveProvider.defaultFieldMapping])).outcome).toBe("created");
    expect(await db.crmPendingCreate.count({ where: { connectionId } })).toBe(0);
  });
});
