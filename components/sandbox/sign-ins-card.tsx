"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { ErrorAlert } from "@/components/senders/error-alert";
import { useTRPC } from "@/components/trpc/client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { TSandboxOverview } from "@/server/schemas/sandbox";

const TYPE: Record<string, string> = {
  "2FA": "Two-step verification code",
  OTP: "One-time code",
  IN_APP_VALIDATION: "Approval in the LinkedIn app",
  PHONE_REGISTER: "Phone number",
  CAPTCHA: "Security check (captcha)",
};

/** Sign-ins of this workspace's senders waiting on a verification step, answered here as the member. */
export function SignInsCard({ overview }: { overview: TSandboxOverview }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Approved sign-ins stay listed until Herald next checks them (the sender's own polling does).
  const [approved, setApproved] = useState<string[]>([]);
  const approve = useMutation(
    trpc.sandbox.approveSignIn.mutationOptions({
      onSuccess: async (_result, { sessionId }) => {
        setApproved((ids) => [...ids, sessionId]);
        await queryClient.invalidateQueries();
      },
    }),
  );
  return (
    <Card title="Sign-ins waiting for a verification" description="Play the account owner's phone: approve a sign-in in the LinkedIn app, or pass its security check.">
      <ErrorAlert error={approve.error} />
      {!overview.pendingSignIns.length ? (
        <p className="text-sm text-slate-500">None right now. Connect a sender with a +app or +captcha e-mail to see one here.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {overview.pendingSignIns.map((signIn) => (
            <li key={signIn.accountId} data-testid="sandbox-sign-in" className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{signIn.name ?? "A sender being connected"}</p>
                <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                  {signIn.username && <span className="font-mono">{signIn.username}</span>}
                  <Badge tone="amber">{TYPE[signIn.type] ?? signIn.type}</Badge>
                  <Link href={`/senders/${signIn.accountId}`} className="text-brand-600 hover:underline">
                    Sender
                  </Link>
                </p>
              </div>
              {approved.includes(signIn.sessionId) ? (
                <p role="status" className="text-xs font-medium text-emerald-700">
                  Approved: the sender finishes connecting at its next check
                </p>
              ) : signIn.type === "IN_APP_VALIDATION" ? (
                <Button size="sm" disabled={approve.isPending} onClick={() => approve.mutate({ sessionId: signIn.sessionId })}>
                  Approve in the LinkedIn app
                </Button>
              ) : signIn.type === "CAPTCHA" ? (
                <a
                  href={`/sandbox/captcha/${signIn.sessionId}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center rounded-md bg-white px-2.5 py-1 text-xs font-medium text-slate-800 shadow-xs ring-1 ring-slate-300 hover:bg-slate-50"
                >
                  Open the security check ↗
                </a>
              ) : (
                <p className="text-xs text-slate-500">{signIn.type === "PHONE_REGISTER" ? "Answer with +14155550123" : "Answer with the code 123456"}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function CredentialsCard({ overview }: { overview: TSandboxOverview }) {
  return (
    <Card
      title="Test credentials"
      description="The sandbox network answers a sign-in by the e-mail (or cookie value) you use. Add a tag after a + to choose what happens; any password works except wrong-password."
    >
      <details className="group" open={overview.senders.length === 0}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700 select-none">
          <span className="group-open:hidden">Show the {overview.credentials.length} test credentials</span>
          <span className="hidden group-open:inline">Hide the test credentials</span>
        </summary>
        <div className="mt-3 -mx-5 overflow-x-auto px-5">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">Sign in with</th>
                <th scope="col" className="py-2 font-medium">What happens</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {overview.credentials.map((credential) => (
                <tr key={credential.example}>
                  <td className="py-1.5 pr-4 font-mono text-xs whitespace-nowrap text-slate-800">{credential.example}</td>
                  <td className="py-1.5 text-slate-600">{credential.outcome}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-3 text-xs text-slate-500">
            One LinkedIn member is connected once: use another name before the + (ada.two+2fa@example.com) for a second sender.
          </p>
        </div>
      </details>
    </Card>
  );
}
