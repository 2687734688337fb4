import { Prisma } from "../../../db/generated/client";
import { db } from "../../../db/client";
import { domainOfAddress, normalizeHost, trackingHostProblem } from "../../../domain/mail/tracking-domain";
import { publicUrl } from "../../../env";
import { requireRole, type Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import { HeraldError } from "../../../lib/errors";
import { keyedSigner } from "../../../lib/keyed-signature";
import type { TCreateTrackingDomainInput, TTrackingDomain } from "../../../schemas/tracking-domain";
import { getTrackingDomain } from "./get-tracking-domain";
import { forgetVerifiedTrackingHosts } from "./verified-tracking-hosts";
import { refreshTrackingDomainMailboxes, trackingRecordsPublished, verifyTrackingDomain, type VerifyTrackingDomainOptions } from "./verify-tracking-domain";

function refuse(field: "host" | "domain", message: string): HeraldError {
  return HeraldError.invalidInput(message, [{ field, message }]);
}

function hostTaken(host: string, ours: boolean): HeraldError {
  return refuse("host", ours ? `${host} is already one of this workspace's tracking domains.` : `${host} is already used by another workspace; choose another host.`);
}

function domainTaken(domain: string, host: string): HeraldError {
  return refuse("domain", `${domain} already has a tracking domain (${host}); remove it first, or pick this host for single mailboxes instead.`);
}

const proofSigner = keyedSigner("herald tracking domain proof v1", "tracking domains' proof records");

/**
 * The TXT token of a workspace's host: the same each time the workspace adds the host, so a record it
 * published keeps proving it after the row was removed and added again (by its own admins, or after
 * another workspace took a never-verified row over), and another workspace can never get its value.
 */
function proofToken(workspaceId: string, host: string): string {
  return Buffer.from(proofSigner.sign("tracking-domain", [workspaceId, host]), "base64url").toString("hex");
}

/**
 * Makes way for the host: a row of this workspace, or one another workspace verified (it proved the
 * host is its own, and links already sent on it still answer), refuses it; another workspace's row
 * that never verified is removed, as it never proved anything and must not block the real owner.
 */
async function claimHost(workspaceId: string, host: string, options: VerifyTrackingDomainOptions): Promise<void> {
  const held = await db.trackingDomain.findUnique({ where: { host }, select: { id: true, workspaceId: true, domain: true, verifiedAt: true, token: true } });
  if (!held) return;
  if (held.workspaceId === workspaceId || held.verifiedAt) throw hostTaken(host, held.workspaceId === workspaceId);
  // Its records are out there now (its next check verifies it): the host is the other workspace's.
  if (await trackingRecordsPublished({ ...held, host }, options)) throw hostTaken(host, false);
  const { count } = await db.trackingDomain.deleteMany({ where: { id: held.id, verifiedAt: null } });
  // Verified in the meantime: it is the other workspace's now.
  if (!count) throw hostTaken(host, false);
  forgetVerifiedTrackingHosts();
  await refreshTrackingDomainMailboxes(held);
}

/**
 * Adds a tracking host for one of the workspace's sending domains and checks it at once (its CNAME
 * may be in place already). Admins and owners. A host must be a subdomain of a domain the workspace
 * sends from, not Herald's own host, and not one another workspace verified (each a 400 naming the
 * field); another workspace's row for it that never verified is taken over.
 */
export async function createTrackingDomain(actor: Actor, input: TCreateTrackingDomainInput, options: VerifyTrackingDomainOptions = {}): Promise<TTrackingDomain> {
  requireRole(actor, "admin", "add a tracking domain");
  const host = normalizeHost(input.host);
  const mailboxes = await db.mailbox.findMany({ where: { workspaceId: actor.workspaceId }, select: { email: true } });
  const sendingDomains = [...new Set(mailboxes.map((mailbox) => domainOfAddress(mailbox.email)))];
  // By default the longest sending domain the host sits under (mail.acme.com before acme.com).
  const under = sendingDomains.filter((candidate) => host.endsWith(`.${candidate}`)).sort((a, b) => b.length - a.length)[0];
  if (!input.domain && !under && sendingDomains.length && host !== new URL(publicUrl()).hostname && !/^[\d.:[\]]+$|^0x/i.test(host)) {
    const listed = sendingDomains.slice(0, 3).join(", ");
    throw refuse("host", `The host must be a subdomain of a domain this workspace's mailboxes send from (${listed}${sendingDomains.length > 3 ? ", …" : ""}), such as track.${sendingDomains[0]}.`);
  }
  const domain = input.domain ? normalizeHost(input.domain) : (under ?? host.split(".").slice(1).join("."));
  const problem = trackingHostProblem({ host, domain, heraldHost: new URL(publicUrl()).hostname, sendingDomains });
  if (problem) throw refuse(problem.field, problem.message);

  // Refused before anything else changes: a refusal never removes another workspace's row.
  const sameDomain = await db.trackingDomain.findFirst({ where: { workspaceId: actor.workspaceId, domain }, select: { host: true } });
  if (sameDomain) throw domainTaken(domain, sameDomain.host);
  await claimHost(actor.workspaceId, host, options);

  const at = now();
  let id: string;
  try {
    ({ id } = await db.trackingDomain.create({ data: { workspaceId: actor.workspaceId, host, domain, token: proofToken(actor.workspaceId, host), createdAt: at, updatedAt: at }, select: { id: true } }));
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002") throw error;
    // Another request added the same host, or a host for the same domain, in the meantime: which
    // one is read back rather than from the driver's error, whose shape differs between adapters.
    const raced = await db.trackingDomain.findFirst({ where: { host }, select: { workspaceId: true } });
    if (raced) throw hostTaken(host, raced.workspaceId === actor.workspaceId);
    const other = await db.trackingDomain.findFirst({ where: { workspaceId: actor.workspaceId, domain }, select: { host: true } });
    throw other ? domainTaken(domain, other.host) : refuse("host", `${host} was added by another request at the same time; check the list and try again.`);
  }
  await verifyTrackingDomain(id, options);
  return getTrackingDomain(actor, id);
}
