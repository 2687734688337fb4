import { describe, expect, it } from "vitest";
import { answerStatus, blocklistZones, domainQueryName, ipQueryName, overallStatus } from "./blocklist-queries";

describe("blocklist queries", () => {
  it("reverses IPv4 octets and IPv6 nibbles (RFC 5782), IPv4-mapped addresses as IPv4", () => {
    expect(ipQueryName("127.0.0.2", "zen.test")).toBe("2.0.0.127.zen.test");
    expect(ipQueryName("2001:db8::1", "zen.test")).toBe("1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.zen.test");
    expect(ipQueryName("::ffff:203.0.113.5", "zen.test")).toBe("5.113.0.203.zen.test");
    expect(domainQueryName("Acme.Test.", "dbl.test")).toBe("acme.test.dbl.test");
  });

  it("reads 127.0.0.x as listed, no answer as clean, and Spamhaus's refusal codes as unknown", () => {
    expect(answerStatus(["127.0.0.2"])).toBe("listed");
    expect(answerStatus([])).toBe("clean");
    expect(answerStatus(["127.255.255.254"])).toBe("unknown");
    expect(answerStatus(["10.0.0.1"])).toBe("unknown");
  });

  it("combines lists: listed anywhere wins, then unknown; nothing asked is unknown", () => {
    expect(overallStatus(["clean", "listed", "unknown"])).toBe("listed");
    expect(overallStatus(["clean", "unknown"])).toBe("unknown");
    expect(overallStatus(["clean", "clean"])).toBe("clean");
    expect(overallStatus([])).toBe("unknown");
  });

  it("reads the zones setting; `none` asks none", () => {
    expect(blocklistZones(" zen.spamhaus.org, bl.spamcop.net. ,")).toEqual(["zen.spamhaus.org", "bl.spamcop.net"]);
    expect(blocklistZones("none")).toEqual([]);
  });
});
