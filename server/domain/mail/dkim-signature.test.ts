// The DKIM selector read back from a mailbox's own signed mail.
import { describe, expect, it } from "vitest";
import { selectorFromSignature } from "./dkim-signature";

const message = (headers: string) => `${headers}\r\nFrom: Ada <ada@example.com>\r\nSubject: Hi\r\n\r\nDKIM-Signature: v=1; d=example.com; s=body\r\n`;

describe("selectorFromSignature", () => {
  it("reads s= of the signature for the domain, across folded lines", () => {
    const raw = message(
      "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed;\r\n d=Example.com; s=20230601;\r\n\th=from:subject; bh=abc=; b=def=\r\nReceived: by mx",
    );
    expect(selectorFromSignature(raw, "example.com")).toBe("20230601");
    expect(selectorFromSignature(Buffer.from(raw), "EXAMPLE.COM")).toBe("20230601");
  });

  it("skips signatures of other domains (the provider's own) and reads none from the body", () => {
    const raw = message("DKIM-Signature: v=1; d=gappssmtp.com; s=20230601; b=x\r\nDKIM-Signature: v=1; d=example.com; s=selector1; b=y");
    expect(selectorFromSignature(raw, "example.com")).toBe("selector1");
    expect(selectorFromSignature(message("DKIM-Signature: v=1; d=gappssmtp.com; s=20230601; b=x"), "example.com")).toBeNull();
    expect(selectorFromSignature(message("X-Other: 1"), "example.com")).toBeNull();
  });

  it("refuses a selector that is not a DNS label", () => {
    expect(selectorFromSignature(message("DKIM-Signature: v=1; d=example.com; s=a/b; b=x"), "example.com")).toBeNull();
  });
});
