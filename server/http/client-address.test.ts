import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER, clientAddress, limiterKeyOf, UNKNOWN_CLIENT } from "./client-address";

const headers = (values: Record<string, string>) => new Headers(values);

describe("clientAddress", () => {
  it("uses the socket's address and ignores X-Forwarded-For when no proxy is trusted", () => {
    const request = headers({ [CLIENT_ADDRESS_HEADER]: "203.0.113.7", "x-forwarded-for": "198.51.100.1" });
    expect(clientAddress(request, 0)).toBe("203.0.113.7");
  });

  it("takes the address the trusted proxies saw from X-Forwarded-For, not what the client wrote", () => {
    // The client wrote 1.1.1.1 itself; the one proxy appended the address it saw.
    const request = headers({ [CLIENT_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "1.1.1.1, 198.51.100.9" });
    expect(clientAddress(request, 1)).toBe("198.51.100.9");
    // Two proxies: the outer one appended the client, the inner one the outer proxy.
    const twoHops = headers({ [CLIENT_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "1.1.1.1, 198.51.100.9, 10.0.0.1" });
    expect(clientAddress(twoHops, 2)).toBe("198.51.100.9");
    // Without the header behind a proxy, the socket's address still counts.
    expect(clientAddress(headers({ [CLIENT_ADDRESS_HEADER]: "10.0.0.2" }), 1)).toBe("10.0.0.2");
  });

  it("counts requests without a known address under one key", () => {
    expect(clientAddress(headers({}), 0)).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(headers({ [CLIENT_ADDRESS_HEADER]: "not an address" }), 0)).toBe(UNKNOWN_CLIENT);
  });
});

describe("limiterKeyOf", () => {
  it("unwraps IPv4-mapped IPv6 and groups IPv6 by /64", () => {
    expect(limiterKeyOf("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(limiterKeyOf("2001:db8:1:2:aaaa::1")).toBe("2001:0db8:0001:0002::/64");
    expect(limiterKeyOf("[2001:db8:1:2:bbbb::9]")).toBe("2001:0db8:0001:0002::/64");
    expect(limiterKeyOf("fe80::1%eth0")).toBe("fe80:0000:0000:0000::/64");
    expect(limiterKeyOf("example.com")).toBeNull();
  });
});
