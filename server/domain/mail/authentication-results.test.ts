import { describe, expect, it } from "vitest";
import { dkimSignatures, parseAuthenticationResults, sendingIpOf } from "./authentication-results";

const RAW = [
  "Received: from mail.acme.test (mail.acme.test [203.0.113.5])",
  "\tby mx.google.com with ESMTPS id x; Mon, 02 Mar 2026 09:00:00 +0000",
  "Received: from laptop (unknown [10.0.0.2]) by mail.acme.test; Mon, 02 Mar 2026 08:59:59 +0000",
  "Authentication-Results: mx.google.com;",
  "       dkim=pass header.i=@acme.test header.s=s2024 header.b=\"AbC;d=x\";",
  "       dkim=fail (bad signature) header.d=esp.example header.s=esp1;",
  "       spf=softfail (google.com: domain of transitioning rep@acme.test does not designate 203.0.113.5 as permitted sender) smtp.mailfrom=rep@acme.test;",
  "       dmarc=pass (p=NONE sp=NONE dis=NONE) header.from=acme.test",
  "Authentication-Results: forged.example; spf=pass; dkim=pass; dmarc=pass",
  "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=esp.example; s=esp1; b=xyz",
  "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=Acme.test;",
  "\ts=s2024; h=from:to; bh=abc=; b=def==",
  "From: rep@acme.test",
  "",
  "Body spf=fail",
].join("\r\n");

describe("parseAuthenticationResults", () => {
  it("reads the topmost header (the receiver's), ignoring comments, preferring the sender domain's DKIM", () => {
    expect(parseAuthenticationResults(RAW, "acme.test")).toEqual({ spf: "softfail", dkim: { result: "pass", selector: "s2024", domain: "acme.test" }, dmarc: "pass" });
  });

  it("takes the first DKIM result when none is of the sender's domain, and null without the header", () => {
    expect(parseAuthenticationResults(RAW, "other.test")?.dkim).toEqual({ result: "pass", selector: "s2024", domain: "acme.test" });
    expect(parseAuthenticationResults("From: a@b.test\r\n\r\nhi")).toBeNull();
  });

  it("leaves a method the receiver did not report as null", () => {
    expect(parseAuthenticationResults("Authentication-Results: mx.test; spf=none smtp.mailfrom=a@b.test\r\n\r\n")).toEqual({ spf: "none", dkim: { result: null, selector: null, domain: null }, dmarc: null });
  });
});

describe("dkimSignatures and sendingIpOf", () => {
  it("lists each signature's selector and domain (folded lines joined, domain lower-cased)", () => {
    expect(dkimSignatures(RAW)).toEqual([
      { selector: "esp1", domain: "esp.example" },
      { selector: "s2024", domain: "acme.test" },
    ]);
  });

  it("takes the IP of the topmost Received header's from clause", () => {
    expect(sendingIpOf(RAW)).toBe("203.0.113.5");
    expect(sendingIpOf("Received: from mx (mx [IPv6:2001:DB8::25]) by seed; now\r\n\r\n")).toBe("2001:db8::25");
    expect(sendingIpOf("From: a@b.test\r\n\r\n")).toBeNull();
  });
});
