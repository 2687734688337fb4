import { Prisma } from "../../../db/generated/client";
import { db } from "../../../db/client";
import { domainOfAddress, normalizeHost, trackingHostProblem } from "../../../domain/mail/tracking-domain";
import { publicUrl } from "../../../env";
import { requireRole, type Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import { HeraldError } from "../../../lib/errors";
import type { TCreateTrackingDomainInput, TTrackingDomain } from "../../../schemas/tracking-domain";
import { getTrackingDomain } from "./get-tracking-domain";
import { verifyTrackingDomain, type VerifyTrackingDomainOptions } from "./verify-tracking-domain";

function refuse(field: "host" | "domain", message: string): HeraldError {
  return HeraldError.invalidInput(message, [{ field, message }]);
}

/**
 * Adds a tracking host for one of the workspace's sending domains and checks it at once (its CNAME
 * may be in place already). Admins and owners. A host must be a subdomain of a domain the workspace
 * sends from, not Herald's own host, and no other workspace's (each a 400 naming the field).
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

  const taken = await db.trackingDomain.findFirst({ where: { OR: [{ host }, { workspaceId: actor.workspaceId, domain }] }, select: { host: true, domain: true, workspaceId: true } });
  if (taken?.host === host) throw refuse("host", taken.workspaceId === actor.workspaceId ? `${host} is already one of this workspace's tracking domains.` : `${host} is already used by another workspace; choose another host.`);
  if (taken) throw refuse("domain", `${domain} already has a tracking domain (${taken.host}); remove it first, or pick this host for single mailboxes instead.`);

  const at = now();
  let id: string;
  try {
    ({ id } = await db.trackingDomain.create({ data: { workspaceId: actor.workspaceId, host, domain, createdAt: at, updatedAt: at }, select: { id: true } }));
  } catch (error) {
    // Another request added the same host or domain in the meantime.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw refuse("host", `${host} is already a tracking domain; choose another host.`);
    throw error;
  }
  await verifyTrackingDomain(id, options);
  return getTrackingDomain(actor, id);
}
