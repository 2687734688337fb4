import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { fieldIssues } from "../../lib/zod-issues";
import { ZFirstRunInput, ZSignInInput } from "../../schemas/account-user";
import { verifyCredentials } from "../users/verify-credentials";
import { completeFirstRun } from "./complete-first-run";
import { needsFirstRun } from "./needs-first-run";

const input = ZFirstRunInput.parse({ name: "Ada Owner", email: "Ada@Example.com", password: "correct horse battery", workspaceName: "Acme" });
const rival = ZFirstRunInput.parse({ ...input, name: "Other Owner", email: "other@example.com" });
// Either racer may win; the sign-in test uses whichever owner the first test saw created.
let owner: { name: string; email: string } = input;

describe("first run", () => {
  it("creates the owner and the workspace once, and only once even when raced", async () => {
    expect(await needsFirstRun()).toBe(true);
    const results = await Promise.allSettled([completeFirstRun(ZFirstRunInput.parse(input)), completeFirstRun(ZFirstRunInput.parse(rival))]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason.code).toBe("already-set-up");
    expect(await needsFirstRun()).toBe(false);

    const users = await db.user.findMany({ include: { memberships: true } });
    expect(users).toHaveLength(1);
    owner = users[0]!.email === rival.email ? rival : input;
    expect(users[0]).toMatchObject({ name: owner.name, email: owner.email.toLowerCase() });
    expect(users[0]!.memberships).toEqual([expect.objectContaining({ role: "owner", canManageBilling: true })]);
    // The installation's first user is its instance administrator (issue 30): they grant AI credits.
    expect(users[0]!.instanceAdmin).toBe(true);
    expect(users[0]!.passwordHash).toMatch(/^scrypt\$/);
    expect(users[0]!.passwordHash).not.toContain(input.password);
  });

  it("lets the owner sign in with the e-mail in any case, and refuses a wrong password", async () => {
    const signIn = (email: string, password: string) => verifyCredentials(ZSignInInput.parse({ email, password }));
    expect(await signIn(owner.email.toLowerCase(), input.password)).toMatchObject({ name: owner.name });
    expect(await signIn(owner.email.toUpperCase(), input.password)).toMatchObject({ name: owner.name });
    expect(await signIn(owner.email, "wrong password!")).toBeNull();
    expect(await signIn("nobody@example.com", input.password)).toBeNull();
  });

  it("names the invalid fields with the schema its edge (setup.completeFirstRun) parses with", () => {
    const result = ZFirstRunInput.safeParse({ name: "", email: "not-an-email", password: "short", workspaceName: "W" });
    expect(result.success).toBe(false);
    const fields = result.error ? fieldIssues(result.error).map((issue) => issue.field) : [];
    expect(fields).toEqual(expect.arrayContaining(["name", "email", "password"]));
  });
});
