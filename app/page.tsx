import { redirect } from "next/navigation";
import { getSessionUserId } from "@/server/auth/dashboard-session";
import { needsFirstRun } from "@/server/services/setup/needs-first-run";

export const dynamic = "force-dynamic";

export default async function Home() {
  if (await needsFirstRun()) redirect("/setup");
  redirect((await getSessionUserId()) ? "/campaigns" : "/sign-in");
}
