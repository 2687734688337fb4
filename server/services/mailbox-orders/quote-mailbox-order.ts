// POST /mailbox-orders (extension): prices an order and keeps it `quoted` for 24 hours, until it is
// paid (pay-mailbox-order.ts). Checks everything that can be known before paying: the gates, each
// domain and address (check-order-input.ts), and the warmup strategy as PATCH .../warmup does.
import { db } from "../../db/client";
import { quoteLines } from "../../domain/mailbox-orders/quote-lines";
import { DEFAULT_WARMUP_PRESET, presetStrategy } from "../../domain/mail/warmup-ramp";
import { env, mailboxMonthlyPrices } from "../../env";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { toJsonColumn } from "../../lib/json-column";
import { getMailPlatform } from "../../providers/mail-platform";
import type { MailPlatform } from "../../providers/mail-platform/types";
import type { TWarmupStrategy } from "../../schemas/mailbox-health";
import type { TMailboxOrder, TMailboxOrderLine, TQuoteMailboxOrderInput } from "../../schemas/mailbox-order";
import { validateWarmupChange } from "../mail/warmup/validate-warmup-strategy";
import { maxWarmupTarget } from "../mail/warmup/warmup-limits";
import { checkOrderInput } from "./check-order-input";
import { requireOrdering } from "./require-ordering";
import { ORDER_INCLUDE, toMailboxOrder } from "./to-mailbox-order";

export const QUOTE_VALID_MS = 24 * 60 * 60 * 1000;

async function mailPlatform(): Promise<MailPlatform> {
  try {
    return await getMailPlatform();
  } catch (error) {
    throw new HeraldError({ code: "provider-failed", message: "The mail platform for managed mailboxes is not available right now. Try again in a moment.", cause: error });
  }
}

/**
 * The strategy the order's mailboxes start warming with, checked as the warmup PATCH checks it.
 * The ceiling is that of the Herald mailboxes the platform yields: the sandbox's own, else
 * password access (SMTP).
 */
function orderStrategy(input: TQuoteMailboxOrderInput["warmup"]["strategy"], platform: MailPlatform): TWarmupStrategy {
  const base = presetStrategy(DEFAULT_WARMUP_PRESET);
  if (!input) return base;
  const provider = platform.name === "sandbox" ? "sandbox" : "smtp";
  const checked = validateWarmupChange(input, base, { maxTarget: maxWarmupTarget({ provider }) });
  const errors = checked.ok ? [] : checked.errors;
  if (input.holdOverride !== undefined) errors.push({ field: "holdOverride", message: "is set on each mailbox once its warmup runs, not in an order" });
  if (!checked.ok || errors.length) {
    const prefixed = errors.map((error) => ({ ...error, field: `warmup.strategy.${error.field}` }));
    throw new HeraldError({
      code: "invalid-strategy",
      message: `The order was not quoted: check ${prefixed.map((error) => error.field).join(", ")}.`,
      details: { errors: prefixed },
    });
  }
  return checked.change.strategy;
}

export async function quoteMailboxOrder(actor: Actor, input: TQuoteMailboxOrderInput, options: { via: "dashboard" | "api" }): Promise<TMailboxOrder> {
  await requireOrdering(actor.workspaceId, "order domains and mailboxes");
  const platform = await mailPlatform();
  const strategy = orderStrategy(input.warmup.strategy, platform);
  const checked = await checkOrderInput(actor, input, platform.platforms);

  const settings = env();
  const mailboxMonthlyCents = mailboxMonthlyPrices();
  const quote = quoteLines(
    input.domains.map((domain, index) => ({
      name: domain.name,
      existing: domain.existing,
      platform: domain.platform,
      years: domain.years,
      firstYearCents: checked[index]!.firstYearCents,
      renewalCents: checked[index]!.renewalCents,
      mailboxCount: domain.mailboxes.length,
    })),
    mailboxMonthlyCents,
  );
  const lines: TMailboxOrderLine[] = quote.lines.map((line) => ({ description: line.description, amountCents: line.amountCents }));

  const at = now();
  const orderId = await db.$transaction(async (tx) => {
    const order = await tx.mailboxOrder.create({
      data: {
        workspaceId: actor.workspaceId,
        status: "quoted",
        createdVia: options.via,
        createdByUserId: actor.userId,
        warmupEnabled: input.warmup.enabled,
        warmupStrategy: toJsonColumn(strategy),
        totalCents: quote.totalCents,
        currency: settings.HERALD_BILLING_CURRENCY,
        lines,
        expiresAt: new Date(at.getTime() + QUOTE_VALID_MS),
        createdAt: at,
        updatedAt: at,
      },
      select: { id: true },
    });
    for (const [position, domain] of input.domains.entries()) {
      const row = await tx.mailboxOrderDomain.create({
        data: {
          orderId: order.id,
          position,
          name: domain.name,
          existing: domain.existing,
          platform: domain.platform,
          years: domain.years,
          redirectUrl: domain.redirectUrl ?? null,
          priceCents: quote.domainPriceCents[position]!,
          mailboxPriceCents: mailboxMonthlyCents[domain.platform],
          managedDomainId: checked[position]!.managedDomainId,
          createdAt: at,
          updatedAt: at,
        },
        select: { id: true },
      });
      await tx.mailboxOrderMailbox.createMany({
        data: domain.mailboxes.map((mailbox, index) => ({
          domainId: row.id,
          orderId: order.id,
          position: index,
          email: `${mailbox.localPart}@${domain.name}`,
          firstName: mailbox.firstName,
          lastName: mailbox.lastName,
          // A new domain's first mailbox administers it; a domain the workspace holds already has its admin.
          isAdmin: !domain.existing && index === 0,
          createdAt: at,
          updatedAt: at,
        })),
      });
    }
    return order.id;
  });
  return toMailboxOrder(await db.mailboxOrder.findUniqueOrThrow({ where: { id: orderId }, include: ORDER_INCLUDE }));
}
