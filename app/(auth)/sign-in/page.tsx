import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { needsFirstRun } from "@/server/services/setup/needs-first-run";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function SignInPage() {
  if (await needsFirstRun()) redirect("/setup");
  return (
    <>
      <h1 className="text-xl font-semibold text-slate-900">Sign in to Herald</h1>
      <p className="mt-1 mb-6 text-sm text-slate-500">Use the e-mail and password of your Herald account.</p>
      <SignInForm />
    </>
  );
}
