// The record rules of the DNS checks: SPF's all and lookups, the fixed SPF record, the recommended
// DMARC record.
import { describe, expect, it } from "vitest";
import { dmarcPolicy, sendingProvider, fixedSpfRecord, joinTxt, parseTags, recommendedDmarcRecord, spfAll, spfIncludes, spfLookupTerms, spfRecordsOf } from "./dns-records";

describe("SPF records", () => {
  it("joins TXT pieces and keeps only v=spf1 records", () => {
    const txt = joinTxt([["v=spf1 include:_spf.google.com", " ~all"], ["google-site-verification=abc"], ["v=spf10 nope"]]);
    expect(spfRecordsOf(txt)).toEqual(["v=spf1 include:_spf.google.com ~all"]);
  });

  it("reads the all qualifier, a bare all being +all", () => {
    expect(spfAll("v=spf1 mx -all")).toBe("-all");
    expect(spfAll("v=spf1 mx ~all")).toBe("~all");
    expect(spfAll("v=spf1 mx ?all")).toBe("?all");
    expect(spfAll("v=spf1 mx +all")).toBe("+all");
    expect(spfAll("v=spf1 mx all")).toBe("+all");
    expect(spfAll("v=spf1 mx redirect=_spf.example.com")).toBeNull();
  });

  it("counts the terms that cost a lookup and names the records they pull in", () => {
    expect(spfLookupTerms("v=spf1 ip4:192.0.2.1 ip6:2001:db8::1 -all")).toEqual({ count: 0, nested: [] });
    expect(spfLookupTerms("v=spf1 a mx:mail.example.com ptr exists:%{i}.x.example.com include:_spf.google.com ~include:b.example redirect=c.example")).toEqual({
      count: 7,
      nested: ["_spf.google.com", "b.example", "c.example"],
    });
  });

  it("finds an include whatever its case or + qualifier", () => {
    expect(spfIncludes("v=spf1 +include:_SPF.google.com -all", "_spf.google.com")).toBe(true);
    expect(spfIncludes("v=spf1 include:_spf.google.com.evil.example -all", "_spf.google.com")).toBe(false);
  });

  it("fixes a record: the service added with the other includes, the rest kept, ending in -all", () => {
    expect(fixedSpfRecord(null, ["include:_spf.google.com"])).toBe("v=spf1 include:_spf.google.com -all");
    expect(fixedSpfRecord("v=spf1 include:mailgun.org ip4:192.0.2.1 exists:%{i}.x.example ~all", ["include:_spf.google.com"])).toBe(
      "v=spf1 include:mailgun.org ip4:192.0.2.1 include:_spf.google.com exists:%{i}.x.example -all",
    );
    expect(fixedSpfRecord("v=spf1 include:_spf.google.com +all", ["include:_spf.google.com"])).toBe("v=spf1 include:_spf.google.com -all");
    expect(fixedSpfRecord("v=spf1 mx ?all", ["ip4:203.0.113.7", "ip6:2001:db8::7"])).toBe("v=spf1 mx ip4:203.0.113.7 ip6:2001:db8::7 -all");
    // A redirect decides for the record: no all is added after it.
    expect(fixedSpfRecord("v=spf1 redirect=_spf.example.com", ["include:_spf.google.com"])).toBe("v=spf1 include:_spf.google.com redirect=_spf.example.com");
  });
});

describe("DMARC records", () => {
  it("reads the policy", () => {
    expect(dmarcPolicy(parseTags("v=DMARC1; p=Reject"))).toBe("reject");
    expect(dmarcPolicy(parseTags("v=DMARC1; p=nope"))).toBeNull();
    expect(dmarcPolicy(parseTags("v=DMARC1"))).toBeNull();
  });

  it("recommends quarantine with reports, keeping the current record's other tags", () => {
    expect(recommendedDmarcRecord("example.com", null)).toBe("v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@example.com");
    expect(recommendedDmarcRecord("example.com", { v: "DMARC1", p: "none", rua: "mailto:reports@dmarc.example", adkim: "s", pct: 50, rr: "v=DMARC1; p=none", isOrgRecord: false })).toBe(
      "v=DMARC1; p=quarantine; rua=mailto:reports@dmarc.example; adkim=s; pct=50",
    );
  });
});

describe("the sending service", () => {
  it("is the provider's, or Google's or Microsoft's for an SMTP mailbox on their servers", () => {
    expect(sendingProvider("google")).toBe("google");
    expect(sendingProvider("microsoft-graph")).toBe("microsoft");
    expect(sendingProvider("sandbox", "smtp.gmail.com")).toBe("sandbox");
    expect(sendingProvider("smtp", "smtp.gmail.com")).toBe("google");
    expect(sendingProvider("smtp", "SMTP.Office365.com.")).toBe("microsoft");
    expect(sendingProvider("smtp", "mail.notgmail.com")).toBe("smtp");
    expect(sendingProvider("smtp", null)).toBe("smtp");
  });
});
