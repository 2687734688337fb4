// The hourly renewal: each period charged once (two runs at once included), declines retried and
// shown, three declines cancel, cancelled mailboxes removed at their cancel date, domains renewed
// at the registrar or expired once their renewal stopped, and one failing item leaves the others.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { setBillingProvider } from "@/server/providers/billing";
import type { BillingProvider } from "@/server/providers/billing/types";
import { setMailPlatform } from "@/server/providers/mail-platform";
import { setRegistrar } from "@/server/providers/registrar";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { createCampaign } from "@/server/services/campaigns/create-campaign";
import { getMailbox } from "@/server/services/mail/mailboxes/get-mailbox";
import { createTestWorkspace, outboxEvents } from "@/server/test/factories";
import { fakeMailPlatform, fakeRegistrar } from "@/server/test/fakes/fake-order-providers";
import { seedManagedMailboxes } from "@/server/test/managed-mailbox-seed";
import { cancelManagedMailbox } from "./cancel-managed-mailbox";
import { renewManagedMailboxes } from "./renew-managed-mailboxes";

const YEAR = 365 * 86_400_000;
const unused = () => Promise.reject(new Error("not used by the renewal"));

let charges: Array<{ key: string; paymentId: string; amountCents: number }>;
/** Provider keys the fake billing declines (each charge with one of them), or throws for. */
let declining: (key: string) => boolean;
let throwing: (key: string) => boolean;
/** Something that happens while a charge is on its way (a cancel arriving then). */
let duringCharge: (() => Promise<unknown>) | null;
/** Something that happens once the registrar has renewed a domain, before its answer arrives. */
let afterRenewal: ((name: string) => Promise<void>) | null;
let registrar: ReturnType<typeof fakeRegistrar>;
let platform: ReturnType<typeof fakeMailPlatform>;

function fakeBilling(): BillingProvider {
  const byKey = new Map<string, { chargeId: string; status: "succeeded" | "failed"; failure: string | null }>();
  return {
    name: "sandbox",
    startPayment: unused,
    refund: unused,
    async chargeRenewal(input) {
      // A pause, so two runs at once interleave.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (throwing(input.key)) throw new Error("billing unreachable");
      await duringCharge?.();
      const known = byKey.get(input.key);
      if (known) return known;
      const declined = declining(input.key);
      const result = { chargeId: `ch_${byKey.size + 1}`, status: declined ? ("failed" as const) : ("succeeded" as const), failure: declined ? "Your card was declined." : null };
      byKey.set(input.key, result);
      if (!declined) charges.push({ key: input.key, paymentId: input.paymentId, amountCents: input.amountCents });
      return result;
    },
  };
}

let clock: ManualClock;
beforeEach(() => {
  charges = [];
  declining = () => false;
  throwing = () => false;
  duringCharge = null;
  afterRenewal = null;
  clock = new ManualClock(Date.UTC(2026, 0, 31, 10));
  setClock(clock);
  setBillingProvider(fakeBilling());
  // Herald holds each domain (priced 15.00 a renewal) until its renewsAt; the renewal only prices,
  // renews and stops renewing at the registrar, and removes users at the platform.
  registrar = fakeRegistrar({
    availability: () => ({ available: false, priceCents: null, renewalCents: 1500, currency: "usd", reason: "Herald holds it" }),
    expiresAt: async (name) => (await db.managedDomain.findUniqueOrThrow({ where: { name } })).renewsAt!,
    only: ["checkDomains", "findRegistration", "renewDomain", "setAutoRenew"],
    afterRenewal: async (name) => afterRenewal?.(name),
  });
  platform = fakeMailPlatform({ only: ["removeUser"] });
  setRegistrar(registrar.registrar);
  setMailPlatform(platform.platform);
});
afterEach(() => {
  setClock(systemClock);
  setBillingProvider(undefined);
  setRegistrar(undefined);
  setMailPlatform(undefined);
});

describe("renewing managed mailboxes", () => {
  it("charges each mailbox once per period, even for two runs at once, and moves its renewal a calendar month on", async () => {
    const { workspace } = await createTestWorkspace();
    const google = await seedManagedMailboxes(workspace.id);
    const microsoft = await seedManagedMailboxes(workspace.id, { platform: "microsoft", mailboxes: ["only"] });
    const renewsAt = google.mailboxes[0]!.managedRenewsAt!;
    expect(renewsAt.toISOString()).toBe("2026-02-28T10:00:00.000Z");

    clock.set(renewsAt.getTime() - 1);
    expect((await renewManagedMailboxes()).mailboxes.renewed).toBe(0);

    clock.set(renewsAt);
    await Promise.all([renewManagedMailboxes(), renewManagedMailboxes()]);
    await renewManagedMailboxes();
    const ids = [...google.mailboxes, ...microsoft.mailboxes].map((row) => row.id);
    expect(charges.map((charge) => charge.key).sort()).toEqual(ids.map((id) => `renewal:mailbox:${id}:${renewsAt.toISOString()}:attempt:1`).sort());
    expect(charges.every((charge) => charge.paymentId === (charge.amountCents === 600 ? microsoft : google).order.paymentId)).toBe(true);
    expect(charges.map((charge) => charge.amountCents).sort()).toEqual([600, 700, 700]);
    const payments = await db.billingPayment.findMany({ where: { kind: "mailbox_renewal", workspaceId: workspace.id } });
    expect(payments.map((payment) => [payment.key, payment.status]).sort()).toEqual(ids.map((id) => [`renewal:mailbox:${id}:${renewsAt.toISOString()}`, "succeeded"]).sort());
    for (const row of await db.mailbox.findMany({ where: { id: { in: ids } } })) {
      expect(row.managedRenewsAt!.toISOString()).toBe("2026-03-28T10:00:00.000Z");
    }
  });

  it("keeps a mailbox cancelled while its renewal was being charged until the end of the month it just paid for", async () => {
    const { workspace, actor } = await createTestWorkspace();
    const seeded = await seedManagedMailboxes(workspace.id, { mailboxes: ["only"] });
    const mailbox = seeded.mailboxes[0]!;
    const renewsAt = mailbox.managedRenewsAt!;
    clock.set(renewsAt);
    duringCharge = async () => {
      duringCharge = null;
      expect((await cancelManagedMailbox(actor, mailbox.id, { confirmAdmin: true })).cancelAt).toBe(renewsAt.toISOString());
    };
    expect((await renewManagedMailboxes()).mailboxes.renewed).toBe(1);
    const row = await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
    expect(row).toMatchObject({ managedStatus: "cancelling", managedRenewsAt: new Date("2026-03-28T10:00:00.000Z"), managedCancelAt: new Date("2026-03-28T10:00:00.000Z") });
    expect(charges).toHaveLength(1);
  });

  it("leaves a declined mailbox running with the decline in words, retries each run, and cancels and removes it after three", async () => {
    const { workspace, actor } = await createTestWorkspace();
    const { mailboxes } = await seedManagedMailboxes(workspace.id);
    const [admin, sales] = mailboxes as [(typeof mailboxes)[0], (typeof mailboxes)[0]];
    declining = (key) => key.includes(sales.id);
    clock.set(sales.managedRenewsAt!);

    expect((await renewManagedMailboxes()).mailboxes).toMatchObject({ declined: 1 });
    const shown = await getMailbox(actor, sales.id);
    expect(shown.managed).toMatchObject({ status: "active", renewalProblem: expect.stringContaining(`Renewing ${sales.email} failed: Your card was declined.`) });
    expect((await getMailbox(actor, admin.id)).managed?.renewalProblem).toBeNull();

    clock.advance(3_600_000);
    expect((await renewManagedMailboxes()).mailboxes).toMatchObject({ declined: 1 });
    clock.advance(3_600_000);
    const third = await renewManagedMailboxes();
    expect(third.mailboxes).toMatchObject({ cancelled: 1 });
    expect(third.removed).toBe(1);
    expect(platform.removed).toEqual([sales.email]);
    expect(await db.mailbox.findUnique({ where: { id: sales.id } })).toBeNull();
    expect(await db.billingPayment.count({ where: { key: { startsWith: `renewal:mailbox:${sales.id}` }, status: "failed" } })).toBe(4);
  });

  it("removes a cancelled mailbox at its cancel date, not before, as DELETE would, and never charges it again", async () => {
    const { workspace, actor } = await createTestWorkspace();
    const { mailboxes } = await seedManagedMailboxes(workspace.id);
    const sales = mailboxes[1]!;
    const { cancelAt } = await cancelManagedMailbox(actor, sales.id, { confirmAdmin: false });
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Pool" }));
    await db.campaign.update({ where: { id: campaign.id }, data: { emailAccountIds: [sales.id, mailboxes[0]!.id] } });

    clock.set(new Date(cancelAt).getTime() - 1);
    expect((await renewManagedMailboxes()).removed).toBe(0);
    clock.set(cancelAt);
    const [first, second] = await Promise.all([renewManagedMailboxes(), renewManagedMailboxes()]);
    expect(first.removed + second.removed).toBe(1);
    expect(await db.mailbox.findUnique({ where: { id: sales.id } })).toBeNull();
    expect(platform.removed).toContain(sales.email);
    expect((await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).emailAccountIds).toEqual([mailboxes[0]!.id]);
    expect(await db.removedMailbox.findFirst({ where: { mailboxId: sales.id } })).toMatchObject({ email: sales.email });
    const events = await outboxEvents(workspace.id, "account.status_changed");
    expect(events.map((event) => [event.data.account.id, event.data.removed])).toEqual([[sales.id, true]]);
    expect(charges.map((charge) => charge.key).filter((key) => key.includes(sales.id))).toEqual([]);
  });

  it("goes on with the others when one mailbox's renewal fails, and retries it next run", async () => {
    const { workspace } = await createTestWorkspace();
    const { mailboxes } = await seedManagedMailboxes(workspace.id);
    const [failing, other] = mailboxes.map((row) => row.id) as [string, string];
    const chargedFor = (id: string) => charges.filter((charge) => charge.key.includes(id)).length;
    throwing = (key) => key.includes(failing);
    clock.set(mailboxes[0]!.managedRenewsAt!);
    expect((await renewManagedMailboxes()).mailboxes.failed).toBe(1);
    expect([chargedFor(failing), chargedFor(other)]).toEqual([0, 1]);
    throwing = () => false;
    // Its claim is kept until it is stale, so a run at the same moment does not charge it twice.
    expect((await renewManagedMailboxes()).mailboxes.busy).toBe(1);
    clock.advance(3_600_000);
    await renewManagedMailboxes();
    expect([chargedFor(failing), chargedFor(other)]).toEqual([1, 1]);
  });
});

describe("renewing managed domains", () => {
  it("charges and renews a due domain once at the registrar, even for two runs at once", async () => {
    const { workspace } = await createTestWorkspace();
    const domainRenewsAt = new Date(Date.UTC(2026, 1, 10));
    const { domain, order } = await seedManagedMailboxes(workspace.id, { domainRenewsAt });
    clock.set(domainRenewsAt);
    await Promise.all([renewManagedMailboxes(), renewManagedMailboxes()]);
    const key = `renewal:domain:${domain.id}:${domainRenewsAt.toISOString()}`;
    expect(registrar.renewals).toEqual([{ name: domain.name, years: 1, reference: key }]);
    expect(charges).toEqual([{ key: `${key}:attempt:1`, paymentId: order.paymentId, amountCents: 1500 }]);
    expect((await db.managedDomain.findUniqueOrThrow({ where: { id: domain.id } })).renewsAt).toEqual(new Date(domainRenewsAt.getTime() + YEAR));
  });

  it("renews a domain once when a second run starts while the first is renewing it at the registrar", async () => {
    // The interleaving that once renewed a domain twice under load: the first run's charge has
    // succeeded and the registrar has renewed, but renewsAt has not moved yet; the second run found
    // the period paid and renewed again (Name.com charges every renewal call).
    const { workspace } = await createTestWorkspace();
    const domainRenewsAt = new Date(Date.UTC(2026, 1, 10));
    const { domain } = await seedManagedMailboxes(workspace.id, { domainRenewsAt });
    clock.set(domainRenewsAt);
    let second: Awaited<ReturnType<typeof renewManagedMailboxes>> | null = null;
    afterRenewal = async () => {
      afterRenewal = null;
      second = await renewManagedMailboxes();
    };
    const first = await renewManagedMailboxes();
    expect(registrar.renewals).toHaveLength(1);
    expect(charges.filter((charge) => charge.key.startsWith("renewal:domain:"))).toHaveLength(1);
    expect(first.domains).toMatchObject({ renewed: 1, failed: 0 });
    expect(second).toMatchObject({ domains: { renewed: 0, busy: 1 } });
    expect((await db.managedDomain.findUniqueOrThrow({ where: { id: domain.id } })).renewsAt).toEqual(new Date(domainRenewsAt.getTime() + YEAR));
  });

  it("does not renew again when the registrar renewed but its answer was lost: the next run reads the moved expiry", async () => {
    const { workspace } = await createTestWorkspace();
    const domainRenewsAt = new Date(Date.UTC(2026, 1, 10));
    const { domain } = await seedManagedMailboxes(workspace.id, { domainRenewsAt });
    clock.set(domainRenewsAt);
    afterRenewal = async () => {
      afterRenewal = null;
      throw new Error("The registrar did not answer");
    };
    expect((await renewManagedMailboxes()).domains).toMatchObject({ renewed: 0, failed: 1 });
    expect((await db.managedDomain.findUniqueOrThrow({ where: { id: domain.id } })).renewsAt).toEqual(domainRenewsAt);
    expect((await renewManagedMailboxes()).domains).toMatchObject({ renewed: 1, failed: 0 });
    expect(registrar.renewals).toHaveLength(1);
    expect(charges.filter((charge) => charge.key.startsWith("renewal:domain:"))).toHaveLength(1);
    expect((await db.managedDomain.findUniqueOrThrow({ where: { id: domain.id } })).renewsAt).toEqual(new Date(domainRenewsAt.getTime() + YEAR));
  });

  it("does not renew a domain whose renewal stopped, and marks it expired at its expiry", async () => {
    const { workspace, actor } = await createTestWorkspace();
    const domainRenewsAt = new Date(Date.UTC(2026, 1, 10));
    const { domain, mailboxes } = await seedManagedMailboxes(workspace.id, { domainRenewsAt, mailboxes: ["only"] });
    await cancelManagedMailbox(actor, mailboxes[0]!.id, { confirmAdmin: false });
    expect((await db.managedDomain.findUniqueOrThrow({ where: { id: domain.id } })).status).toBe("expiring");
    clock.set(domainRenewsAt.getTime() - 1);
    expect((await renewManagedMailboxes()).expired).toBe(0);
    clock.set(domainRenewsAt);
    expect((await renewManagedMailboxes()).expired).toBe(1);
    expect((await db.managedDomain.findUniqueOrThrow({ where: { id: domain.id } })).status).toBe("expired");
    expect(registrar.renewals).toEqual([]);
    expect(charges).toEqual([]);
  });
});
