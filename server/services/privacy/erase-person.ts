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
import { eraseFromVerificationJobs, eraseNamingRecords, namingTokens } from "./erase-naming";
import { erasureSummary } from "./erasure-summary";
import { findPerson, personQuery } from "./find-person";
import { companyDatabasePersonIds, personEmailMessageIds, storedAddresses } from "./person-records";

type Counts = TErasePersonResult["removed"];

async function eraseRows(client: DbClient, actor: Actor, key: TPersonKey) {
  const workspaceId = actor.workspaceId;
  const query = personQuery(key);
  const { leads, keys } = await findPerson(client, workspaceId, query);
  const leadIds = leads.map((lead) => lead.id);
  const { emails, identifiers } = keys;
  const campaignLeads = await client.campaignLead.findMany({ where: { leadId: { in: leadIds } }, select: { id: true } });
  const campaignLeadIds = campaignLeads.map((row) => row.id);

  const voiceDrafts = await client.pendingVoiceNote.findMany({ where: { campaignLeadId: { in: campaignLeadIds } }, select: { audioKey: true } });
  const sentVoices = await client.$queryRaw<Array<{ key: string }>>`
    SELECT voice->>'audioKey' AS key FROM "LinkedinMessage" WHERE "leadId" = ANY(${leadIds}::text[]) AND voice->>'audioKey' IS NOT NULL`;
  const fileKeys = [...new Set([...voiceDrafts.map((row) => row.audioKey), ...sentVoices.map((row) => row.key)])];

  const emailMessageIds = await personEmailMessageIds(client, workspaceId, { leadIds, campaignLeadIds, emails });
  const emailMessages = await client.emailMessage.deleteMany({ where: { id: { in: emailMessageIds } } });
  // Counted before the leads go: these cascade with them.
  const [linkedinMessages, conversations, senderActions] = await Promise.all([
    client.linkedinMessage.count({ where: { leadId: { in: leadIds } } }),
    client.conversation.count({ where: { leadId: { in: leadIds } } }),
    client.senderAction.count({ where: { leadId: { in: leadIds } } }),
  ]);
  const events = await eraseNamingRecords(client, workspaceId, namingTokens([...leadIds, ...campaignLeadIds], emails, identifiers));
  await eraseFromVerificationJobs(client, workspaceId, emails);
  // Campaign leads cascade to their journal, manual tasks, pending comments and voice notes; leads
  // to their actions, LinkedIn messages, conversations and list entries.
  await client.campaignLead.deleteMany({ where: { id: { in: campaignLeadIds } } });
  const removedLeads = await client.lead.deleteMany({ where: { id: { in: leadIds } } });
  const verified = await storedAddresses(client, "AddressVerification", workspaceId, emails);
  const addressVerifications = await client.addressVerification.deleteMany({ where: { workspaceId, address: { in: verified } } });
  const dead = await storedAddresses(client, "DeadEmailAddress", workspaceId, emails);
  const deadAddresses = await client.deadEmailAddress.deleteMany({ where: { workspaceId, address: { in: dead } } });
  const storedFiles = await client.storedFile.deleteMany({ where: { workspaceId, key: { in: fileKeys } } });
  // The company database is installation-wide: the person's rows there go by exact address or profile.
  const companyDatabasePeople = await client.person.deleteMany({ where: { id: { in: await companyDatabasePersonIds(client, keys) } } });
  const erasedKeys: ErasedKey[] = [...emails.map((value) => ({ kind: "email" as const, value })), ...identifiers.map((value) => ({ kind: "linkedin" as const, value }))];
  const doNotContactEntries = await addErasedEntries(client, { workspaceId, keys: erasedKeys, createdBy: actor.userId, at: now() });

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
    companyDatabasePeople: companyDatabasePeople.count,
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
