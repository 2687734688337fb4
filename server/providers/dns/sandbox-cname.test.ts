// The sandbox's tracking-domain convention (docs/sandbox.md): every host below a domain is a CNAME of
// Herald, unless its name has `nocname` or `wrongcname`, for names under the reserved test TLDs only.
import { describe, expect, it } from "vitest";
import { trackingCnameTarget } from "../../env";
import { sandboxDnsResolver } from "./sandbox-resolver";

describe("the sandbox's CNAME answers", () => {
  it("points every host below a domain at Herald", async () => {
    expect(await sandboxDnsResolver("track.acme.test", "CNAME")).toEqual([trackingCnameTarget()]);
  });

  it("breaks on the words nocname and wrongcname, and has none at a domain's apex or on underscore names", async () => {
    await expect(sandboxDnsResolver("track.nocname-acme.test", "CNAME")).rejects.toMatchObject({ code: "ENODATA" });
    expect(await sandboxDnsResolver("track.wrongcname-acme.test", "CNAME")).toEqual(["elsewhere.sandbox.herald.test"]);
    await expect(sandboxDnsResolver("acme.test", "CNAME")).rejects.toMatchObject({ code: "ENODATA" });
    await expect(sandboxDnsResolver("herald._domainkey.acme.test", "CNAME")).rejects.toMatchObject({ code: "ENODATA" });
  });

  it("vouches for no real name: only hosts under .example, .test, .invalid and .localhost point at Herald", async () => {
    for (const host of ["track.acme.example", "track.acme.invalid", "track.acme.localhost", "track.northwind-nodmarc.test"]) {
      expect(await sandboxDnsResolver(host, "CNAME")).toEqual([trackingCnameTarget()]);
    }
    for (const host of ["track.google.com", "links.acme.co.uk", "track.acme.testing", "track.example.com"]) {
      await expect(sandboxDnsResolver(host, "CNAME"), host).rejects.toMatchObject({ code: "ENODATA" });
    }
  });
});
