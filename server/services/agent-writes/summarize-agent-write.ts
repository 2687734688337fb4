// What a held write would do, in words, for the approvals queue and the agent's 202: the operation's
// own summary, with the names its path points at where one look-up finds them (a campaign's, a
// list's) and the size of what it carries (12 leads). A few common writes get a sentence of their own,
// with their dry run's words when the write has one (preview-agent-write.ts): "Add 12 leads to
// campaign “X” (9 new, 2 duplicates, 1 on the do-not-contact list)".
import { db } from "../../db/client";

export interface AgentWriteFacts {
  workspaceId: string;
  operationId: string;
  /** get | post | put | patch | delete */
  method: string;
  /** The operation's summary, e.g. "Add leads to a campaign". */
  summary: string;
  /** The operation's path template, e.g. `/campaigns/{id}/leads`. */
  pathTemplate: string;
  params: Record<string, string>;
  body: unknown;
  /** The write's dry run in words (previewAgentWrite), or null/absent when it has none. */
  preview?: string | null;
}

type Namer = (workspaceId: string, id: string) => Promise<string | null>;

const NAMERS: Record<string, { noun: string; name: Namer }> = {
  campaigns: {
    noun: "campaign",
    name: async (workspaceId, id) => (await db.campaign.findFirst({ where: { id, workspaceId }, select: { name: true } }))?.name ?? null,
  },
  "lead-lists": {
    noun: "list",
    name: async (workspaceId, id) => (await db.leadList.findFirst({ where: { id, workspaceId }, select: { name: true } }))?.name ?? null,
  },
};

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** What a field of a change is, in words; other fields are their names spelt out ("dailyLimit" → "daily limit"). */
const FIELD_WORDS: Record<string, string> = {
  linkedinAccountIds: "LinkedIn senders",
  emailAccountIds: "mailboxes",
  listId: "lead list",
  sequence: "sequence",
  agentWritesNeedApproval: "whether agents' writes wait for approval",
};

/** The fields a change sets, in words: an approver sees everything a write would change, not only its headline. */
function changedFields(body: Record<string, unknown>, skip: readonly string[]): string[] {
  return Object.keys(body)
    .filter((field) => !skip.includes(field))
    .map((field) => FIELD_WORDS[field] ?? field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase());
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString("en")} ${noun}${n === 1 ? "" : "s"}`;
}

export async function summarizeAgentWrite(facts: AgentWriteFacts): Promise<string> {
  const area = facts.pathTemplate.split("/")[1] ?? "";
  const namer = NAMERS[area];
  const id = facts.params.id;
  const name = namer && id && facts.pathTemplate.startsWith(`/${area}/{id}`) ? await namer.name(facts.workspaceId, id) : null;
  const target = namer && name !== null ? `${namer.noun} “${name}”` : null;
  const body = record(facts.body);
  const preview = facts.preview;

  if ((facts.operationId === "addCampaignLeads" || facts.operationId === "addLeadListLeads") && Array.isArray(body.leads) && target) {
    return `Add ${count(body.leads.length, "lead")} to ${target}${preview ? ` (${preview})` : ""}`;
  }
  if (facts.operationId === "updateCampaign" && target) {
    const verb = body.status === "paused" ? "Pause" : body.status === "active" ? "Start" : "Change";
    const others = changedFields(body, verb === "Change" ? [] : ["status"]);
    const also = others.length ? ` ${verb === "Change" ? "—" : "and change"} ${others.join(", ")}` : "";
    return `${verb} ${target}${also}${preview ? `: ${preview}` : ""}`;
  }
  if (facts.operationId === "deleteCampaign" && target) return `Delete ${target}`;
  if (facts.operationId === "createCampaign" && typeof body.name === "string") return `Create campaign “${body.name}”`;

  // Field names are not words for people: a list in the body is counted as items.
  const lists = Object.values(body).filter(Array.isArray);
  const named = facts.method.toLowerCase() === "post" && typeof body.name === "string" ? `“${body.name}”` : null;
  const changes = ["patch", "put"].includes(facts.method.toLowerCase()) ? changedFields(body, []) : [];
  const detail = [named, target, ...lists.map((list) => count(list.length, "item")), changes.length ? `changes ${changes.join(", ")}` : null].filter(
    (fact): fact is string => Boolean(fact),
  );
  return detail.length ? `${facts.summary} (${detail.join(", ")})` : facts.summary;
}
