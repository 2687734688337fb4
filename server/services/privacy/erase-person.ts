// Erases a person everywhere in a workspace on request (docs/privacy.md): their leads and all that
// hangs off them, the messages and conversations with them, the events and webhook deliveries that
// name them, their address's verification and bounce records, their company-database rows, then
// lists them on the do-not-contact list by hash only, so that they are not imported again. One
// transaction; the stored audio files go after it commits (a failed commit must not lose files of
// rows still there). Counts kept as rollups (analytics) stay: they name nobody.
import { db, type DbClient } from "../../db/client";
import { requireRole, type Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { logger } from "../../lib/logger";
import { getFileStorage } from "../../providers/storage";
import type { TErasePersonResult, TPersonKey } from "../../schemas/privacy";
import { addErasedEntries, type ErasedKey } from "../do-not-contact/add-erased-entries";
import { findPersonLeads, personKeysOf, personQuery } from "./find-person";
import { erasureSummary } from "./erasure-summary";

type Counts = TErasePersonResult["removed"];

/** Text that, found in a JSON payload or a job's record, names the person. */
function needlesOf(leadIds: string[], emails: string[], identifiers: string[]): string[] {
  return [...leadIds, ...emails, ...identifiers.flatMap((id) => [`/in/${id}`, `"${id}"`])].map((text) => text.toLowerCase());
}

async function deleteNaming(client: DbClient, workspaceId: string, needles: string[]): Promise<number> {
  if (!needles.length) return 0;
  // strpos, not LIKE: an address's "_" and "%" are characters, not patterns.
  const deliveries = await client.$executeRaw`
    DELETE FROM "WebhookDelivery" WHERE "workspaceId" = ${workspaceId}
      AND EXISTS (SELECT 1 FROM unnest(${needles}::text[]) AS n WHERE strpos(lower(payload::text), n) > 0)`;
  const events = await client.$executeRaw`
    DELETE FROM "OutboxEvent" WHERE "workspaceId" = ${workspaceId}
      AND EXISTS (SELECT 1 FROM unnest(${needles}::text[]) AS n WHERE strpos(lower(data::text), n) > 0)`;
  // Stored API responses and finished background jobs may quote the person too.
  await client.$executeRaw`
    DELETE FROM "IdempotencyRecord" WHERE "workspaceId" = ${workspaceId}
      AND EXISTS (SELECT 1 FROM unnest(${needles}::text[]) AS n WHERE strpos(lower("responseBody"::text), n) > 0)`;
  await client.$executeRaw`
    DELETE FROM "JobRun" WHERE "workspaceId" = ${workspaceId} AND status IN ('completed', 'failed', 'cancelled')
      AND EXISTS (SELECT 1 FROM unnest(${needles}::text[]) AS n
                  WHERE strpos(lower(event::text || events::text || coalesce(output::text, '') || coalesce(error::text, '')), n) > 0)`;
  return deliveries + events;
}

async function eraseRows(client: DbClient, actor: Actor, key: TPersonKey) {
  const workspaceId = actor.workspaceId;
  const query = personQuery(key);
  const leads = await findPersonLeads(client, workspaceId, query);
  const leadIds = leads.map((lead) => lead.id);
  const { emails, identifiers } = personKeysOf(query, leads);
  const campaignLeads = await client.campaignLead.findMany({ where: { leadId: { in: leadIds } }, select: { id: true } });
  const campaignLeadIds = campaignLeads.map((row) => row.id);

  const voiceDrafts = await client.pendingVoiceNote.findMany({ where: { campaignLeadId: { in: campaignLeadIds } }, select: { audioKey: true } });
  const sentVoices = await client.$queryRaw<Array<{ key: string }>>`
    SELECT voice->>'audioKey' AS key FROM "LinkedinMessage" WHERE "leadId" = ANY(${leadIds}::text[]) AND voice->>'audioKey' IS NOT NULL`;
  const fileKeys = [...new Set([...voiceDrafts.map((row) => row.audioKey), ...sentVoices.map((row) => row.key)])];

  const emailConditions = emails.flatMap((address) => [
    { fromAddress: { contains: address, mode: "insensitive" as const } },
    { toAddress: { contains: address, mode: "insensitive" as const } },
  ]);
  const emailMessages = await client.emailMessage.deleteMany({
    where: { workspaceId, OR: [{ leadId: { in: leadIds } }, { campaignLeadId: { in: campaignLeadIds } }, ...emailConditions] },
  });
  // Counted before the leads go: these cascade with them.
  const [linkedinMessages, conversations, senderActions] = await Promise.all([
    client.linkedinMessage.count({ where: { leadId: { in: leadIds } } }),
    client.conversation.count({ where: { leadId: { in: leadIds } } }),
    client.senderAction.count({ where: { leadId: { in: leadIds } } }),
  ]);
  const events = await deleteNaming(client, workspaceId, needlesOf([...leadIds, ...campaignLeadIds], emails, identifiers));
  // Campaign leads cascade to their journal, manual tasks, pending comments and voice notes; leads
  // to their actions, LinkedIn messages, conversations and list entries.
  await client.campaignLead.deleteMany({ where: { id: { in: campaignLeadIds } } });
  const removedLeads = await client.lead.deleteMany({ where: { id: { in: leadIds } } });
  const addressVerifications = await client.addressVerification.deleteMany({ where: { workspaceId, address: { in: emails, mode: "insensitive" } } });
  const deadAddresses = await client.deadEmailAddress.deleteMany({ where: { workspaceId, address: { in: emails, mode: "insensitive" } } });
  const storedFiles = await client.storedFile.deleteMany({ where: { workspaceId, key: { in: fileKeys } } });
  const companyDatabasePeople = await client.person.deleteMany({
    where: {
      OR: [
        ...emails.map((address) => ({ email: { equals: address, mode: "insensitive" as const } })),
        ...identifiers.map((identifier) => ({ linkedinUrl: { contains: `/in/${identifier}`, mode: "insensitive" as const } })),
      ],
    },
  });
  const keys: ErasedKey[] = [...emails.map((value) => ({ kind: "email" as const, value })), ...identifiers.map((value) => ({ kind: "linkedin" as const, value }))];
  const doNotContactEntries = await addErasedEntries(client, { workspaceId, keys, createdBy: actor.userId, at: now() });

  const removed: Counts = {
    leads: removedLeads.count,
    campaignParticipations: campaignLeadIds.length,
    linkedinMessages,
    emailMessages: emailMessages.count,
    conversations,
    senderActions,
    addressVerifications: addressVerifications.count,
    deadAddresses: deadAddresses.count,
    events,
    companyDatabasePeople: emails.length || identifiers.length ? companyDatabasePeople.count : 0,
    files: Math.max(fileKeys.length, storedFiles.count),
    doNotContactEntries,
  };
  return { removed, fileKeys };
}

/** Erases the person an address or a LinkedIn profile names; an unknown person is still listed by hash. */
export async function erasePerson(actor: Actor, key: TPersonKey): Promise<TErasePersonResult> {
  requireRole(actor, "admin", "erase a person's data");
  const { removed, fileKeys } = await db.$transaction((client) => eraseRows(client, actor, key), { timeout: 60_000 });
  const storage = getFileStorage();
  for (const fileKey of fileKeys) {
    try {
      await storage.delete(fileKey);
    } catch (error) {
      logger.warn("An erased person's stored file could not be deleted; its row is gone, the file stays until removed by hand", { fileKey, error });
    }
  }
  // The audit line names who erased and how much, never whom.
  logger.info("A person was erased on request", { workspaceId: actor.workspaceId, userId: actor.userId, apiKeyId: actor.apiKeyId ?? null, removed });
  const found = removed.leads + removed.emailMessages + removed.linkedinMessages + removed.addressVerifications + removed.deadAddresses + removed.events + removed.companyDatabasePeople > 0;
  return { found, removed, summary: erasureSummary(found, removed) };
}
