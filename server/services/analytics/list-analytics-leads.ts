// The leads behind an analytics figure: the campaign leads of the period (by the day they were first
// contacted) that the figure counted, newest contact first, as many as the figure says.
import { db, type Prisma } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { parseInput } from "../../lib/zod-issues";
import { addDays } from "../../domain/analytics/period";
import type { CountKey } from "../../domain/analytics/metrics";
import { toIso } from "../../schemas/common";
import { ZAnalyticsLeadsQuery, type TAnalyticsLeads, type TAnalyticsLeadsQuery } from "../../schemas/analytics";
import { leadName } from "../leads/lead-name";
import { analyticsScope } from "./analytics-scope";

const COUNTED: Record<CountKey, Prisma.CampaignLeadWhereInput> = {
  contacted: {},
  invited: { invitationSentAt: { not: null } },
  // A lead already connected is marked accepted without an invitation: it is not one the rate counts.
  accepted: { invitationAccepted: true, invitationSentAt: { not: null } },
  messaged: { messageSentAt: { not: null } },
  emailed: { emailSentAt: { not: null } },
  replied: { repliedAt: { not: null } },
  positive: { interest: "interested", repliedAt: { not: null } },
  outcomes: { outcome: { not: null } },
  bounced: { emailBouncedAt: { not: null } },
  complained: { complainedAt: { not: null } },
  unsubscribed: { unsubscribedAt: { not: null } },
};

export async function listAnalyticsLeads(actor: Actor, input: TAnalyticsLeadsQuery): Promise<TAnalyticsLeads> {
  const query = parseInput(ZAnalyticsLeadsQuery, input);
  if (query.stepId && !query.campaignId) throw HeraldError.invalidInput("A step is of one campaign: choose the campaign", [{ field: "campaignId", message: "needed with stepId" }]);
  if (query.variantId && !query.stepId) throw HeraldError.invalidInput("A variant is of one step: choose the step", [{ field: "stepId", message: "needed with variantId" }]);
  const scope = await analyticsScope(actor, query);
  const reachedBy = { stepId: query.stepId, ...(query.variantId ? { variantId: query.variantId } : {}) };
  const where: Prisma.CampaignLeadWhereInput = {
    workspaceId: scope.workspaceId,
    contactedAt: { gte: new Date(`${scope.period.from}T00:00:00Z`), lt: new Date(`${addDays(scope.period.to, 1)}T00:00:00Z`) },
    ...(scope.campaignId ? { campaignId: scope.campaignId } : {}),
    ...(scope.senderId ? { linkedinAccountId: scope.senderId } : {}),
    ...(scope.mailboxId ? { emailAccountId: scope.mailboxId } : {}),
    AND: [
      COUNTED[query.metric],
      // The step reached the lead as the breakdown counts it (step-outcome-sums.ts REACHED).
      query.stepId
        ? {
            OR: [
              { journal: { some: { ...reachedBy, status: "done" } } },
              { emailBouncedAt: { not: null }, journal: { some: { ...reachedBy, status: "failed", stepType: "email" } } },
            ],
          }
        : {},
    ],
  };
  const [rows, total] = await Promise.all([
    db.campaignLead.findMany({
      where,
      orderBy: [{ contactedAt: "desc" }, { id: "desc" }],
      skip: query.offset,
      take: query.limit,
      select: {
        id: true,
        leadId: true,
        campaignId: true,
        status: true,
        contactedAt: true,
        repliedAt: true,
        interest: true,
        outcome: true,
        campaign: { select: { name: true } },
        lead: { select: { firstName: true, lastName: true, email: true, publicIdentifier: true, company: true } },
      },
    }),
    db.campaignLead.count({ where }),
  ]);
  return {
    data: rows.map((row) => ({
      campaignLeadId: row.id,
      leadId: row.leadId,
      name: leadName(row.lead),
      company: row.lead.company,
      campaignId: row.campaignId,
      campaignName: row.campaign.name,
      status: row.status,
      contactedAt: toIso(row.contactedAt)!,
      repliedAt: toIso(row.repliedAt),
      interest: row.interest,
      outcome: row.outcome,
    })),
    paging: { limit: query.limit, offset: query.offset, total },
  };
}
