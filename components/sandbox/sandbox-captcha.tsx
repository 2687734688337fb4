"use client";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { errorMessage } from "@/components/ui/trpc-error";

/** A minimal look-alike of LinkedIn's security check, served by the sandbox network. */
export function SandboxCaptcha({ sessionId }: { sessionId: string }) {
  const trpc = useTRPC();
  const solve = useMutation(trpc.sandbox.solveCaptcha.mutationOptions());
  return (
    <div className="w-full max-w-sm rounded-lg bg-white p-8 shadow-sm ring-1 ring-black/10">
      <p className="text-2xl font-bold tracking-tight text-[#0a66c2]">
        Linked<span className="rounded-sm bg-[#0a66c2] px-1 text-white">in</span>
        <span className="ml-2 align-middle text-xs font-medium tracking-normal text-slate-400">sandbox</span>
      </p>
      <h1 className="mt-6 text-xl font-semibold text-slate-900">Let&apos;s do a quick security check</h1>
      {solve.isSuccess ? (
        <div className="mt-4 space-y-2" role="status">
          <p className="font-medium text-emerald-700">Thanks, you passed the security check.</p>
          <p className="text-sm text-slate-600">You can close this page. The sign-in continues where you started it.</p>
        </div>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-600">To protect your account, confirm that it is you signing in and not an automated program.</p>
          <button
            type="button"
            disabled={solve.isPending}
            onClick={() => solve.mutate({ sessionId })}
            className="mt-6 flex w-full items-center gap-3 rounded-md border border-slate-300 bg-slate-50 px-4 py-3 text-left text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60"
          >
            <span aria-hidden="true" className="inline-block size-5 rounded-sm border-2 border-slate-400 bg-white" />
            {solve.isPending ? "Checking…" : "I'm not a robot"}
          </button>
          {solve.error && (
            <p className="mt-3 text-sm text-red-700" role="alert">
              {errorMessage(solve.error)}
            </p>
          )}
        </>
      )}
    </div>
  );
}
