// The rules of address verification, one row per rule and the order in which they win.
import { describe, expect, it } from "vitest";
import { classifyAddress, disposableDomainOf, domainToLookUp, isFreeWebmailDomain, NOT_FREE_WEBMAIL, type AddressFacts } from "./classify-address";
import { roleOfLocalPart } from "./role-addresses";

const MAIL_DOMAIN: AddressFacts = { domainHasMx: true, domainHasA: true, domainLookupFailed: false, knownDead: false, targetsCompanies: false };

describe("classifyAddress", () => {
  it.each<[string, string, Partial<AddressFacts>, string, string, string]>([
    ["a person at a domain with MX", "ada@acme-corp.com", {}, "valid", "deliverable-domain", "the address is well formed and acme-corp.com has mail servers (MX)"],
    ["a domain with only an A record (implicit MX)", "ada@acme-corp.com", { domainHasMx: false }, "valid", "deliverable-domain", "the address is well formed and acme-corp.com has no MX record but an address record (A), which receives mail"],
    ["no @", "ada.acme-corp.com", {}, "invalid", "bad-syntax", "ada.acme-corp.com is not a valid e-mail address (bad syntax)"],
    ["two dots in a row", "ada..lovelace@acme-corp.com", {}, "invalid", "bad-syntax", "ada..lovelace@acme-corp.com is not a valid e-mail address (bad syntax)"],
    ["a space", "ada lovelace@acme-corp.com", {}, "invalid", "bad-syntax", "ada lovelace@acme-corp.com is not a valid e-mail address (bad syntax)"],
    ["a domain without a dot", "ada@localhost", {}, "invalid", "bad-syntax", "ada@localhost is not a valid e-mail address (bad syntax)"],
    ["empty", "  ", {}, "invalid", "bad-syntax", "(empty) is not a valid e-mail address (bad syntax)"],
    ["bad syntax at a throwaway provider", "a b@mailinator.com", {}, "invalid", "bad-syntax", "a b@mailinator.com is not a valid e-mail address (bad syntax)"],
    ["a known-dead address", "ada@acme-corp.com", { knownDead: true, deadReason: "the mailbox does not exist" }, "invalid", "known-dead", "an earlier e-mail to this address bounced for good: the mailbox does not exist"],
    ["a known-dead address without a stored reason", "ada@acme-corp.com", { knownDead: true }, "invalid", "known-dead", "an earlier e-mail to this address bounced for good"],
    ["a throwaway provider", "ada@mailinator.com", {}, "risky", "disposable", "mailinator.com gives out throwaway addresses"],
    ["a throwaway provider's subdomain, upper case", "Ada@X.Mailinator.COM", {}, "risky", "disposable", "mailinator.com gives out throwaway addresses"],
    ["a failed lookup", "ada@acme-corp.com", { domainLookupFailed: true, domainHasMx: false, domainHasA: false }, "unknown", "lookup-failed", "the DNS lookup of acme-corp.com failed or timed out; try again later"],
    ["no MX and no A", "ada@example.invalid", { domainHasMx: false, domainHasA: false }, "invalid", "no-mail-domain", "the domain example.invalid receives no e-mail (no MX or A record)"],
    ["a null MX", "ada@acme-corp.com", { domainHasMx: false, domainRefusesMail: true }, "invalid", "domain-refuses-mail", "the domain acme-corp.com states that it receives no e-mail (null MX record)"],
    ["a role address", "info@acme-corp.com", {}, "risky", "role", "info@ is a role address, read by a team rather than a person"],
    ["a tagged role address", "Sales+emea@acme-corp.com", {}, "risky", "role", "sales@ is a role address, read by a team rather than a person"],
    ["a catch-all domain", "ada@acme-corp.com", { catchAll: true }, "risky", "catch-all", "acme-corp.com accepts mail for any address, so this one cannot be confirmed"],
    ["a catch-all not probed", "ada@acme-corp.com", { catchAll: null }, "valid", "deliverable-domain", "the address is well formed and acme-corp.com has mail servers (MX)"],
    ["free webmail when the campaign targets companies", "ada@gmail.com", { targetsCompanies: true }, "risky", "free-webmail", "gmail.com is a free webmail provider: a private address rather than a work one"],
    ["free webmail when it targets people", "ada@gmail.com", {}, "valid", "deliverable-domain", "the address is well formed and gmail.com has mail servers (MX)"],
    ["a role at a domain without mail: the domain wins", "info@example.invalid", { domainHasMx: false, domainHasA: false }, "invalid", "no-mail-domain", "the domain example.invalid receives no e-mail (no MX or A record)"],
    ["dead wins over disposable", "ada@mailinator.com", { knownDead: true }, "invalid", "known-dead", "an earlier e-mail to this address bounced for good"],
  ])("%s: %s", (_name, address, facts, status, check, reason) => {
    expect(classifyAddress(address, { ...MAIL_DOMAIN, ...facts })).toEqual({ status, check, reason });
  });
});

describe("domainToLookUp", () => {
  it("names the domain to ask DNS about, and none for addresses decided without it", () => {
    expect(domainToLookUp(" Ada@Acme-Corp.com ")).toBe("acme-corp.com");
    expect(domainToLookUp("ada@mailinator.com")).toBeNull();
    expect(domainToLookUp("not an address")).toBeNull();
  });
});

describe("the lists", () => {
  it("finds a throwaway domain or its parent, and not an ordinary domain", () => {
    expect(disposableDomainOf("mailinator.com")).toBe("mailinator.com");
    expect(disposableDomainOf("team.mailinator.com")).toBe("mailinator.com");
    expect(disposableDomainOf("acme-corp.com")).toBeNull();
  });

  it("reads a role from the local part's root, not from a person's name", () => {
    expect(roleOfLocalPart("support.emea")).toBe("support");
    expect(roleOfLocalPart("no-reply")).toBe("no-reply");
    expect(roleOfLocalPart("ada.lovelace")).toBeNull();
    expect(roleOfLocalPart("information")).toBeNull();
  });
});

describe("free webmail", () => {
  it("leaves out the company domains the free-provider list holds, and keeps the real webmail", async () => {
    const listed = new Set<string>((await import("email-providers/all.json")).default);
    for (const domain of NOT_FREE_WEBMAIL) {
      expect(listed.has(domain), `${domain} is still in email-providers (else drop it here)`).toBe(true);
      expect(isFreeWebmailDomain(domain)).toBe(false);
    }
    expect(isFreeWebmailDomain("Gmail.com")).toBe(true);
    expect(isFreeWebmailDomain("aliyun.com")).toBe(true);
    expect(classifyAddress("mark@facebook.com", { ...MAIL_DOMAIN, targetsCompanies: true })).toMatchObject({ status: "valid", check: "deliverable-domain" });
  });
});
