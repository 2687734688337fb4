// The company database's e-mail finder: who it matches (by LinkedIn URL in any form, else by name
// at the lead's company), who it must not (no address, a namesake elsewhere), and that its two
// lookups are the indexed ones (the migration's expressions match the queries').
import { describe, expect, it } from "vitest";
import { db, Prisma } from "../../db/client";
import { companyDatabaseFinder, domainKey, linkedinKey, PERSON_LINKEDIN_KEY_SQL } from "./company-database";
import type { EmailFinderInput } from "./types";

const none: EmailFinderInput = { firstName: null, lastName: null, companyName: null, companyDomain: null, linkedinUrl: null };

describe("the keys a lookup compares", () => {
  it("reads a LinkedIn URL without scheme, www., case, query or trailing slashes", () => {
    expect(linkedinKey("https://www.LinkedIn.com/in/Ada-L/")).toBe("linkedin.com/in/ada-l");
    expect(linkedinKey("http://linkedin.com/in/ada-l?trk=x#top")).toBe("linkedin.com/in/ada-l");
    expect(linkedinKey("linkedin.com/in/ada-l//")).toBe("linkedin.com/in/ada-l");
    expect(linkedinKey("  ")).toBeNull();
  });

  it("reads a domain from a domain or a website", () => {
    expect(domainKey("https://www.Acme.com/about")).toBe("acme.com");
    expect(domainKey("acme.com:443")).toBe("acme.com");
    expect(domainKey("Acme Inc")).toBeNull();
  });
});

describe("companyDatabaseFinder", () => {
  it("finds by LinkedIn URL first, else by name at the company's domain or name, only people with an address", async () => {
    const acme = await db.company.create({ data: { externalId: "ef-acme", name: "Acme Robotics", domain: "acme-robotics.example" } });
    const other = await db.company.create({ data: { externalId: "ef-other", name: "Other Robotics", domain: "other-robotics.example" } });
    await db.person.createMany({
      data: [
        { externalId: "ef-1", companyId: acme.id, firstName: "Ada", lastName: "Lovelace", linkedinUrl: "https://linkedin.com/in/ada-lovelace", email: "ada@acme-robotics.example" },
        { externalId: "ef-2", companyId: acme.id, firstName: "Grace", lastName: "Hopper", linkedinUrl: "https://linkedin.com/in/grace-hopper" },
        { externalId: "ef-3", companyId: other.id, firstName: "Grace", lastName: "Hopper", email: "grace@other-robotics.example" },
        { externalId: "ef-4", companyId: acme.id, firstName: "Alan", lastName: "Turing", email: "alan@acme-robotics.example" },
      ],
    });
    const find = (input: Partial<EmailFinderInput>) => companyDatabaseFinder.find({ ...none, ...input });

    // By the profile, written otherwise than the data set writes it, whatever the name says.
    expect(await find({ linkedinUrl: "https://www.LinkedIn.com/in/Ada-Lovelace/", firstName: "Someone" })).toEqual({ email: "ada@acme-robotics.example", source: "company-database" });
    // A person without an address is no match; her namesake at another company is not her.
    expect(await find({ linkedinUrl: "https://www.linkedin.com/in/grace-hopper", firstName: "Grace", lastName: "Hopper", companyDomain: "acme-robotics.example" })).toBeNull();
    expect(await find({ firstName: "Grace", lastName: "Hopper", companyDomain: "https://www.other-robotics.example" })).toEqual({ email: "grace@other-robotics.example", source: "company-database" });
    // By name in any case at the company's name or domain; a name alone is not enough.
    expect(await find({ firstName: "alan", lastName: "TURING", companyName: "acme robotics" })).toEqual({ email: "alan@acme-robotics.example", source: "company-database" });
    expect(await find({ firstName: "Alan", lastName: "Turing", companyDomain: "acme-robotics.example", companyName: "Somewhere Else" })).toEqual({
      email: "alan@acme-robotics.example",
      source: "company-database",
    });
    expect(await find({ firstName: "Alan", lastName: "Turing" })).toBeNull();
    expect(await find({ firstName: "Alan", lastName: "Turing", companyName: "Other Robotics" })).toBeNull();
    expect(await find({ linkedinUrl: "https://www.linkedin.com/in/nobody" })).toBeNull();
  });

  it("looks people up on the migration's indexes", async () => {
    const plan = async (query: Prisma.Sql) =>
      db.$transaction(async (tx) => {
        // The table is tiny here: forbid the sequential scan so the plan shows whether an index fits the query.
        await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
        const rows = await tx.$queryRaw<Array<{ "QUERY PLAN": string }>>(Prisma.sql`EXPLAIN ${query}`);
        return rows.map((row) => row["QUERY PLAN"]).join("\n");
      });
    const key = "linkedin.com/in/ada";
    expect(await plan(Prisma.sql`SELECT email FROM "Person" WHERE ${PERSON_LINKEDIN_KEY_SQL} = ${key}::text AND email IS NOT NULL`)).toContain(
      "Person_linkedin_key_email_idx",
    );
    expect(await plan(Prisma.sql`SELECT email FROM "Person" p WHERE lower(p."lastName") = lower(${"Turing"}::text) AND lower(p."firstName") = lower(${"Alan"}::text) AND p.email IS NOT NULL`)).toContain(
      "Person_name_lower_email_idx",
    );
  });
});
