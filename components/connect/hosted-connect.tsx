"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { browserUserAgent, optionalValue } from "@/components/senders/connect-forms";
import { CheckpointPrompt } from "@/components/senders/checkpoint-prompt";
import { ErrorAlert } from "@/components/senders/error-alert";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { Tabs } from "@/components/ui/tabs";
import { fieldErrors } from "@/components/ui/trpc-error";
import type { THostedLinkView } from "@/server/schemas/sender";

/** The link's redirect address with the outcome appended, as the API documents it. */
function continueUrl(redirectUrl: string, status: "connected" | "failed"): string {
  try {
    const url = new URL(redirectUrl);
    url.searchParams.set("status", status);
    return url.toString();
  } catch {
    return redirectUrl;
  }
}

function ContinueLink({ view, status }: { view: THostedLinkView; status: "connected" | "failed" }) {
  if (!view.redirectUrl) return null;
  return (
    <a
      href={continueUrl(view.redirectUrl, status)}
      className="inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white shadow-xs hover:bg-brand-700"
    >
      Continue
    </a>
  );
}

function Outcome({ tone, title, children }: { tone: "success" | "error" | "neutral"; title: string; children?: ReactNode }) {
  const icon =
    tone === "success"
      ? { ring: "bg-emerald-100 text-emerald-700", path: "M5 13l4 4L19 7" }
      : tone === "error"
        ? { ring: "bg-red-100 text-red-700", path: "M6 6l12 12M18 6 6 18" }
        : { ring: "bg-slate-100 text-slate-600", path: "M12 8v5m0 3h.01" };
  return (
    <div className="space-y-4 text-center" role="status">
      <span className={`mx-auto flex size-12 items-center justify-center rounded-full ${icon.ring}`} aria-hidden="true">
        <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
          <path d={icon.path} />
        </svg>
      </span>
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

function SignInForm({ token, view, onView }: { token: string; view: THostedLinkView; onView: (view: THostedLinkView) => void }) {
  const trpc = useTRPC();
  const [method, setMethod] = useState<"password" | "cookie">("password");
  const [userAgent, setUserAgent] = useState(browserUserAgent);
  const signIn = useMutation(trpc.hostedConnect.signIn.mutationOptions({ onSuccess: onView }));
  const errors = fieldErrors(signIn.error);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn.mutate(
      method === "password"
        ? { token, username: optionalValue(form, "username"), password: String(form.get("password") ?? "") || undefined }
        : { token, liAt: optionalValue(form, "liAt"), userAgent: userAgent.trim() || undefined },
    );
  }
  return (
    <Tabs
      label="How to sign in"
      tabs={[
        { id: "password", label: "E-mail and password" },
        { id: "cookie", label: "Session cookie" },
      ]}
      selected={method}
      onSelect={(next) => {
        signIn.reset();
        setMethod(next);
      }}
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {view.error && !signIn.isPending && !signIn.error && <Alert tone="error">{view.error}</Alert>}
        <ErrorAlert error={signIn.error} shownFields={["username", "password", "liAt", "userAgent"]} />
        {method === "password" ? (
          <>
            <Field label="E-mail or phone" htmlFor="hosted-username" error={errors.username}>
              <Input id="hosted-username" name="username" autoComplete="username" spellCheck={false} required />
            </Field>
            <Field label="Password" htmlFor="hosted-password" error={errors.password}>
              <Input id="hosted-password" name="password" type="password" autoComplete="current-password" required />
            </Field>
          </>
        ) : (
          <>
            <Field label="li_at cookie" htmlFor="hosted-li-at" error={errors.liAt} hint="In a browser signed in to LinkedIn: developer tools → Application → Cookies → li_at.">
              <Input id="hosted-li-at" name="liAt" autoComplete="off" spellCheck={false} className="font-mono" required />
            </Field>
            <Field label="User agent" htmlFor="hosted-user-agent" error={errors.userAgent} hint="Of the browser the cookie comes from. This browser's is filled in.">
              <Input id="hosted-user-agent" value={userAgent} onChange={(event) => setUserAgent(event.target.value)} className="font-mono text-xs" spellCheck={false} />
            </Field>
          </>
        )}
        <Button type="submit" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? "Signing in to LinkedIn…" : view.reconnect ? "Reconnect" : "Connect"}
        </Button>
      </form>
    </Tabs>
  );
}

/**
 * The page behind a hosted connect link: the account's owner signs in to LinkedIn, answers any
 * verification step, and is sent on to the link's redirect address.
 */
export function HostedConnect({ token, returnedWith }: { token: string; returnedWith: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const queryKey = trpc.hostedConnect.view.queryKey({ token });
  const [restarted, setRestarted] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const view = useQuery({
    ...trpc.hostedConnect.view.queryOptions({ token }),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data || data.status !== "pending") return false;
      const waitingElsewhere = data.checkpoint && !data.checkpoint.expired && (data.checkpoint.input === "none" || data.checkpoint.input === "hosted");
      return waitingElsewhere || (data.externalUrl && returnedWith) ? 2_000 : false;
    },
  });
  const setView = (next: THostedLinkView) => {
    setRestarted(false);
    queryClient.setQueryData(queryKey, next);
  };
  const answer = useMutation(
    trpc.hostedConnect.answer.mutationOptions({
      onSuccess: (next, variables) => {
        setView(next);
        setNotice(!next.error && variables.answer.resend ? "LinkedIn is sending a new code." : !next.error && variables.answer.tryAnotherWay ? "LinkedIn offers another way to verify." : null);
      },
      onError: () => void view.refetch(),
    }),
  );
  const cancel = useMutation(trpc.hostedConnect.cancel.mutationOptions({ onSuccess: setView, onError: () => void view.refetch() }));

  const external = view.data?.status === "pending" && view.data.externalUrl && !returnedWith ? view.data.externalUrl : null;
  useEffect(() => {
    if (external) window.location.replace(external);
  }, [external]);

  if (view.isPending) {
    return (
      <p className="py-6 text-center text-sm text-slate-500" role="status">
        Loading…
      </p>
    );
  }
  if (view.error) {
    return (
      <Outcome tone="neutral" title="This link does not work">
        <p className="text-sm text-slate-500">It is not a valid connect link. Ask whoever sent it for a new one.</p>
      </Outcome>
    );
  }
  const data = view.data;
  const action = data.reconnect ? "reconnect" : "connect";

  if (data.status === "connected") {
    return (
      <Outcome tone="success" title="Your LinkedIn account is connected">
        <p className="text-sm text-slate-600">
          {data.workspaceName} can now send from it, within LinkedIn&apos;s daily limits.{!data.redirectUrl && " You can close this page."}
        </p>
        <ContinueLink view={data} status="connected" />
      </Outcome>
    );
  }
  if (data.status === "failed") {
    return (
      <Outcome tone="error" title={data.error === "The person cancelled the connection" ? "You cancelled the connection" : "The connection did not complete"}>
        {data.error && data.error !== "The person cancelled the connection" && <p className="text-sm text-slate-600">{data.error}</p>}
        <p className="text-sm text-slate-500">Ask {data.workspaceName} for a new link to try again.</p>
        <ContinueLink view={data} status="failed" />
      </Outcome>
    );
  }
  if (data.status === "expired") {
    return (
      <Outcome tone="neutral" title="This link expired">
        <p className="text-sm text-slate-500">Connect links work for a limited time. Ask {data.workspaceName} for a new one.</p>
        <ContinueLink view={data} status="failed" />
      </Outcome>
    );
  }
  if (data.externalUrl) {
    return (
      <Outcome tone="neutral" title={returnedWith ? "Finishing…" : "Taking you to the sign-in page…"}>
        {returnedWith ? (
          <p className="text-sm text-slate-500">Waiting for LinkedIn to confirm the connection. This page updates by itself.</p>
        ) : (
          <a href={data.externalUrl} className="text-sm font-medium text-brand-600 hover:underline">
            Continue to the sign-in page
          </a>
        )}
      </Outcome>
    );
  }

  const checkpoint = !restarted ? data.checkpoint : null;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{data.reconnect ? "Reconnect your LinkedIn account" : "Connect your LinkedIn account"}</h1>
        <p className="mt-1 text-sm text-slate-500">
          <strong className="font-medium text-slate-700">{data.workspaceName}</strong> asks you to {action} your LinkedIn account to Herald, which
          sends invitations and messages from it on the team&apos;s behalf.
        </p>
      </div>
      {checkpoint ? (
        <CheckpointPrompt
          key={`${checkpoint.type}:${checkpoint.requestedAt}`}
          checkpoint={checkpoint}
          pending={answer.isPending}
          answerError={data.error}
          notice={notice}
          onRestart={() => setRestarted(true)}
          restartLabel="Sign in again"
          onAnswer={(value) => {
            setNotice(null);
            answer.mutate({ token, answer: value });
          }}
        />
      ) : (
        <SignInForm token={token} view={data} onView={setView} />
      )}
      <ErrorAlert error={answer.error ?? cancel.error} />
      <div className="border-t border-slate-100 pt-4 text-center">
        <Button variant="ghost" size="sm" disabled={cancel.isPending} onClick={() => cancel.mutate({ token })}>
          {cancel.isPending ? "Cancelling…" : "Cancel"}
        </Button>
      </div>
    </div>
  );
}
