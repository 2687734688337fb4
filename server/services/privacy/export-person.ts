// Everything a workspace holds about a person, as JSON, for an access request (docs/privacy.md):
// their leads with provenance, their campaigns' participation and journal, messages on both
// channels, conversations, LinkedIn actions, list entries, the address's verification and bounce
// record, the do-not-contact entries that name them, and company-database rows. Reads only.
import { db } from "../../db/client";
import { entryHash } from "../../domain/do-not-contact/entries";
import { requireRole, type Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import type { TPersonExport, TPersonKey } from "../../schemas/privacy";
import { findPerson, personQuery } from "./find-person";
import { companyDatabasePersonIds, personEmailMessageIds, storedAddresses } from "./person-records";

type JsonRecord = Record<string, unknown>;

/** A row as JSON: dates as ISO strings, big integers as text. */
function plain<T extends object>(row: T): JsonRecord {
  return JSON.parse(JSON.stringify(row, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value))) as JsonRecord;
}

export async function exportPerson(actor: Actor, key: TPersonKey): Promise<TPersonExport> {
  requireRole(actor, "admin", "export a person's data");
  const workspaceId = actor.workspaceId;
  const query = personQuery(key);
  const { leads: found, keys } = await findPerson(db, workspaceId, query);
  const { emails, identifiers } = keys;
  const leadIds = found.map((lead) => lead.id);
  const [emailMessageIds, verified, deadAddresses, peopleIds] = await Promise.all([
    personEmailMessageIds(db, workspaceId, { leadIds, campaignLeadIds: [], emails }),
    storedAddresses(db, "AddressVerification", workspaceId, emails),
    storedAddresses(db, "DeadEmailAddress", workspaceId, emails),
    companyDatabasePersonIds(db, keys),
  ]);
  const [leads, emailMessages, verification, dead, entries, people] = await Promise.all([
    db.lead.findMany({
      where: { id: { in: leadIds } },
      orderBy: { createdAt: "asc" },
      include: {
        campaignLeads: { include: { campaign: { select: { id: true, name: true } }, journal: { orderBy: { startedAt: "asc" } } } },
        messages: { orderBy: { at: "asc" } },
        conversations: { orderBy: { lastMessageAt: "asc" } },
        actions: { orderBy: { createdAt: "asc" } },
        listEntries: { include: { list: { select: { name: true } } } },
      },
    }),
    db.emailMessage.findMany({ where: { id: { in: emailMessageIds } }, orderBy: { createdAt: "asc" } }),
    verified.length ? db.addressVerification.findFirst({ where: { workspaceId, address: { in: verified } } }) : null,
    deadAddresses.length ? db.deadEmailAddress.findFirst({ where: { workspaceId, address: { in: deadAddresses } } }) : null,
    db.doNotContactEntry.findMany({
      where: { workspaceId, hash: { in: [...emails.map((value) => entryHash("email", value)), ...identifiers.map((value) => entryHash("linkedin", value))] } },
      select: { kind: true, value: true, reason: true, note: true, createdAt: true },
      orderBy: { kind: "asc" },
    }),
    db.person.findMany({ where: { id: { in: peopleIds } }, orderBy: { id: "asc" } }),
  ]);
  if (!leads.length && !emailMessages.length && !verification && !dead && !entries.length && !people.length) {
    throw new HeraldError({ code: "not-found", message: "Nobody with this e-mail address or LinkedIn profile is held in this workspace." });
  }
  return {
    exportedAt: now().toISOString(),
    about: { email: query.email, linkedinUrl: query.publicIdentifier ? `https://www.linkedin.com/in/${query.publicIdentifier}` : null },
    leads: leads.map(({ campaignLeads, messages, conversations, actions, listEntries, ...lead }) => ({
      lead: plain(lead),
      provenance: { source: lead.source, sourceDetail: lead.sourceDetail, addedAt: lead.createdAt.toISOString() },
      campaigns: campaignLeads.map(({ campaign, journal, ...participation }) => ({ campaign, participation: plain(participation), steps: journal.map(plain) })),
      linkedinMessages: messages.map(plain),
      emailMessages: emailMessages.filter((message) => message.leadId === lead.id).map(plain),
      conversations: conversations.map(plain),
      senderActions: actions.map(plain),
      listEntries: listEntries.map((entry) => ({ list: entry.list.name, addedAt: entry.addedAt.toISOString() })),
    })),
    unmatchedEmailMessages: emailMessages.filter((message) => !message.leadId || !leadIds.includes(message.leadId)).map(plain),
    addressVerification: verification ? plain(verification) : null,
    deadAddress: dead ? plain(dead) : null,
    doNotContactEntries: entries.map(plain),
    companyDatabasePeople: people.map(plain),
  };
}
