// The do-not-contact list over the API with an API key: status codes, entries added through the API
// (reason "api"), 400s that name the field in plain words, the CSV import and export, the check of a
// person, and an approver's key refused.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";

async function withKey(role: "owner" | "member" | "approver" = "owner") {
  const context = await createTestWorkspace({ role: role === "approver" ? "owner" : role });
  const { key } = await createTestApiKey(context.actor);
  if (role === "approver") await db.membership.updateMany({ where: { workspaceId: context.actor.workspaceId }, data: { role: "approver" } });
  return { ...context, key };
}

describe("the do-not-contact API", () => {
  it("adds, lists, checks, exports and removes entries", async () => {
    const { key } = await withKey();
    const added = await callApi("POST", "/do-not-contact", { key, body: { entries: [{ kind: "domain", value: "www.Acme.com" }, { kind: "email", value: "jane@globex.io", note: "Asked by phone" }] } });
    expect(added.status).toBe(201);
    expect(added.body!.added.map((entry: { value: string; reason: string }) => [entry.value, entry.reason])).toEqual([["acme.com", "api"], ["jane@globex.io", "api"]]);
    const again = await callApi("POST", "/do-not-contact", { key, body: { entries: [{ kind: "domain", value: "acme.com" }] } });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ added: [], alreadyListed: [{ kind: "domain", value: "acme.com" }] });

    const list = await callApi("GET", "/do-not-contact", { key, query: { kind: "domain" } });
    expect(list.status).toBe(200);
    expect(list.body!.data).toHaveLength(1);
    expect(list.body!.paging).toEqual({ limit: 50, nextCursor: null });

    const check = await callApi("GET", "/do-not-contact/check", { key, query: { email: "Bob@ACME.com" } });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ listed: true, entry: { kind: "domain", value: "acme.com", reason: "api", shared: false } });
    expect((await callApi("GET", "/do-not-contact/check", { key, query: { company: "Initech" } })).body).toEqual({ listed: false, entry: null, refusal: null });

    const exported = await callApi("GET", "/do-not-contact/export", { key });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toContain("text/csv");
    expect(exported.text!.split("\r\n")[0]).toBe("kind,value,reason,note,added at,added by");
    expect(exported.text).toContain("email,jane@globex.io,Added through the API,Asked by phone,");

    const id = list.body!.data[0].id;
    expect((await callApi("DELETE", `/do-not-contact/${id}`, { key })).body).toEqual({ data: { id, removed: true } });
    expect((await callApi("DELETE", `/do-not-contact/${id}`, { key })).status).toBe(404);
  });

  it("imports a CSV file sent as JSON and reports its rows by line", async () => {
    const { key } = await withKey();
    const imported = await callApi("POST", "/do-not-contact/import", { key, body: { csv: "kind,value,note\ncompany,Acme GmbH,\ndomain,not a domain,\n" } });
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({
      rows: 2,
      added: 1,
      alreadyListed: { count: 0, rows: [] },
      refused: { count: 1, rows: [{ line: 3, value: "not a domain", reason: "Not a domain." }] },
    });
    const bad = await callApi("POST", "/do-not-contact/import", { key, body: { csv: "email,name\na@b.co,A\n" } });
    expect(bad.status).toBe(400);
    expect(bad.body!.error.message).toContain("must name the columns kind and value");
  });

  it("refuses bad input with a 400 that names the field in plain words", async () => {
    const { key, actor } = await withKey();
    const wrongKind = await callApi("POST", "/do-not-contact", { key, body: { entries: [{ kind: "phone", value: "123" }] } });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body!.error.details.fields[0]).toEqual({ field: "entries.0.kind", message: "must be email, domain, linkedin or company" });
    const notAnAddress = await callApi("POST", "/do-not-contact", { key, body: { entries: [{ kind: "domain", value: "acme.com" }, { kind: "email", value: "jane at acme" }] } });
    expect(notAnAddress.status).toBe(400);
    expect(notAnAddress.body!.error.message).toBe('Invalid entries.1.value: is not an e-mail address: "jane at acme"');
    // One refused value refuses the whole request: the valid entry beside it is not added either.
    expect(await db.doNotContactEntry.count({ where: { workspaceId: actor.workspaceId } })).toBe(0);
    const tooMany = await callApi("POST", "/do-not-contact", { key, body: { entries: Array.from({ length: 1001 }, (_, index) => ({ kind: "email", value: `p${index}@acme.com` })) } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body!.error.details.fields[0]).toEqual({ field: "entries", message: "must hold at most 1000 entries" });
    const noPerson = await callApi("GET", "/do-not-contact/check", { key });
    expect(noPerson.status).toBe(400);
    expect(noPerson.body!.error.message).toContain("give email, linkedinUrl or company");
    const badEmail = await callApi("GET", "/do-not-contact/check", { key, query: { email: "nobody" } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body!.error.details.fields[0].field).toBe("email");
    const badKindFilter = await callApi("GET", "/do-not-contact", { key, query: { kind: "phone" } });
    expect(badKindFilter.status).toBe(400);
    expect(badKindFilter.body!.error.message).toBe("Invalid query parameter kind: must be email, domain, linkedin or company");
  });

  it("lets only an admin's key remove an entry, and refuses an approver's key everything", async () => {
    const member = await withKey("member");
    const added = await callApi("POST", "/do-not-contact", { key: member.key, body: { entries: [{ kind: "email", value: "a@acme.com" }] } });
    expect(added.status).toBe(201);
    const removal = await callApi("DELETE", `/do-not-contact/${added.body!.added[0].id}`, { key: member.key });
    expect(removal.status).toBe(403);
    expect(removal.body!.error.message).toBe("Only a workspace admin or owner can remove an entry from the do-not-contact list.");

    const approver = await withKey("approver");
    for (const [method, path] of [["GET", "/do-not-contact"], ["GET", "/do-not-contact/export"], ["POST", "/do-not-contact"], ["GET", "/do-not-contact/check"]] as const) {
      const answer = await callApi(method, path, { key: approver.key, body: method === "POST" ? { entries: [] } : undefined });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
  });
});
