// Reading Salesforce contacts and leads back into Herald, one SOQL batch at a time (200 records,
// "Sforce-Query-Options: batchSize"), resumed through Salesforce's query locators:
// - customers: Contacts whose Account's Type starts with "Customer" (Salesforce's standard values
//   are "Customer - Direct" and "Customer - Channel"); changed since: the contact or its account;
// - owned: Contacts and unconverted Leads owned by a user other than the one who connected
//   Salesforce (Herald's own records belong to that user; a queue-owned lead is nobody's yet);
// - lists: the records of Contact or Lead list views (the list view's own SOQL, from its describe).
// A locator lives about 15 minutes: a cursor older than that starts its step over.
import type { Connection, DescribeSObjectResult, QueryOptions, QueryResult, Record as SalesforceRecord } from "jsforce";
import { z } from "zod";
import { CrmError, type CrmExclusionRules, type CrmFieldMapping, type CrmPage, type CrmPulledContact } from "../types";
import { salesforceCall, soqlDateTime, soqlString } from "./salesforce-connection";
import { pulledRecord, selectFields, type PersonObject } from "./salesforce-fields";

export const BATCH_SIZE = 200;
const QUERY_OPTIONS: QueryOptions = { headers: { "Sforce-Query-Options": `batchSize=${BATCH_SIZE}` }, autoFetch: false, maxFetch: BATCH_SIZE, scanAll: false, responseTarget: "QueryResult" };

type Step = { kind: "customers" } | { kind: "owned"; object: PersonObject } | { kind: "list"; object: PersonObject; listViewId: string };

interface PullCursor {
  step: number;
  locator: string | null;
}

/** A list's id as Herald keeps it: the object and the list view's id ("Contact:00B…"). */
export function parseListId(listId: string): { object: PersonObject; listViewId: string } {
  const match = /^(Contact|Lead):([A-Za-z0-9]{15,18})$/.exec(listId);
  if (!match) throw new CrmError("not-found", `"${listId}" is not a Salesforce list view.`);
  return { object: match[1] as PersonObject, listViewId: match[2] ?? "" };
}

function steps(rules: CrmExclusionRules): Step[] {
  const all: Step[] = [];
  if (rules.customers) all.push({ kind: "customers" });
  if (rules.owned) all.push({ kind: "owned", object: "Contact" }, { kind: "owned", object: "Lead" });
  for (const listId of rules.listIds) all.push({ kind: "list", ...parseListId(listId) });
  return all;
}

function readCursor(cursor: string | null): PullCursor {
  if (cursor === null) return { step: 0, locator: null };
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Partial<PullCursor>;
    if (typeof parsed.step === "number" && (parsed.locator === null || typeof parsed.locator === "string")) return { step: parsed.step, locator: parsed.locator };
  } catch {
    // an unreadable cursor starts over, which the idempotent sync tolerates
  }
  return { step: 0, locator: null };
}

function writeCursor(cursor: PullCursor): string {
  return Buffer.from(JSON.stringify(cursor), "utf8").toString("base64url");
}

function locatorOf(result: QueryResult<SalesforceRecord>): string | null {
  return result.done || !result.nextRecordsUrl ? null : (result.nextRecordsUrl.split("/").pop() ?? null);
}

export interface PullContext {
  connection: Connection;
  describe: (object: string) => Promise<DescribeSObjectResult>;
  connectedUserId: () => Promise<string>;
}

/** The first batch of a query, or the next one from its locator; a lapsed locator starts over. */
async function batch(context: PullContext, soql: () => Promise<string>, locator: string | null): Promise<QueryResult<SalesforceRecord>> {
  if (locator) {
    try {
      return await salesforceCall(async () => await context.connection.queryMore(locator, QUERY_OPTIONS));
    } catch (error) {
      if (!(error instanceof CrmError && error.kind === "not-found")) throw error;
    }
  }
  const query = await soql();
  return salesforceCall(async () => await context.connection.query(query, QUERY_OPTIONS));
}

const ZListViewDescribe = z.object({ query: z.string().min(1) });

async function listViewRecords(context: PullContext, object: PersonObject, listViewId: string, locator: string | null, mapping: CrmFieldMapping[]): Promise<{ records: SalesforceRecord[]; locator: string | null }> {
  const describe = await context.describe(object);
  const page = await batch(
    context,
    async () => {
      const answer: unknown = await salesforceCall(async () => (await context.connection.sobject(object).listview(listViewId).describe()) as unknown);
      const parsed = ZListViewDescribe.safeParse(answer);
      if (!parsed.success) throw new CrmError("unavailable", "Salesforce described the list view without its query; try again later.");
      return parsed.data.query;
    },
    locator,
  );
  const ids = page.records.map((record) => record.Id).filter((id): id is string => typeof id === "string");
  if (ids.length === 0) return { records: [], locator: locatorOf(page) };
  // The list view's columns are its own: read the mapped fields of its records.
  const soql = `SELECT ${selectFields(describe, mapping).join(", ")} FROM ${object} WHERE Id IN (${ids.map(soqlString).join(", ")})`;
  const records = (await salesforceCall(async () => await context.connection.query(soql, { ...QUERY_OPTIONS, autoFetch: true }))).records;
  const order = new Map(ids.map((id, index) => [id, index]));
  records.sort((a, b) => (order.get(String(a.Id)) ?? 0) - (order.get(String(b.Id)) ?? 0));
  return { records, locator: locatorOf(page) };
}

export async function pullSalesforceExclusions(context: PullContext, input: { rules: CrmExclusionRules; since: Date | null; cursor: string | null; mapping: CrmFieldMapping[] }): Promise<CrmPage<CrmPulledContact>> {
  const plan = steps(input.rules);
  const at = readCursor(input.cursor);
  const step = plan[at.step];
  if (!step) return { items: [], nextCursor: null };
  const since = input.since ? soqlDateTime(input.since) : null;
  let items: CrmPulledContact[];
  let locator: string | null;
  if (step.kind === "list") {
    const describe = await context.describe(step.object);
    const read = await listViewRecords(context, step.object, step.listViewId, at.locator, input.mapping);
    const changed = input.since ? read.records.filter((record) => typeof record.SystemModstamp === "string" && Date.parse(record.SystemModstamp) >= (input.since?.getTime() ?? 0)) : read.records;
    items = changed.map((record) => pulledRecord(describe, record, input.mapping, "list"));
    locator = read.locator;
  } else {
    const object: PersonObject = step.kind === "customers" ? "Contact" : step.object;
    const describe = await context.describe(object);
    const page = await batch(
      context,
      async () => {
        const where: string[] = [];
        if (step.kind === "customers") {
          where.push("Account.Type LIKE 'Customer%'");
          if (since) where.push(`(SystemModstamp >= ${since} OR Account.SystemModstamp >= ${since})`);
        } else {
          where.push(`OwnerId != ${soqlString(await context.connectedUserId())}`);
          // A Lead's owner is a user or a queue (polymorphic, hence Owner.Type); a Contact's is always a user.
          if (object === "Lead") where.push("Owner.Type = 'User'", "IsConverted = false");
          if (since) where.push(`SystemModstamp >= ${since}`);
        }
        return `SELECT ${selectFields(describe, input.mapping).join(", ")} FROM ${object} WHERE ${where.join(" AND ")} ORDER BY SystemModstamp ASC, Id ASC`;
      },
      at.locator,
    );
    items = page.records.map((record) => pulledRecord(describe, record, input.mapping, step.kind === "customers" ? "customer" : "owned"));
    locator = locatorOf(page);
  }
  const next: PullCursor | null = locator ? { step: at.step, locator } : at.step + 1 < plan.length ? { step: at.step + 1, locator: null } : null;
  return { items, nextCursor: next ? writeCursor(next) : null };
}

export async function salesforceListMembers(context: PullContext, input: { listId: string; cursor: string | null; mapping: CrmFieldMapping[] }): Promise<CrmPage<CrmPulledContact>> {
  const { object, listViewId } = parseListId(input.listId);
  const describe = await context.describe(object);
  const read = await listViewRecords(context, object, listViewId, input.cursor, input.mapping);
  return { items: read.records.map((record) => pulledRecord(describe, record, input.mapping, null)), nextCursor: read.locator };
}
