"use client";
// The sandbox mail network: what the workspace's sandbox mailboxes sent, what each recipient will do
// (the behaviour model's plan) and did, and buttons to act as the recipient now.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { ErrorAlert } from "@/components/senders/error-alert";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatDateTime, formatRelative } from "@/components/ui/format";
import { useNow } from "@/components/ui/use-now";
import type { TSandboxMailEmail, TSandboxMailOverview } from "@/server/schemas/sandbox-mail";
import { useFirstRows } from "./network-cards";

type Moment = "open" | "click" | "reply" | "autoReply" | "complain";

const MOMENTS: Array<{ key: Moment; done: string; planned: string; tone: BadgeTone }> = [
  { key: "open", done: "Opened", planned: "Will open", tone: "green" },
  { key: "click", done: "Clicked", planned: "Will click", tone: "green" },
  { key: "reply", done: "Replied", planned: "Will reply", tone: "blue" },
  { key: "autoReply", done: "Out of office", planned: "Will auto-reply", tone: "slate" },
  { key: "complain", done: "Marked as spam", planned: "Will mark as spam", tone: "red" },
];

/** When a planned moment comes: its relative time, or "any moment" once due (the network catches up every minute). */
function upcoming(iso: string, now: number): string {
  return new Date(iso).getTime() <= now ? "any moment" : formatRelative(iso, now);
}

const ANSWER_KIND: Record<string, string> = { reply: "Reply", "auto-reply": "Auto-reply", bounce: "Bounce report", complaint: "Spam complaint" };

function Outcomes({ email, now }: { email: TSandboxMailEmail; now: number }) {
  const chips: ReactNode[] = [];
  const { planned, happened } = email;
  if (happened.bounce) {
    chips.push(
      <Badge key="bounce" tone="red" title={formatDateTime(happened.bounce.at)}>
        {happened.bounce.kind === "hard" ? "Bounced (hard)" : "Bounced (soft)"} {formatRelative(happened.bounce.at, now)}
      </Badge>,
    );
  } else if (planned.bounce) {
    chips.push(
      <Badge key="bounce" tone="amber" title={formatDateTime(planned.bounce.at)}>
        Will bounce ({planned.bounce.kind}) {upcoming(planned.bounce.at, now)}
      </Badge>,
    );
  }
  for (const moment of MOMENTS) {
    const done = happened[moment.key];
    const plan = planned[moment.key];
    if (done) {
      chips.push(
        <Badge key={moment.key} tone={moment.tone} title={formatDateTime(done)}>
          {moment.done} {formatRelative(done, now)}
        </Badge>,
      );
    } else if (plan && !happened.bounce) {
      chips.push(
        <Badge key={moment.key} tone="slate" title={formatDateTime(plan)}>
          {moment.planned} {upcoming(plan, now)}
        </Badge>,
      );
    }
  }
  if (happened.unsubscribe) {
    chips.push(
      <Badge key="unsubscribe" tone="amber" title={formatDateTime(happened.unsubscribe)}>
        Unsubscribed {formatRelative(happened.unsubscribe, now)}
      </Badge>,
    );
  }
  return chips.length ? <div className="flex flex-wrap gap-1.5">{chips}</div> : <p className="text-xs text-slate-500">Will not react by themselves.</p>;
}

function ReplyForm({ email, pending, onSend, onCancel }: { email: TSandboxMailEmail; pending: boolean; onSend: (text: string) => void; onCancel: () => void }) {
  const id = useId();
  const [text, setText] = useState("");
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (text.trim()) onSend(text.trim());
  }
  return (
    <form onSubmit={onSubmit} className="space-y-2 rounded-md bg-slate-50 p-3">
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        Reply from {email.to} to {email.mailbox.email}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={2}
        maxLength={5000}
        required
        placeholder="Thanks, happy to talk. Does Thursday work?"
        className="block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500"
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending || !text.trim()}>
          {pending ? "Sending…" : "Send reply"}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function EmailRow({ email, now }: { email: TSandboxMailEmail; now: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [panel, setPanel] = useState<"reply" | "bounce" | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const act = useMutation(
    trpc.sandbox.actOnEmail.mutationOptions({
      onSuccess: async ({ message }) => {
        setResult(message);
        setPanel(null);
        await queryClient.invalidateQueries();
      },
    }),
  );
  const bounced = email.happened.bounce !== null;
  const why = bounced ? "This e-mail bounced: the recipient never received it." : undefined;
  const toggle = (which: "reply" | "bounce") => setPanel(panel === which ? null : which);
  return (
    <li data-testid="sandbox-email" aria-label={`E-mail to ${email.to}`} className="space-y-2 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 text-sm">
          <span className="font-medium break-all text-slate-900">{email.to}</span>
          <span className="text-slate-500"> from {email.mailbox.label || email.mailbox.email}</span>
        </p>
        <span className="text-xs text-slate-500" title={formatDateTime(email.sentAt)}>
          Sent {formatRelative(email.sentAt, now)}
        </span>
      </div>
      <p className="truncate text-sm text-slate-700" title={email.subject}>
        {email.subject || "(no subject)"}
      </p>
      <Outcomes email={email} now={now} />
      {!email.tracksOpens && <p className="text-xs text-slate-500">Open tracking is off for this e-mail: Herald cannot see opens, as with real mail.</p>}
      {email.answers.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-xs text-slate-600">
            {email.answers.length} {email.answers.length === 1 ? "message" : "messages"} back to {email.mailbox.email}
          </summary>
          <ol className="mt-2 space-y-2">
            {email.answers.map((answer) => (
              <li key={answer.id} className="rounded-md bg-slate-50 px-3 py-2">
                <p className="text-[11px] text-slate-500">
                  {ANSWER_KIND[answer.kind] ?? answer.kind} · {formatRelative(answer.at, now)} · {answer.subject}
                </p>
                <p className="line-clamp-4 whitespace-pre-line text-slate-800">{answer.text}</p>
              </li>
            ))}
          </ol>
        </details>
      )}
      <div className="flex flex-wrap gap-1.5" role="group" aria-label={`Act as ${email.to}`}>
        <Button size="sm" variant="secondary" disabled={act.isPending || bounced} title={why} onClick={() => act.mutate({ emailId: email.id, action: "open" })}>
          Open
        </Button>
        <Button size="sm" variant="secondary" disabled={act.isPending || bounced} title={why} onClick={() => act.mutate({ emailId: email.id, action: "click" })}>
          Click link
        </Button>
        <Button size="sm" variant="secondary" disabled={bounced} title={why} aria-expanded={panel === "reply"} onClick={() => toggle("reply")}>
          Reply
        </Button>
        <Button size="sm" variant="secondary" disabled={act.isPending || bounced} title={why} onClick={() => act.mutate({ emailId: email.id, action: "auto-reply" })}>
          Auto-reply
        </Button>
        <Button size="sm" variant="secondary" disabled={bounced} title={why} aria-expanded={panel === "bounce"} onClick={() => toggle("bounce")}>
          Bounce
        </Button>
        <Button size="sm" variant="secondary" disabled={act.isPending || bounced} title={why} onClick={() => act.mutate({ emailId: email.id, action: "complain" })}>
          Complain
        </Button>
        <Button size="sm" variant="secondary" disabled={act.isPending} onClick={() => act.mutate({ emailId: email.id, action: "unsubscribe" })}>
          Unsubscribe
        </Button>
      </div>
      {panel === "reply" && (
        <ReplyForm email={email} pending={act.isPending} onSend={(text) => act.mutate({ emailId: email.id, action: "reply", text })} onCancel={() => setPanel(null)} />
      )}
      {panel === "bounce" && (
        <div className="flex flex-wrap items-center gap-2 rounded-md bg-slate-50 p-3 text-sm">
          <span className="text-slate-600">How should it bounce?</span>
          <Button size="sm" variant="danger" disabled={act.isPending} onClick={() => act.mutate({ emailId: email.id, action: "bounce", kind: "hard" })}>
            Hard bounce (address does not exist)
          </Button>
          <Button size="sm" variant="secondary" disabled={act.isPending} onClick={() => act.mutate({ emailId: email.id, action: "bounce", kind: "soft" })}>
            Soft bounce (mailbox full)
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setPanel(null)}>
            Cancel
          </Button>
        </div>
      )}
      <ErrorAlert error={act.error} />
      {result && <Alert tone="info">{result}</Alert>}
    </li>
  );
}

function percent(value: number): string {
  return `${Math.round(value * 1000) / 10}%`;
}

function Rules({ mail }: { mail: TSandboxMailOverview }) {
  return (
    <details className="mb-4 rounded-md bg-slate-50 px-3 py-2 text-sm">
      <summary className="cursor-pointer font-medium text-slate-700">Test addresses and how recipients behave</summary>
      <div className="mt-2 space-y-3 text-slate-600">
        <p>
          Any address works as a sandbox mailbox, except these, which fail to connect so you can see the errors:{" "}
          {mail.mailboxRules.map((rule, index) => (
            <span key={rule.localPart}>
              {index > 0 && ", "}
              <code className="rounded bg-white px-1 text-xs">{rule.localPart}@…</code> ({rule.error.replace(/\.$/, "").toLowerCase()})
            </span>
          ))}
          .
        </p>
        <p>
          Recipients react on their own: {percent(mail.rates.open)} open, {percent(mail.rates.clickOfOpened)} of those click a link, {percent(mail.rates.reply)} reply,{" "}
          {percent(mail.rates.outOfOffice)} are out of office, {percent(mail.rates.hardBounceAddress)} of addresses do not exist (hard bounce),{" "}
          {percent(mail.rates.softBounce)} of e-mails bounce softly and {percent(mail.rates.complaint)} are marked as spam. The same e-mail to the same person
          always gets the same reaction, so the campaign forecast knows it in advance.
        </p>
        <div>
          <p>Recipients whose address starts with one of these words always behave the same way:</p>
          <ul className="mt-1 space-y-0.5">
            {mail.testAddresses.map((entry) => (
              <li key={entry.prefix}>
                <code className="rounded bg-white px-1 text-xs">{entry.prefix}…@any.domain</code> {entry.behaviour}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </details>
  );
}

export function MailNetworkCard() {
  const trpc = useTRPC();
  const now = useNow(30_000);
  const mail = useQuery({ ...trpc.sandbox.mail.queryOptions(), refetchInterval: 5_000 });
  const { shown, more } = useFirstRows(mail.data?.emails ?? []);
  return (
    <Card
      title="Mail network"
      description="E-mails your sandbox mailboxes sent. Recipients open, click, reply, bounce or complain by themselves at the planned time, or now if you act for them."
    >
      {mail.isPending ? (
        <p className="text-sm text-slate-500" role="status">
          Loading…
        </p>
      ) : mail.error ? (
        <ErrorAlert error={mail.error} />
      ) : (
        <>
          <Rules mail={mail.data} />
          {!mail.data.emails.length ? (
            <p className="text-sm text-slate-500">No e-mails yet: connect a sandbox mailbox and start a campaign with an e-mail step.</p>
          ) : (
            <>
              <ul className="divide-y divide-slate-100">
                {shown.map((email) => (
                  <EmailRow key={email.id} email={email} now={now} />
                ))}
              </ul>
              {more}
            </>
          )}
        </>
      )}
    </Card>
  );
}
