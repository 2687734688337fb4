// One Salesforce org as a CrmClient, through jsforce. A lead is matched against Contacts first,
// then unconverted Leads (by Email, then by the mapped LinkedIn field); a new one is created as a
// Lead, the record Salesforce meant for a prospect. Herald's activity is a completed Task on the
// record (WhoId); a positive reply's deal is an Opportunity in the chosen stage, tied to a
// Contact's Account with a primary contact role (a Lead has no account until it is converted:
// its opportunity names the lead in its description). Pipelines: Salesforce has one opportunity
// "pipeline", the StageName picklist.
import type { Record as SalesforceRecord, SaveResult } from "jsforce";
import { now } from "../../../lib/clock";
import { CrmError, type CrmActivity, type CrmClient, type CrmField, type CrmList, type CrmMatch, type CrmOAuthConfig, type CrmRecordRef, type CrmTokens } from "../types";
import { linkedinUrlVariants } from "../linkedin-url";
import { salesforceCall, salesforceConnection, salesforceInstanceUrl, soqlString } from "./salesforce-connection";
import { crmField, describer, objectOfId, writableProperties, type PersonObject } from "./salesforce-fields";
import { salesforceAccount } from "./salesforce-oauth";
import { pullSalesforceExclusions, salesforceListMembers } from "./salesforce-pull";

/** The single opportunity "pipeline" (its stages are StageName's values). */
export const OPPORTUNITY_PIPELINE_ID = "opportunity";
/** Days from the reply to an opportunity's CloseDate, which Salesforce requires. */
const CLOSE_DATE_DAYS = 30;

function savedId(result: SaveResult, what: string): string {
  if (result.success) return result.id;
  const message = result.errors.map((error) => error.message).join("; ");
  throw new CrmError("rejected", `Salesforce refused the ${what}: ${message || "no reason given"}.`);
}

function taskDescription(activity: CrmActivity): string {
  const parts = [activity.body.trim()];
  if (activity.interest) parts.push(`Interest: ${activity.interest}`);
  return parts.filter((part) => part !== "").join("\n\n").slice(0, 32_000);
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function salesforceClient(tokens: CrmTokens, config: CrmOAuthConfig): CrmClient {
  const connection = salesforceConnection(tokens, config);
  const instanceUrl = salesforceInstanceUrl(tokens, config);
  const describe = describer(connection);
  let me: Promise<string> | null = null;
  const connectedUserId = (): Promise<string> => {
    me ??= salesforceCall(async () => (await connection.identity()).user_id);
    return me;
  };
  const recordUrl = (object: string, id: string) => `${instanceUrl}/lightning/r/${object}/${id}/view`;

  async function firstId(object: PersonObject, condition: string): Promise<string | null> {
    const unconverted = object === "Lead" ? " AND IsConverted = false" : "";
    const soql = `SELECT Id FROM ${object} WHERE ${condition}${unconverted} ORDER BY CreatedDate ASC LIMIT 1`;
    const result = await salesforceCall(async () => await connection.query<SalesforceRecord>(soql));
    const id = result.records[0]?.Id;
    return typeof id === "string" ? id : null;
  }

  return {
    account: () => salesforceAccount(connection),

    async listFields(): Promise<CrmField[]> {
      const [lead, contact] = await Promise.all([describe("Lead"), describe("Contact")]);
      const byName = new Map<string, CrmField>();
      for (const field of [...lead.fields, ...contact.fields]) if (!byName.has(field.name)) byName.set(field.name, crmField(field));
      return [...byName.values()];
    },

    async listPipelines() {
      const opportunity = await describe("Opportunity");
      const stageName = opportunity.fields.find((field) => field.name === "StageName");
      const values = (stageName?.picklistValues ?? []) as Array<{ active?: boolean; label?: string; value?: string }>;
      const stages = values.filter((value) => value.active !== false && typeof value.value === "string").map((value) => ({ id: value.value ?? "", name: value.label ?? value.value ?? "" }));
      return [{ id: OPPORTUNITY_PIPELINE_ID, name: "Opportunities", stages }];
    },

    async listLists(): Promise<CrmList[]> {
      const lists: CrmList[] = [];
      for (const object of ["Contact", "Lead"] as const) {
        const answer = (await salesforceCall(async () => (await connection.sobject(object).listviews()) as unknown)) as { listviews?: Array<{ id?: string; label?: string }> };
        for (const view of answer.listviews ?? []) {
          if (view.id) lists.push({ id: `${object}:${view.id}`, name: `${object === "Contact" ? "Contacts" : "Leads"}: ${view.label ?? view.id}`, size: null });
        }
      }
      return lists;
    },

    async findContact(match: CrmMatch): Promise<CrmRecordRef | null> {
      const email = match.email?.trim();
      if (email) {
        for (const object of ["Contact", "Lead"] as const) {
          const id = await firstId(object, `Email = ${soqlString(email)}`);
          if (id) return { id, url: recordUrl(object, id) };
        }
      }
      const linkedinField = match.linkedinField;
      if (match.linkedinUrl && linkedinField && /^[A-Za-z0-9_]+$/.test(linkedinField)) {
        const variants = linkedinUrlVariants(match.linkedinUrl).map(soqlString).join(", ");
        for (const object of ["Contact", "Lead"] as const) {
          // An org may have created the LinkedIn field on one object only.
          if (!(await describe(object)).fields.some((field) => field.name === linkedinField)) continue;
          const id = await firstId(object, `${linkedinField} IN (${variants})`);
          if (id) return { id, url: recordUrl(object, id) };
        }
      }
      return null;
    },

    async createContact(properties) {
      const record = writableProperties(await describe("Lead"), properties, "create");
      const id = savedId(await salesforceCall(() => connection.sobject("Lead").create(record)), "new lead");
      return { id, url: recordUrl("Lead", id) };
    },

    async updateContact(id, properties) {
      const object = objectOfId(id);
      const record = writableProperties(await describe(object), properties, "update");
      if (Object.keys(record).length === 0) return;
      savedId(await salesforceCall(() => connection.sobject(object).update({ Id: id, ...record })), object === "Lead" ? "lead's changes" : "contact's changes");
    },

    async logActivity(contactId, activity) {
      objectOfId(contactId);
      const task = {
        WhoId: contactId,
        Subject: activity.subject.slice(0, 255),
        Description: taskDescription(activity),
        ActivityDate: isoDate(activity.occurredAt),
        Status: "Completed",
        Priority: "Normal",
      };
      const id = savedId(await salesforceCall(() => connection.sobject("Task").create(task)), "activity");
      return { id, url: recordUrl("Task", id) };
    },

    async createDeal(contactId, deal) {
      const object = objectOfId(contactId);
      if (deal.pipelineId !== OPPORTUNITY_PIPELINE_ID) throw new CrmError("not-found", `Salesforce has one opportunity pipeline; "${deal.pipelineId}" is not it.`);
      const opportunity: Record<string, string> = { Name: deal.name.slice(0, 120), StageName: deal.stageId, CloseDate: isoDate(new Date(now().getTime() + CLOSE_DATE_DAYS * 86_400_000)) };
      if (object === "Contact") {
        const contact = await salesforceCall(async () => await connection.sobject("Contact").retrieve(contactId));
        if (typeof contact.AccountId === "string") opportunity.AccountId = contact.AccountId;
      } else {
        opportunity.Description = `Created by Herald for the lead ${recordUrl("Lead", contactId)}; convert the lead to tie them together.`;
      }
      const id = savedId(await salesforceCall(() => connection.sobject("Opportunity").create(opportunity)), "opportunity");
      if (object === "Contact") {
        savedId(await salesforceCall(() => connection.sobject("OpportunityContactRole").create({ OpportunityId: id, ContactId: contactId, IsPrimary: true })), "opportunity's contact role");
      }
      return { id, url: recordUrl("Opportunity", id) };
    },

    pullExclusions: (input) => pullSalesforceExclusions({ connection, describe, connectedUserId }, input),
    listMembers: (input) => salesforceListMembers({ connection, describe, connectedUserId }, input),
  };
}
