import { redirect } from "next/navigation";
import { getSessionActor, getSessionUserId } from "@/server/auth/dashboard-session";
import { homePathFor } from "@/server/lib/approver-access";
import { needsFirstRun } from "@/server/services/setup/needs-first-run";

export const dynamic = "force-dynamic";

export default async function Home() {
  if (await needsFirstRun()) redirect("/setup");
  const userId = await getSessionUserId();
  if (!userId) redirect("/sign-in");
  redirect(homePathFor((await getSessionActor(userId))?.role));
}
