// Turns lead inputs (profile URL and/or e-mail, names, custom variables) into the workspace's leads:
// existing ones are found (by public identifier, else by e-mail) and filled where blank or where
// only a provider's profile had filled them, new ones created. A person named twice in one request is reported as a duplicate.
import type { Prisma } from "../../db/client";
import type { Lead } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { profileUrlOf, publicIdentifierFrom } from "../../lib/linkedin-url";
import type { TLeadInput } from "../../schemas/lead";
import { fieldsUserMaySet } from "./merge-provider-profile";
import { insertLeads } from "./insert-leads";
import { readCustomVariables } from "./lead-columns";

export type ResolvedLeadInput =
  | { index: number; input: TLeadInput; lead: Lead; created: boolean }
  | { index: number; input: TLeadInput; duplicateOf: number };

export async function resolveLeadInputs(
  tx: Prisma.TransactionClient,
  workspaceId: string,
  inputs: TLeadInput[],
  source: string,
  sourceDetail: string | null = null,
): Promise<ResolvedLeadInput[]> {
  const at = now();
  const keyed = inputs.map((input, index) => ({
    index,
    input,
    publicIdentifier: input.profileUrl ? publicIdentifierFrom(input.profileUrl) : null,
    email: input.email ?? null,
  }));
  const seen = new Map<string, number>();
  const firstOf = new Map<number, number>();
  for (const entry of keyed) {
    const keys = [entry.publicIdentifier && `in:${entry.publicIdentifier}`, !entry.publicIdentifier && entry.email && `email:${entry.email}`].filter(Boolean) as string[];
    const earlier = keys.map((key) => seen.get(key)).find((value) => value !== undefined);
    if (earlier !== undefined) firstOf.set(entry.index, earlier);
    else for (const key of keys) seen.set(key, entry.index);
  }

  const unique = keyed.filter((entry) => !firstOf.has(entry.index));
  const identifiers = unique.flatMap((entry) => (entry.publicIdentifier ? [entry.publicIdentifier] : []));
  const emails = unique.flatMap((entry) => (entry.email ? [entry.email] : []));
  const existing = await tx.lead.findMany({
    where: { workspaceId, OR: [{ publicIdentifier: { in: identifiers } }, { email: { in: emails } }] },
    orderBy: { createdAt: "asc" },
  });
  const byIdentifier = new Map(existing.filter((lead) => lead.publicIdentifier).map((lead) => [lead.publicIdentifier!, lead]));
  const byEmail = new Map<string, Lead>();
  for (const lead of existing) if (lead.email && !byEmail.has(lead.email)) byEmail.set(lead.email, lead);

  const found = new Map<number, Lead>();
  const toCreate: typeof unique = [];
  for (const entry of unique) {
    const match =
      (entry.publicIdentifier && byIdentifier.get(entry.publicIdentifier)) ||
      (entry.email && byEmail.get(entry.email) && (!entry.publicIdentifier || !byEmail.get(entry.email)!.publicIdentifier) ? byEmail.get(entry.email) : undefined);
    if (match) found.set(entry.index, match);
    else toCreate.push(entry);
  }

  const createdIds = new Set<string>();
  if (toCreate.length) {
    const created = await insertLeads(
      tx,
      toCreate.map((entry) => ({
        workspaceId,
        publicIdentifier: entry.publicIdentifier,
        profileUrl: entry.publicIdentifier ? profileUrlOf(entry.publicIdentifier) : null,
        email: entry.email,
        firstName: entry.input.firstName || null,
        lastName: entry.input.lastName || null,
        company: entry.input.company || null,
        customVariables: entry.input.customVariables ?? {},
        source,
        sourceDetail,
      })),
      at,
    );
    for (const lead of created) createdIds.add(lead.id);
    const createdByIdentifier = new Map(created.filter((lead) => lead.publicIdentifier).map((lead) => [lead.publicIdentifier!, lead]));
    const emailOnly = new Map<string, Lead>();
    for (const lead of created) if (!lead.publicIdentifier && lead.email) emailOnly.set(lead.email, lead);
    // A concurrent request may have created some of them first: read those back.
    const missing = toCreate.filter((entry) => entry.publicIdentifier && !createdByIdentifier.has(entry.publicIdentifier));
    const raced = missing.length
      ? await tx.lead.findMany({ where: { workspaceId, publicIdentifier: { in: missing.map((entry) => entry.publicIdentifier!) } } })
      : [];
    for (const lead of raced) createdByIdentifier.set(lead.publicIdentifier!, lead);
    for (const entry of toCreate) {
      const lead = entry.publicIdentifier ? createdByIdentifier.get(entry.publicIdentifier) : emailOnly.get(entry.email!);
      if (lead) found.set(entry.index, lead);
    }
  }

  // Existing leads: fill what they lack, and merge the custom variables given.
  for (const entry of unique) {
    const lead = found.get(entry.index);
    if (!lead || createdIds.has(lead.id)) continue;
    // The user's word fills blanks and replaces what a provider's profile filled (merge-provider-profile.ts).
    const userFields = fieldsUserMaySet(lead, { firstName: entry.input.firstName, lastName: entry.input.lastName, company: entry.input.company });
    const fill: Prisma.LeadUpdateInput = { ...userFields.set };
    if (userFields.providerProfile) fill.providerProfile = { ...userFields.providerProfile };
    if (!lead.email && entry.email) fill.email = entry.email;
    if (!lead.publicIdentifier && entry.publicIdentifier) {
      fill.publicIdentifier = entry.publicIdentifier;
      fill.profileUrl = profileUrlOf(entry.publicIdentifier);
    }
    if (entry.input.customVariables && Object.keys(entry.input.customVariables).length) {
      fill.customVariables = { ...readCustomVariables(lead.customVariables), ...entry.input.customVariables };
    }
    if (Object.keys(fill).length) found.set(entry.index, await tx.lead.update({ where: { id: lead.id }, data: { ...fill, updatedAt: at } }));
  }

  return keyed.map((entry) => {
    const duplicateOf = firstOf.get(entry.index);
    if (duplicateOf !== undefined) return { index: entry.index, input: entry.input, duplicateOf };
    const lead = found.get(entry.index)!;
    return { index: entry.index, input: entry.input, lead, created: createdIds.has(lead.id) };
  });
}
