// Whether an order's domains and mailboxes can be ordered, against the workspace, the other
// orders, the managed domains and the registrar: every problem found at once, as one 400 naming
// each field (`domains.1.name`, `domains.0.mailboxes.2.localPart`). A domain of the workspace whose
// admin mailbox was cancelled takes no new mailbox: 409 domain-closed.
import { db, type DbClient } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError, type FieldIssue } from "../../lib/errors";
import type { TMailPlatform, TQuoteMailboxOrderInput } from "../../schemas/mailbox-order";
import { checkDomainNames } from "./registrar-offers";

/** Orders being carried out: their domains and addresses are spoken for. A quote holds nothing. */
export const OPEN_ORDER_STATUSES = ["paid", "placing", "placing_unknown", "placed", "provisioning", "authorizing", "connecting", "needs_attention"];

export const PLATFORM_NAMES: Record<TMailPlatform, string> = { google: "Google Workspace", microsoft: "Microsoft 365" };

export interface CheckedDomain {
  /** The registrar's prices of a new domain (null for an existing one). */
  firstYearCents: number | null;
  renewalCents: number | null;
  /** The workspace's Herald-managed domain an existing domain adds mailboxes to. */
  managedDomainId: string | null;
}

type OrderDomain = TQuoteMailboxOrderInput["domains"][number];

const emailOf = (domain: OrderDomain, localPart: string) => `${localPart}@${domain.name}`;

function duplicateIssues(domains: OrderDomain[]): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const names = new Set<string>();
  const emails = new Set<string>();
  domains.forEach((domain, index) => {
    if (names.has(domain.name)) issues.push({ field: `domains.${index}.name`, message: `${domain.name} is in the order twice` });
    names.add(domain.name);
    domain.mailboxes.forEach((mailbox, position) => {
      const email = emailOf(domain, mailbox.localPart);
      if (emails.has(email)) issues.push({ field: `domains.${index}.mailboxes.${position}.localPart`, message: `${email} is in the order twice` });
      emails.add(email);
    });
  });
  return issues;
}

function platformIssues(domains: OrderDomain[], hosted: readonly TMailPlatform[]): FieldIssue[] {
  const offered = hosted.map((platform) => `${platform} (${PLATFORM_NAMES[platform]})`).join(" or ");
  return domains.flatMap((domain, index) =>
    hosted.includes(domain.platform)
      ? []
      : [{ field: `domains.${index}.platform`, message: `${PLATFORM_NAMES[domain.platform]} is not offered by this installation; choose ${offered || "nothing: no platform is set up"}` }],
  );
}

async function addressIssues(workspaceId: string, domains: OrderDomain[], client: DbClient): Promise<FieldIssue[]> {
  const emails = domains.flatMap((domain) => domain.mailboxes.map((mailbox) => emailOf(domain, mailbox.localPart)));
  const [mailboxes, ordered] = await Promise.all([
    client.mailbox.findMany({ where: { workspaceId, email: { in: emails } }, select: { email: true } }),
    client.mailboxOrderMailbox.findMany({
      where: { email: { in: emails }, domain: { order: { workspaceId, status: { in: OPEN_ORDER_STATUSES } } } },
      select: { email: true },
    }),
  ]);
  const taken = new Set(mailboxes.map((row) => row.email));
  const inOrders = new Set(ordered.map((row) => row.email));
  const issues: FieldIssue[] = [];
  domains.forEach((domain, index) =>
    domain.mailboxes.forEach((mailbox, position) => {
      const email = emailOf(domain, mailbox.localPart);
      const field = `domains.${index}.mailboxes.${position}.localPart`;
      if (taken.has(email)) issues.push({ field, message: `${email} is already a mailbox of this workspace` });
      else if (inOrders.has(email)) issues.push({ field, message: `${email} is already in another order being carried out` });
    }),
  );
  return issues;
}

export async function checkOrderInput(
  actor: Pick<Actor, "workspaceId">,
  input: TQuoteMailboxOrderInput,
  hostedPlatforms: readonly TMailPlatform[],
  client: DbClient = db,
): Promise<CheckedDomain[]> {
  const { domains } = input;
  const issues = [...duplicateIssues(domains), ...platformIssues(domains, hostedPlatforms)];
  const names = [...new Set(domains.map((domain) => domain.name))];
  const [managed, beingRegistered] = await Promise.all([
    client.managedDomain.findMany({ where: { name: { in: names } } }),
    client.mailboxOrderDomain.findMany({
      where: { name: { in: names }, existing: false, status: { not: "refused" }, order: { status: { in: OPEN_ORDER_STATUSES } } },
      select: { name: true },
    }),
  ]);
  const managedByName = new Map(managed.map((row) => [row.name, row]));
  const registering = new Set(beingRegistered.map((row) => row.name));
  const checked: CheckedDomain[] = domains.map(() => ({ firstYearCents: null, renewalCents: null, managedDomainId: null }));
  const closed: string[] = [];
  const toRegister = new Map<string, number>();

  domains.forEach((domain, index) => {
    const field = `domains.${index}.name`;
    const held = managedByName.get(domain.name);
    if (held && held.workspaceId !== actor.workspaceId) {
      issues.push({ field, message: `${domain.name} belongs to another workspace` });
    } else if (held && !domain.existing) {
      issues.push({ field, message: `${domain.name} is already yours through Herald: add mailboxes to it with existing set to true` });
    } else if (held) {
      if (held.adminCancelledAt) closed.push(domain.name);
      else if (held.status === "expired") issues.push({ field, message: `${domain.name} has expired and takes no new mailboxes` });
      else if (held.platform !== domain.platform) {
        issues.push({ field: `domains.${index}.platform`, message: `${domain.name} has its mailboxes on ${PLATFORM_NAMES[held.platform as TMailPlatform] ?? held.platform}: choose ${held.platform}` });
      }
      checked[index]!.managedDomainId = held.id;
    } else if (!domain.existing) {
      if (registering.has(domain.name)) issues.push({ field, message: `${domain.name} is already being registered by another order` });
      else if (!toRegister.has(domain.name)) toRegister.set(domain.name, index);
    }
  });

  const answers = await checkDomainNames([...toRegister.keys()]);
  for (const answer of answers) {
    const index = toRegister.get(answer.name.toLowerCase());
    if (index === undefined) continue;
    if (!answer.available || answer.priceCents === null) {
      issues.push({ field: `domains.${index}.name`, message: `${answer.name} cannot be registered: ${answer.reason ?? "the registrar does not offer it"}` });
    } else {
      checked[index] = { firstYearCents: answer.priceCents, renewalCents: answer.renewalCents ?? answer.priceCents, managedDomainId: null };
    }
  }
  for (const [name, index] of toRegister) {
    if (!answers.some((answer) => answer.name.toLowerCase() === name)) {
      issues.push({ field: `domains.${index}.name`, message: `${name} cannot be registered: the registrar did not price it` });
    }
  }

  issues.push(...(await addressIssues(actor.workspaceId, domains, client)));
  if (issues.length) {
    const fields = [...new Set(issues.map((issue) => issue.field))].join(", ");
    throw HeraldError.invalidInput(`The order was not quoted: check ${fields}.`, issues);
  }
  if (closed.length) {
    throw new HeraldError({
      code: "domain-closed",
      message: `No mailbox can be added to ${closed.join(" or ")} any more: its admin mailbox was cancelled.`,
    });
  }
  return checked;
}
