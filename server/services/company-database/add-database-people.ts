// From the company database to leads: the chosen people (or every person of the chosen companies,
// narrowed by people filters) become leads of a campaign or a lead list, through the same services
// as POST /campaigns/{id}/leads and POST /lead-lists/{id}/leads, with lead source `company-database`.
import { db } from "../../db/client";
import { displayCase } from "../../domain/company-database/display-case";
import { Prisma } from "../../db/generated/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { parseInput } from "../../lib/zod-issues";
import { ZAddDatabasePeopleInput, type TAddDatabasePeopleInput, type TAddDatabasePeopleResult } from "../../schemas/company-database";
import { ZLeadInput, type TAddLeadsResult, type TLeadInput } from "../../schemas/lead";
import { addCampaignLeads } from "../campaigns/add-campaign-leads";
import { findCampaign } from "../campaigns/find-campaign";
import { refundAiCredits } from "../credits/refund-ai-credits";
import { addLeadListLeads } from "../lead-lists/add-lead-list-leads";
import { findLeadList } from "../lead-lists/find-lead-list";
import { chargeSearch } from "./charge-search";
import { personSelectSql, personWhereSql, personWithCompanySql } from "./people-search-sql";
import type { PersonRow } from "./to-person";

/** The most people one request adds (the lead services take 1000 leads at a time). */
export const ADD_PEOPLE_MAX = 1000;
export const LEAD_SOURCE_COMPANY_DATABASE = "company-database";

export type AddDatabasePeopleResult = TAddDatabasePeopleResult;

/**
 * Adds people of the company database to a campaign or a lead list. Every reachable person is
 * charged one AI credit up front (402 `insufficient-credits`, with nothing added, when the balance
 * cannot cover them all); the people the target already had are refunded after the add, and the
 * whole charge is refunded if the add fails. At most ADD_PEOPLE_MAX people per request (400 naming
 * `companyIds`, with how many people the companies have, when the selection is larger).
 */
export async function addDatabasePeople(actor: Actor, input: TAddDatabasePeopleInput): Promise<AddDatabasePeopleResult> {
  const { personIds = [], companyIds = [], personFilters, target } = parseInput(ZAddDatabasePeopleInput, input);
  // The target first: a campaign or list of another workspace is a 404 before any credit moves.
  if ("campaignId" in target) await findCampaign(actor, target.campaignId);
  else await findLeadList(actor, target.listId);

  const ofCompanies = Prisma.sql`p."companyId" = ANY(${companyIds}::int[])${personFilters ? Prisma.sql` AND ${personWhereSql(personFilters)}` : Prisma.empty}`;
  const selection = Prisma.sql`(p.id = ANY(${personIds}::int[]) OR (${ofCompanies}))`;
  const [{ n }] = await db.$queryRaw<[{ n: number }]>`SELECT count(*)::int AS n FROM "Person" p WHERE ${selection}`;
  if (n > ADD_PEOPLE_MAX) {
    const message = `these choices hold ${n.toLocaleString("en-US")} people; add at most ${ADD_PEOPLE_MAX} at a time: choose fewer companies or narrow them with personFilters`;
    throw HeraldError.invalidInput(`Too many people: ${message}`, [{ field: companyIds.length ? "companyIds" : "personIds", message }]);
  }
  const rows = await db.$queryRaw<PersonRow[]>`SELECT ${personSelectSql} FROM ${personWithCompanySql} WHERE ${selection} ORDER BY p.id`;
  const leads = rows.flatMap((row) => {
    const lead = toLeadInput(row);
    return lead ? [lead] : [];
  });

  const balanceNow = async () => (await db.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId }, select: { aiCreditBalance: true } })).aiCreditBalance;
  const summary = { people: leads.length, unreachable: rows.length - leads.length };
  if (!leads.length) return { ...summary, added: 0, skipped: 0, charged: 0, balance: await balanceNow() };

  const reference = `add-people:${"campaignId" in target ? target.campaignId : target.listId}`;
  const charge = await chargeSearch({ workspaceId: actor.workspaceId, userId: actor.userId, results: leads.length, reason: "people-search", reference });
  let result: TAddLeadsResult;
  try {
    result =
      "campaignId" in target
        ? await addCampaignLeads(actor, target.campaignId, { leads }, LEAD_SOURCE_COMPANY_DATABASE)
        : await addLeadListLeads(actor, target.listId, { leads }, LEAD_SOURCE_COMPANY_DATABASE);
  } catch (error) {
    await refundAiCredits({ workspaceId: actor.workspaceId, amount: charge.charged, reference: `${reference}:failed` });
    throw error;
  }
  const skipped = result.skipped.length;
  if (skipped) await refundAiCredits({ workspaceId: actor.workspaceId, amount: skipped, reference: `${reference}:skipped` });
  return { ...summary, added: result.added, skipped, charged: charge.charged - skipped, balance: skipped ? await balanceNow() : charge.balance };
}

/** The lead of a database person, or null when they cannot be reached (no valid LinkedIn URL or e-mail). */
export function toLeadInput(row: PersonRow): TLeadInput | null {
  const profileUrl = row.linkedinUrl ? ZLeadInput.shape.profileUrl.safeParse(row.linkedinUrl).data : undefined;
  const email = row.email ? ZLeadInput.shape.email.safeParse(row.email).data : undefined;
  if (!profileUrl && !email) return null;
  // Words a message may quote ("as VP of Sales in United States"): written as people write them,
  // not as the database keeps them (lower case). The seniority stays the filter's value.
  const shown = (value: string | null) => (value === null ? null : displayCase(value.replaceAll("_", " ")));
  const variables: Record<string, string | null> = {
    title: shown(row.title),
    headline: row.headline,
    seniority: row.seniority,
    department: shown(row.department),
    industry: shown(row.companyIndustry),
    companyDomain: row.companyDomain,
    city: shown(row.city),
    country: shown(row.country),
  };
  const customVariables: Record<string, string> = {};
  for (const [name, value] of Object.entries(variables)) if (value) customVariables[name] = value.slice(0, 2000);
  return {
    profileUrl,
    email,
    firstName: row.firstName.trim().slice(0, 100) || undefined,
    lastName: row.lastName.trim().slice(0, 100) || undefined,
    company: row.companyName?.trim().slice(0, 200) || undefined,
    customVariables,
  };
}
