// The SPF check's walk through includes is bounded: a domain whose owner chains includes one per
// level (each level under the limit on its own) cannot keep the check asking the DNS without end.
import { describe, expect, it } from "vitest";
import { SENDING_SERVICES } from "../../../domain/mail/dns-records";
import type { DnsResolver } from "../../../providers/dns";
import { checkSpf, MAX_SPF_LOOKUPS } from "./check-spf-record";

/** evil.test's SPF includes l1.evil.test, which includes l2.evil.test, and so on for ever (a wildcard zone). */
function endlessChain(): { resolver: DnsResolver; asked: () => number } {
  let asked = 0;
  const resolver: DnsResolver = async (name, rrtype) => {
    asked += 1;
    if (asked > 200) throw Object.assign(new Error("still asking"), { code: "ETIMEOUT" });
    if (rrtype !== "TXT") throw Object.assign(new Error("no data"), { code: "ENODATA" });
    const level = name === "evil.test" ? 0 : Number(/^l(\d+)\.evil\.test$/.exec(name)?.[1] ?? NaN);
    if (Number.isNaN(level)) throw Object.assign(new Error("no such name"), { code: "ENOTFOUND" });
    return [[`v=spf1 include:l${level + 1}.evil.test -all`]];
  };
  return { resolver, asked: () => asked };
}

describe("checkSpf", () => {
  it("stops following a chain of includes once it needs more than 10 lookups, and says so", async () => {
    const { resolver, asked } = endlessChain();
    const spf = await checkSpf(resolver, { domain: "evil.test", service: SENDING_SERVICES.google, smtpHost: null });
    expect(asked()).toBeLessThanOrEqual(MAX_SPF_LOOKUPS + 2);
    expect(spf.status).toBe("invalid");
    expect(spf.lookups).toBeGreaterThan(MAX_SPF_LOOKUPS);
    expect(spf.reason).toMatch(/receivers stop at 10/);
  });
});
