import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { ManualClock, setClock, systemClock } from "../../lib/clock";
import { createTestUser } from "../../test/factories";
import { endDashboardSession } from "./end-dashboard-session";
import { isDashboardSessionActive } from "./is-dashboard-session-active";
import { DASHBOARD_SESSION_MAX_AGE_SECONDS, startDashboardSession } from "./start-dashboard-session";

afterEach(() => setClock(systemClock));

describe("dashboard sessions", () => {
  it("stand from sign-in until sign-out, for their own user only", async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const first = await startDashboardSession(user.id);
    const second = await startDashboardSession(user.id);
    expect(first).not.toBe(second);
    expect(await isDashboardSessionActive(first, user.id)).toBe(true);
    expect(await isDashboardSessionActive(first, other.id)).toBe(false);

    await endDashboardSession(first);
    expect(await isDashboardSessionActive(first, user.id)).toBe(false);
    // Signing out in one browser leaves the user's other sessions alone.
    expect(await isDashboardSessionActive(second, user.id)).toBe(true);
    expect(await isDashboardSessionActive("never-issued", user.id)).toBe(false);
  });

  it("end after their maximum age, and expired rows are cleared at the user's next sign-in", async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 5, 9, 0, 0));
    setClock(clock);
    const user = await createTestUser();
    const old = await startDashboardSession(user.id);
    clock.advance(DASHBOARD_SESSION_MAX_AGE_SECONDS * 1000 + 1);
    expect(await isDashboardSessionActive(old, user.id)).toBe(false);

    const fresh = await startDashboardSession(user.id);
    expect(await db.session.findMany({ where: { userId: user.id }, select: { sessionToken: true } })).toEqual([{ sessionToken: fresh }]);
  });
});
