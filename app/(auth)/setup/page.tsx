import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { needsFirstRun } from "@/server/services/setup/needs-first-run";
import { FirstRunForm } from "./first-run-form";

export const metadata: Metadata = { title: "Set up Herald" };
export const dynamic = "force-dynamic";

export default async function SetupPage() {
  if (!(await needsFirstRun())) redirect("/sign-in");
  return (
    <>
      <h1 className="text-xl font-semibold text-slate-900">Welcome to Herald</h1>
      <p className="mt-1 mb-6 text-sm text-slate-500">
        Create the first account. You will own the workspace and can invite your team afterwards.
      </p>
      <FirstRunForm />
    </>
  );
}
