// What an order costs, pure: the registration of each new domain (first year + renewal for the
// years after it) and the first month of each domain's mailboxes at their platform's price. An
// existing domain is not registered, so it costs nothing and has no registration line.

export type QuotePlatform = "google" | "microsoft";

export interface QuoteDomain {
  name: string;
  existing: boolean;
  platform: QuotePlatform;
  years: number;
  /** The registrar's first-year price, in cents (ignored for an existing domain). */
  firstYearCents: number | null;
  /** The registrar's yearly renewal price, in cents (ignored for an existing domain). */
  renewalCents: number | null;
  mailboxCount: number;
}

export interface QuoteLine {
  description: string;
  amountCents: number;
}

export interface Quote {
  lines: QuoteLine[];
  totalCents: number;
  /** Each domain's registration price, in the order given (0 for an existing domain). */
  domainPriceCents: number[];
}

const PLATFORM_NAMES: Record<QuotePlatform, string> = { google: "Google Workspace", microsoft: "Microsoft 365" };

/** A registration for `years`: the first year at its price, each later year at the renewal price. */
export function registrationPriceCents(firstYearCents: number, renewalCents: number, years: number): number {
  return firstYearCents + renewalCents * Math.max(0, years - 1);
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function quoteLines(domains: readonly QuoteDomain[], mailboxMonthlyCents: Record<QuotePlatform, number>): Quote {
  const lines: QuoteLine[] = [];
  const domainPriceCents: number[] = [];
  for (const domain of domains) {
    let price = 0;
    if (!domain.existing) {
      // A new domain always reaches here priced: quoting refuses one the registrar did not price.
      price = registrationPriceCents(domain.firstYearCents ?? 0, domain.renewalCents ?? domain.firstYearCents ?? 0, domain.years);
      lines.push({ description: `Registration of ${domain.name} for ${plural(domain.years, "year", "years")}`, amountCents: price });
    }
    domainPriceCents.push(price);
    if (domain.mailboxCount > 0) {
      lines.push({
        description: `${plural(domain.mailboxCount, "mailbox", "mailboxes")} on ${domain.name} (${PLATFORM_NAMES[domain.platform]}), first month`,
        amountCents: domain.mailboxCount * mailboxMonthlyCents[domain.platform],
      });
    }
  }
  return { lines, totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0), domainPriceCents };
}
