import type { Metadata } from "next";
import Link from "next/link";
import { getInvitationByToken } from "@/server/services/members/get-invitation-by-token";
import { AcceptInvitationForm } from "./accept-invitation-form";

export const metadata: Metadata = { title: "Join a workspace" };
export const dynamic = "force-dynamic";

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await getInvitationByToken(token);
  if (!invitation || invitation.state !== "pending") {
    const reason = !invitation ? "This invitation link is not valid." : `This invitation is ${invitation.state}.`;
    return (
      <>
        <h1 className="text-xl font-semibold text-slate-900">Invitation unavailable</h1>
        <p className="mt-2 text-sm text-slate-500">{reason} Ask a workspace admin for a new link.</p>
        <Link href="/sign-in" className="mt-6 inline-block text-sm font-medium text-brand-600 hover:underline">
          Go to sign in
        </Link>
      </>
    );
  }
  return (
    <>
      <h1 className="text-xl font-semibold text-slate-900">Join {invitation.workspaceName}</h1>
      <p className="mt-1 mb-6 text-sm text-slate-500">
        {invitation.invitedBy} invited <strong className="text-slate-700">{invitation.email}</strong>.{" "}
        {invitation.hasAccount ? "Confirm with your Herald password." : "Choose your name and a password."}
      </p>
      <AcceptInvitationForm token={token} email={invitation.email} hasAccount={invitation.hasAccount} />
    </>
  );
}
