// Connecting a CRM by OAuth: the state is single-use and expires, the callback stores the tokens
// encrypted, refusals and cancellations come back in plain words, and disconnecting forgets them.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { createTestWorkspace } from "@/server/test/factories";
import { configureHubspot, connectDouble, lookupOf, stateOf } from "@/server/test/crm-sync-setup";
import { createCrmDouble } from "@/server/test/fakes/crm-double";
import { completeCrmConnect } from "./complete-crm-connect";
import { openCrmTokens } from "./crm-tokens";
import { disconnectCrm } from "./disconnect-crm";
import { listCrmIntegrations } from "./list-crm-connections";
import { listCrmFields } from "./list-crm-fields";
import { listCrmLists } from "./list-crm-lists";
import { listCrmPipelines } from "./list-crm-pipelines";
import { listCrmSyncLog } from "./list-crm-sync-log";
import { startCrmConnect } from "./start-crm-connect";

beforeEach(configureHubspot);
afterEach(() => setClock(systemClock));

type Started = { authorizeUrl: string; browserNonce: string };
/** The CRM's answer as the browser that clicked Connect brings it: its cookie, its session. */
const answer = (started: Started, userId: string, code: string | null = "the-code", state = stateOf(started.authorizeUrl)) => ({
  browserNonce: started.browserNonce,
  sessionUserId: userId,
  state,
  code,
  error: null,
  errorDescription: null,
});

describe("connecting a CRM", () => {
  it("stores the connection with its tokens encrypted, once per state", async () => {
    const { actor } = await createTestWorkspace();
    const double = createCrmDouble();
    const started = await startCrmConnect(actor, "hubspot", lookupOf(double));
    const { authorizeUrl } = started;
    expect(authorizeUrl).toMatch(/^https:\/\/hubspot\.stand-in\.test\/oauth\/authorize\?/);
    const url = new URL(authorizeUrl);
    expect(url.searchParams.get("redirect_uri")).toMatch(/\/api\/oauth\/crm\/callback$/);
    const outcome = await completeCrmConnect(answer(started, actor.userId), lookupOf(double));
    expect(outcome).toMatchObject({ provider: "hubspot", status: "connected", message: "Connected HubSpot (acme.example)." });
    const row = await db.crmConnection.findUniqueOrThrow({ where: { id: outcome.connectionId! } });
    expect(row).toMatchObject({ workspaceId: actor.workspaceId, status: "connected", accountId: "portal-1", accountName: "acme.example" });
    expect(row.tokensEncrypted).not.toContain("access-the-code");
    expect(openCrmTokens(row.tokensEncrypted!)).toMatchObject({ accessToken: "access-the-code", refreshToken: "refresh-the-code" });
    expect(row.fieldMapping).toEqual(double.provider.defaultFieldMapping);

    // The same answer again (a reload, or someone replaying it) is refused and changes nothing.
    await expect(completeCrmConnect(answer(started, actor.userId, "other-code"), lookupOf(double))).rejects.toMatchObject({ code: "invalid-oauth-state" });
    expect(double.codesExchanged).toEqual(["the-code"]);
    const integrations = await listCrmIntegrations(actor);
    expect(integrations.map((entry) => [entry.provider, entry.configured, entry.connection?.status ?? null])).toEqual([
      ["hubspot", true, "connected"],
      ["pipedrive", false, null],
      ["salesforce", false, null],
    ]);
    expect(integrations[1]!.setupMessage).toContain("HERALD_PIPEDRIVE_CLIENT_ID and HERALD_PIPEDRIVE_CLIENT_SECRET");
  });

  it("refuses a state that expired, was forged, or never existed", async () => {
    const clock = new ManualClock(new Date());
    setClock(clock);
    const { actor } = await createTestWorkspace();
    const double = createCrmDouble();
    const started = await startCrmConnect(actor, "hubspot", lookupOf(double));
    const [id] = stateOf(started.authorizeUrl).split(".");
    await expect(completeCrmConnect(answer(started, actor.userId, "c", `${id}.forged`), lookupOf(double))).rejects.toMatchObject({ code: "invalid-oauth-state" });
    await expect(completeCrmConnect(answer(started, actor.userId, "c", "nothing"), lookupOf(double))).rejects.toMatchObject({ code: "invalid-oauth-state" });
    clock.advance(11 * 60_000);
    await expect(completeCrmConnect(answer(started, actor.userId), lookupOf(double))).rejects.toMatchObject({ code: "invalid-oauth-state" });
    expect(double.codesExchanged).toEqual([]);
    expect(await db.crmConnection.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
  });

  it("says in words when the person cancelled, and lets only admins and owners connect", async () => {
    const { actor } = await createTestWorkspace();
    const double = createCrmDouble();
    const started = await startCrmConnect(actor, "hubspot", lookupOf(double));
    const outcome = await completeCrmConnect({ ...answer(started, actor.userId, null), error: "access_denied" }, lookupOf(double));
    expect(outcome).toMatchObject({ status: "failed", code: "cancelled", message: "You cancelled connecting HubSpot." });

    const member = await createTestWorkspace({ role: "member" });
    await expect(startCrmConnect(member.actor, "hubspot", lookupOf(double))).rejects.toMatchObject({ code: "forbidden" });
    await expect(startCrmConnect(actor, "pipedrive", lookupOf(double))).rejects.toMatchObject({ code: "provider-not-configured" });
  });

  it("answers only the browser and person who clicked Connect, while they may still connect", async () => {
    const attacker = await createTestWorkspace();
    const victim = await createTestWorkspace();
    const double = createCrmDouble();
    const started = await startCrmConnect(attacker.actor, "hubspot", lookupOf(double));
    // The attacker's authorize URL opened in the victim's browser: no Connect cookie of that start,
    // and the victim's session.
    await expect(completeCrmConnect({ ...answer(started, victim.actor.userId), browserNonce: null }, lookupOf(double))).rejects.toMatchObject({ code: "invalid-oauth-state" });
    await expect(completeCrmConnect({ ...answer(started, victim.actor.userId), browserNonce: "another-browser" }, lookupOf(double))).rejects.toMatchObject({ code: "invalid-oauth-state" });
    // Even with the cookie, another person's session (or none) is refused.
    await expect(completeCrmConnect(answer(started, victim.actor.userId), lookupOf(double))).rejects.toMatchObject({ code: "invalid-oauth-state" });
    await expect(completeCrmConnect({ ...answer(started, attacker.actor.userId), sessionUserId: null }, lookupOf(double))).rejects.toMatchObject({ code: "invalid-oauth-state" });
    // Demoted to member since clicking Connect: refused too.
    await db.membership.update({ where: { workspaceId_userId: { workspaceId: attacker.actor.workspaceId, userId: attacker.actor.userId } }, data: { role: "member" } });
    await expect(completeCrmConnect(answer(started, attacker.actor.userId), lookupOf(double))).rejects.toMatchObject({ code: "invalid-oauth-state" });
    expect(double.codesExchanged).toEqual([]);
    expect(await db.crmConnection.count({ where: { workspaceId: { in: [attacker.actor.workspaceId, victim.actor.workspaceId] } } })).toBe(0);
  });

  it("lets only admins and owners read the CRM's fields, lists and pipelines (the editors' pickers)", async () => {
    const { actor } = await createTestWorkspace();
    const double = createCrmDouble();
    const id = await connectDouble(actor, double);
    const member = { ...actor, role: "member" as const };
    for (const read of [listCrmFields, listCrmLists, listCrmPipelines]) {
      await expect(read(member, id, lookupOf(double))).rejects.toMatchObject({ code: "forbidden" });
      await expect(read(actor, id, lookupOf(double))).resolves.toBeInstanceOf(Array);
    }
  });

  it("starts afresh when reconnected to another account: no links, no activity marked as logged", async () => {
    const { actor } = await createTestWorkspace();
    const id = await connectDouble(actor, createCrmDouble());
    const at = new Date();
    await db.crmRecordLink.create({ data: { connectionId: id, leadId: "led_x", crmId: "1", createdAt: at, updatedAt: at } });
    await db.crmSyncedActivity.create({ data: { connectionId: id, sourceId: "evt_x", kind: "emailed", crmId: "n1", createdAt: at } });
    await disconnectCrm(actor, id);
    const other = createCrmDouble("hubspot", { id: "portal-2", name: "other.example" });
    expect(await connectDouble(actor, other)).toBe(id);
    expect(await db.crmRecordLink.count({ where: { connectionId: id } })).toBe(0);
    expect(await db.crmSyncedActivity.count({ where: { connectionId: id } })).toBe(0);
  });

  it("disconnects: the tokens are gone, the log says the CRM keeps what Herald made", async () => {
    const { actor } = await createTestWorkspace();
    const double = createCrmDouble();
    const id = await connectDouble(actor, double);
    const { connection, message } = await disconnectCrm(actor, id);
    expect(connection.status).toBe("disconnected");
    expect(message).toContain("stay there");
    expect((await db.crmConnection.findUniqueOrThrow({ where: { id } })).tokensEncrypted).toBeNull();
    const log = await listCrmSyncLog(actor, id, { limit: 10, offset: 0 });
    expect(log.map((entry) => entry.message)).toEqual([message, "Connected HubSpot (acme.example)."]);
  });
});
