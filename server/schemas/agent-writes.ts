// An agent's write held for approval (issue 39): what an /api/v1 operation answers, with 202, instead
// of running, when the request came from Herald's MCP server and the workspace requires approval of
// agents' writes. An approver runs or rejects it from the approvals queue; running it performs the
// same operation with the same input, as the key that asked.
import { z } from "zod";
import { ZPaginationQuery, ZPagingWithTotal, ZTimestamp } from "./common";

export const ZPendingAgentWriteStatus = z.enum(["pending", "approved", "rejected", "failed"]);

export const ZPendingAgentWrite = z
  .object({
    id: z.string(),
    /** The operation it would run, e.g. `addCampaignLeads`. */
    operationId: z.string(),
    method: z.string(),
    /** The concrete path, e.g. `/api/v1/campaigns/cmp_123/leads`. */
    path: z.string(),
    /** What it would do, in words (the dry run's summary when there was one). */
    summary: z.string(),
    /** The API key's name that asked. */
    requestedBy: z.string(),
    status: ZPendingAgentWriteStatus,
    createdAt: ZTimestamp,
    decidedAt: ZTimestamp.nullable(),
    /** The operation's answer once run (its status and body), or why it failed. */
    result: z.object({ status: z.number().int(), body: z.unknown() }).nullable(),
  })
  .meta({ id: "PendingAgentWrite" });
export type TPendingAgentWrite = z.infer<typeof ZPendingAgentWrite>;

/** The 202 body of a held write. */
export const ZHeldForApproval = z
  .object({
    pendingApproval: ZPendingAgentWrite,
    message: z.string(),
  })
  .meta({ id: "HeldForApproval" });
export type THeldForApproval = z.infer<typeof ZHeldForApproval>;

// The approvals queue of agents' writes (Approvals → Agent actions; /api/v1/pending-agent-writes).

/** A held write with the input it would run with, for the person deciding. */
export const ZPendingAgentWriteDetail = ZPendingAgentWrite.extend({
  input: z.object({
    params: z.record(z.string(), z.string()),
    query: z.record(z.string(), z.string()),
    body: z.unknown(),
  }),
  /** Who approved or rejected it, by name (or e-mail). */
  decidedBy: z.string().nullable(),
}).meta({ id: "PendingAgentWriteDetail" });
export type TPendingAgentWriteDetail = z.infer<typeof ZPendingAgentWriteDetail>;

export const ZListPendingAgentWritesQuery = ZPaginationQuery.extend({
  status: z
    .enum(["pending", "decided", ...ZPendingAgentWriteStatus.options], { message: "must be pending, decided, approved, rejected or failed" })
    .optional()
    .meta({ description: "Default: pending. `decided`: approved, rejected and failed, newest decision first" }),
});
export type TListPendingAgentWritesQuery = z.infer<typeof ZListPendingAgentWritesQuery>;

export const ZPendingAgentWriteList = z.object({ data: z.array(ZPendingAgentWriteDetail), paging: ZPagingWithTotal });
export type TPendingAgentWriteList = z.infer<typeof ZPendingAgentWriteList>;
