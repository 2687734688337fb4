import { describe, expect, it } from "vitest";
import { quoteLines, registrationPriceCents, type QuoteDomain } from "./quote-lines";

const PRICES = { google: 700, microsoft: 600 };

function domain(overrides: Partial<QuoteDomain>): QuoteDomain {
  return { name: "acme-mail.com", existing: false, platform: "google", years: 1, firstYearCents: 1000, renewalCents: 1500, mailboxCount: 1, ...overrides };
}

describe("registrationPriceCents", () => {
  it("is the first year's price, then the renewal price for each later year", () => {
    expect(registrationPriceCents(1000, 1500, 1)).toBe(1000);
    expect(registrationPriceCents(1000, 1500, 3)).toBe(4000);
  });
});

describe("quoteLines", () => {
  it("has a registration line and a mailbox line per new domain, summed into the total", () => {
    const quote = quoteLines(
      [domain({ name: "acme-mail.com", years: 2, mailboxCount: 3 }), domain({ name: "acme-hq.com", platform: "microsoft", firstYearCents: 900, renewalCents: 900, mailboxCount: 1 })],
      PRICES,
    );
    expect(quote.lines).toEqual([
      { description: "Registration of acme-mail.com for 2 years", amountCents: 2500 },
      { description: "3 mailboxes on acme-mail.com (Google Workspace), first month", amountCents: 2100 },
      { description: "Registration of acme-hq.com for 1 year", amountCents: 900 },
      { description: "1 mailbox on acme-hq.com (Microsoft 365), first month", amountCents: 600 },
    ]);
    expect(quote.totalCents).toBe(2500 + 2100 + 900 + 600);
    expect(quote.domainPriceCents).toEqual([2500, 900]);
  });

  it("charges nothing for an existing domain, only its mailboxes", () => {
    const quote = quoteLines([domain({ existing: true, years: 5, firstYearCents: null, renewalCents: null, mailboxCount: 2 })], PRICES);
    expect(quote.lines).toEqual([{ description: "2 mailboxes on acme-mail.com (Google Workspace), first month", amountCents: 1400 }]);
    expect(quote.totalCents).toBe(1400);
    expect(quote.domainPriceCents).toEqual([0]);
  });

  it("is empty for no domains", () => {
    expect(quoteLines([], PRICES)).toEqual({ lines: [], totalCents: 0, domainPriceCents: [] });
  });
});
