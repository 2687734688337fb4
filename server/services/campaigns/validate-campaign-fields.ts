// Checks shared by create and update: the schedule's zone, the senders of the pool, the lists.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError, type FieldIssue } from "../../lib/errors";
import { isValidTimeZone } from "../../lib/time-zones";
import type { TCreateCampaignInput } from "../../schemas/campaign";

export async function validateCampaignFields(actor: Actor, input: TCreateCampaignInput): Promise<void> {
  const issues: FieldIssue[] = [];
  if (input.schedule && !isValidTimeZone(input.schedule.timezone)) {
    issues.push({ field: "schedule.timezone", message: "must be an IANA zone such as Europe/Paris" });
  }
  if (input.linkedinAccountIds?.length) {
    const known = new Set(
      (await db.linkedinAccount.findMany({ where: { workspaceId: actor.workspaceId, id: { in: input.linkedinAccountIds } }, select: { id: true } })).map(
        (row) => row.id,
      ),
    );
    input.linkedinAccountIds.forEach((id, index) => {
      if (!known.has(id)) issues.push({ field: `linkedinAccountIds.${index}`, message: `names no sender of this workspace: ${id}` });
    });
    if (new Set(input.linkedinAccountIds).size !== input.linkedinAccountIds.length) {
      issues.push({ field: "linkedinAccountIds", message: "must not repeat a sender" });
    }
  }
  const listIds = [...(input.excludeListIds ?? []), ...(input.listId ? [input.listId] : [])];
  if (listIds.length) {
    const known = new Set(
      (await db.leadList.findMany({ where: { workspaceId: actor.workspaceId, id: { in: listIds } }, select: { id: true } })).map((row) => row.id),
    );
    (input.excludeListIds ?? []).forEach((id, index) => {
      if (!known.has(id)) issues.push({ field: `excludeListIds.${index}`, message: `names no lead list of this workspace: ${id}` });
    });
    if (input.listId && !known.has(input.listId)) issues.push({ field: "listId", message: `names no lead list of this workspace: ${input.listId}` });
  }
  if (issues.length) throw HeraldError.invalidInput(`Invalid ${issues[0]!.field}: ${issues[0]!.message}`, issues);
}
