import type { ReactNode } from "react";
import type { TMailboxHostedLinkView } from "@/server/schemas/mailbox-hosted-link";

const PROVIDER_NAMES = { google: "Google", microsoft: "Microsoft" } as const;

/** The link's redirect address with the outcome appended, as the API documents it. */
function continueUrl(view: TMailboxHostedLinkView): string | null {
  if (!view.redirectUrl) return null;
  try {
    const url = new URL(view.redirectUrl);
    url.searchParams.set("hostedLinkId", view.id);
    url.searchParams.set("status", view.status);
    if (view.accountId) url.searchParams.set("accountId", view.accountId);
    return url.toString();
  } catch {
    return view.redirectUrl;
  }
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

function ContinueLink({ view }: { view: TMailboxHostedLinkView }) {
  const href = continueUrl(view);
  if (!href) return null;
  return (
    <a
      href={href}
      className="inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-3.5 py-2.5 text-sm font-medium text-white shadow-xs hover:bg-brand-700"
    >
      Continue
    </a>
  );
}

/**
 * The hosted page of a mailbox link, and the page the person lands on after signing in. Plain
 * links and no client script: the sign-in happens on the provider's page.
 */
export function MailboxConnect({ view, startHref }: { view: TMailboxHostedLinkView; startHref: string | null }) {
  const provider = PROVIDER_NAMES[view.provider];
  if (view.status === "connected") {
    return (
      <Outcome tone="success" title={view.reconnect ? "Your mailbox is reconnected" : "Your mailbox is connected"}>
        <p className="text-sm text-slate-600">
          {view.email ? `${view.email} now sends` : `Your ${provider} mailbox now sends`} for {view.workspaceName}. You can close this page.
        </p>
        <ContinueLink view={view} />
      </Outcome>
    );
  }
  if (view.status === "failed") {
    return (
      <Outcome tone="error" title="The mailbox was not connected">
        <p className="text-sm text-slate-600">{view.error ?? "The sign-in did not complete."} Ask for a new link to try again.</p>
        <ContinueLink view={view} />
      </Outcome>
    );
  }
  if (view.status === "expired") {
    return (
      <Outcome tone="neutral" title="This link has expired">
        <p className="text-sm text-slate-600">Ask the person who sent it for a new one.</p>
      </Outcome>
    );
  }
  return (
    <div className="space-y-6">
      <div className="space-y-2 text-center">
        <h1 className="text-xl font-semibold text-slate-900">
          {view.reconnect ? `Reconnect your ${provider} mailbox to ${view.workspaceName}` : `Connect your ${provider} mailbox to ${view.workspaceName}`}
        </h1>
        <p className="text-sm text-slate-600">
          You sign in on {provider}&apos;s own page and allow Herald to send and read e-mail for {view.workspaceName}. You can take the permission back
          at any time in your {provider} account.
        </p>
      </div>
      {startHref ? (
        <a
          href={startHref}
          rel="nofollow"
          className="inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-4 py-3 text-base font-medium text-white shadow-xs hover:bg-brand-700"
        >
          Continue with {provider}
        </a>
      ) : null}
    </div>
  );
}
