// What an order's domain says about DKIM when Microsoft 365 gave no selector records for it.
import { describe, expect, it } from "vitest";
import { dkimPendingText } from "./order-format";

const mx = { type: "MX" as const, host: "@", value: "acme-com.mail.protection.outlook.com", priority: 0 };
const selector = { type: "CNAME" as const, host: "selector1._domainkey", value: "selector1-acme-com._domainkey.acme.n-v1.dkim.mail.microsoft", priority: null };
const domain = (patch: Partial<Parameters<typeof dkimPendingText>[0]> = {}) => ({ platform: "microsoft" as const, status: "provisioned" as const, existing: false, dnsRecords: [mx], ...patch });

describe("dkimPendingText", () => {
  it("explains a Microsoft 365 domain without DKIM records, and who publishes them", () => {
    expect(dkimPendingText(domain())).toMatch(/^DKIM records are not listed: .* published by this Herald's administrator, then signing is turned on/);
    expect(dkimPendingText(domain({ existing: true }))).toMatch(/published at your DNS host/);
  });

  it("says nothing when the selectors are listed, for Google, a refused domain, or before the tenant", () => {
    expect(dkimPendingText(domain({ dnsRecords: [mx, selector] }))).toBeNull();
    expect(dkimPendingText(domain({ platform: "google" }))).toBeNull();
    expect(dkimPendingText(domain({ status: "refused" }))).toBeNull();
    expect(dkimPendingText(domain({ dnsRecords: [] }))).toBeNull();
  });
});
