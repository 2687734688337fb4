// Importing a CRM list as leads goes through the same path as adding leads anywhere: people already
// in the workspace are not duplicated, people on the do-not-contact list are left out, and members
// without an e-mail or LinkedIn profile are counted as skipped.
import { beforeEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { createTestWorkspace } from "@/server/test/factories";
import { configureHubspot, connectDouble, lookupOf } from "@/server/test/crm-sync-setup";
import { createCrmDouble } from "@/server/test/fakes/crm-double";
import { addToDoNotContactList } from "../do-not-contact/add-do-not-contact-entries";
import { addLeadListLeads } from "../lead-lists/add-lead-list-leads";
import { createLeadList } from "../lead-lists/create-lead-list";
import { importCrmList } from "./import-crm-list";
import { listCrmSyncLog } from "./list-crm-sync-log";

beforeEach(configureHubspot);

it("adds a CRM list's members as leads, with duplicates and the do-not-contact list applied", async () => {
  const { actor } = await createTestWorkspace();
  const double = createCrmDouble();
  const id = await connectDouble(actor, double);
  const list = await createLeadList(actor, { name: "From HubSpot" });
  await addLeadListLeads(actor, list.id, { leads: [{ email: "known@acme.example" }] }, "dashboard");
  await addToDoNotContactList({ workspaceId: actor.workspaceId, entries: [{ kind: "email", value: "blocked@acme.example", reason: "manual" }], at: new Date() });
  double.addContact({ email: "known@acme.example", firstname: "Known" }, { lists: ["l1"] });
  double.addContact({ email: "blocked@acme.example" }, { lists: ["l1"] });
  double.addContact({ email: "new@acme.example", firstname: "Nina", lastname: "New", company: "Acme" }, { lists: ["l1"] });
  double.addContact({ linkedin_url: "https://www.linkedin.com/in/linked-only" }, { lists: ["l1"] });
  double.addContact({ firstname: "No address" }, { lists: ["l1"] });
  double.addContact({ email: "other@acme.example" }, { lists: ["l2"] });

  const result = await importCrmList(actor, id, { crmListId: "l1", crmListName: "Trade show", leadListId: list.id }, lookupOf(double));
  expect(result).toMatchObject({ found: 5, added: 2, alreadyThere: 1, doNotContact: 1, skipped: 1, leadListId: list.id });
  expect(result.message).toBe("Imported HubSpot list Trade show: 2 added, 1 already there or repeated, 1 on the do-not-contact list, 1 without an e-mail or LinkedIn profile.");
  const nina = await db.lead.findFirstOrThrow({ where: { workspaceId: actor.workspaceId, email: "new@acme.example" } });
  expect(nina).toMatchObject({ firstName: "Nina", lastName: "New", company: "Acme", source: "crm" });
  expect(await db.lead.count({ where: { workspaceId: actor.workspaceId } })).toBe(3);
  expect(await db.lead.count({ where: { workspaceId: actor.workspaceId, email: "blocked@acme.example" } })).toBe(0);
  expect((await listCrmSyncLog(actor, id, { limit: 1, offset: 0 }))[0]).toMatchObject({ kind: "import", outcome: "ok", message: result.message });

  // Into a new list, again: everyone is found, nobody duplicated.
  const again = await importCrmList(actor, id, { crmListId: "l1", newLeadListName: "Trade show again" }, lookupOf(double));
  expect(again).toMatchObject({ added: 3, doNotContact: 1 });
  expect(await db.lead.count({ where: { workspaceId: actor.workspaceId } })).toBe(3);
});
