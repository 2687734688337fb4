// Which DNS a workspace's addresses are verified against, and the results' store: a workspace whose
// mail can only go into the sandbox is checked against the sandbox's zones (no real DNS asked), one
// with a real mailbox against the real DNS; the latest result per address wins.
import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { createDnsResolver, sandboxDnsResolver } from "../../providers/dns";
import { createTestWorkspace } from "../../test/factories";
import { saveAddressVerifications } from "./save-address-verifications";
import { verificationResolverFor } from "./verification-resolver";
import { verifyAddresses } from "./verify-addresses";

async function addMailbox(workspaceId: string, provider: string, email: string) {
  const at = new Date();
  await db.mailbox.create({ data: { workspaceId, label: email, email, provider, authType: provider === "sandbox" ? "sandbox" : "password", connectedVia: "api", createdAt: at, updatedAt: at } });
}

describe("verificationResolverFor", () => {
  it("asks the sandbox's zones while the workspace has only sandbox mailboxes, the real DNS once it has another", async () => {
    const { workspace } = await createTestWorkspace();
    expect(await verificationResolverFor(workspace.id)).toBe(sandboxDnsResolver);
    await addMailbox(workspace.id, "sandbox", "sales@acme.example");
    expect(await verificationResolverFor(workspace.id)).toBe(sandboxDnsResolver);
    await addMailbox(workspace.id, "smtp", "ops@acme.example");
    const real = await verificationResolverFor(workspace.id);
    expect(real).not.toBe(sandboxDnsResolver);
    expect(real.toString()).toBe(createDnsResolver().toString());
  });

  it("verifies a sandbox workspace's addresses by the sandbox's words: nomail receives no mail, dnserror cannot be looked up", async () => {
    const { workspace } = await createTestWorkspace();
    const results = await verifyAddresses({ workspaceId: workspace.id, addresses: ["ada@acme.test", "bob@nomail-acme.test", "cy@dnserror-acme.test"], targetsCompanies: true });
    expect(results.map((result) => [result.address, result.status, result.check])).toEqual([
      ["ada@acme.test", "valid", "deliverable-domain"],
      ["bob@nomail-acme.test", "invalid", "no-mail-domain"],
      ["cy@dnserror-acme.test", "unknown", "lookup-failed"],
    ]);
  });
});

describe("saveAddressVerifications", () => {
  it("keeps one row per lower-cased address, the latest result winning", async () => {
    const { workspace } = await createTestWorkspace();
    const first = new Date("2026-12-01T10:00:00Z");
    const later = new Date("2026-12-02T10:00:00Z");
    await saveAddressVerifications(workspace.id, [{ address: "Ada@Acme.test", status: "unknown", check: "lookup-failed", reason: "the DNS lookup of acme.test failed" }], first);
    await saveAddressVerifications(
      workspace.id,
      [
        { address: "ada@acme.test", status: "valid", check: "deliverable-domain", reason: "fine" },
        { address: "  ", status: "invalid", check: "bad-syntax", reason: "empty" },
      ],
      later,
    );
    const rows = await db.addressVerification.findMany({ where: { workspaceId: workspace.id } });
    expect(rows).toEqual([{ workspaceId: workspace.id, address: "ada@acme.test", status: "valid", check: "deliverable-domain", reason: "fine", checkedAt: later }]);
  });
});
