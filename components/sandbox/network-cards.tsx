"use client";
// What the sandbox network received from this workspace's senders, and the prospect's side of it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Fragment, useState, type ReactNode } from "react";
import { ErrorAlert } from "@/components/senders/error-alert";
import { useTRPC } from "@/components/trpc/client";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { formatDateTime, formatRelative } from "@/components/ui/format";
import type { TSandboxOverview } from "@/server/schemas/sandbox";
import { useNow } from "@/components/ui/use-now";
import { ProspectMessageForm } from "./prospect-message-form";

type Person = { name: string; profileUrl: string } | undefined;

const FIRST_ROWS = 8;

/** The first rows of a long list, and a button for the rest. */
export function useFirstRows<T>(rows: T[]): { shown: T[]; more: ReactNode } {
  const [all, setAll] = useState(false);
  const hidden = rows.length - FIRST_ROWS;
  return {
    shown: all ? rows : rows.slice(0, FIRST_ROWS),
    more:
      hidden > 0 ? (
        <div className="mt-3 text-center">
          <Button size="sm" variant="ghost" aria-expanded={all} onClick={() => setAll(!all)}>
            {all ? "Show fewer" : `Show ${hidden} more`}
          </Button>
        </div>
      ) : null,
  };
}

function PersonLink({ person, fallback }: { person: Person; fallback: string }) {
  if (!person) return <span className="font-mono text-xs">{fallback}</span>;
  return (
    <a href={person.profileUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
      {person.name}
    </a>
  );
}

const INVITATION_STATUS: Record<string, BadgeTone> = { pending: "amber", accepted: "green", withdrawn: "slate", declined: "red" };

export function InvitationsCard({ overview }: { overview: TSandboxOverview }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [writing, setWriting] = useState<string | null>(null);
  const accept = useMutation(trpc.sandbox.acceptInvitation.mutationOptions({ onSuccess: () => queryClient.invalidateQueries() }));
  const { shown, more } = useFirstRows(overview.invitations);
  return (
    <Card title="Invitations" description="Connection requests your senders sent into the network. Prospects accept by themselves at the planned time, or now if you accept for them.">
      <ErrorAlert error={accept.error} />
      {!overview.invitations.length ? (
        <p className="text-sm text-slate-500">No invitations yet. Send a connection request from a sender&apos;s page, or run a campaign.</p>
      ) : (
        <div className="-mx-5 overflow-x-auto px-5">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">Sent</th>
                <th scope="col" className="py-2 pr-3 font-medium">From</th>
                <th scope="col" className="py-2 pr-3 font-medium">To</th>
                <th scope="col" className="py-2 pr-3 font-medium">Status</th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {shown.map((invitation) => {
                const prospectName = invitation.prospect?.name ?? "the prospect";
                return (
                  <Fragment key={invitation.id}>
                    <tr data-testid="sandbox-invitation" className="align-top">
                      <td className="py-2 pr-3 whitespace-nowrap text-slate-500" title={formatDateTime(invitation.sentAt)}>
                        {formatRelative(invitation.sentAt)}
                      </td>
                      <td className="py-2 pr-3">{invitation.sender}</td>
                      <td className="py-2 pr-3">
                        <PersonLink person={invitation.prospect} fallback={invitation.prospectId} />
                        {invitation.note && <p className="mt-0.5 max-w-xs truncate text-xs text-slate-500" title={invitation.note}>“{invitation.note}”</p>}
                      </td>
                      <td className="py-2 pr-3">
                        <Badge tone={INVITATION_STATUS[invitation.status] ?? "slate"}>{invitation.status}</Badge>
                        {invitation.status === "pending" && (
                          <p className="mt-0.5 text-xs text-slate-500" title={invitation.acceptAt ? formatDateTime(invitation.acceptAt) : undefined}>
                            {invitation.acceptAt ? `Will accept ${formatRelative(invitation.acceptAt)}` : "Will not accept by themselves"}
                          </p>
                        )}
                      </td>
                      <td className="py-2 text-right whitespace-nowrap">
                        {invitation.status === "pending" ? (
                          <Button size="sm" variant="secondary" disabled={accept.isPending} onClick={() => accept.mutate({ invitationId: invitation.id })}>
                            Accept as {prospectName}
                          </Button>
                        ) : invitation.status === "accepted" && invitation.prospect ? (
                          <Button size="sm" variant="ghost" aria-expanded={writing === invitation.id} onClick={() => setWriting(writing === invitation.id ? null : invitation.id)}>
                            Write to {invitation.sender} as {prospectName}
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                    {writing === invitation.id && invitation.prospect && (
                      <tr>
                        <td colSpan={5} className="bg-slate-50 px-3 py-3">
                          <ProspectMessageForm
                            prospect={{ id: invitation.prospectId, name: invitation.prospect.name }}
                            sender={{ memberId: invitation.senderMemberId, name: invitation.sender }}
                            onSent={() => setWriting(null)}
                            onCancel={() => setWriting(null)}
                          />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
          {more}
        </div>
      )}
    </Card>
  );
}

const KIND: Record<string, string> = { message: "Message", inmail: "InMail", voice_note: "Voice note" };

export function ConversationsCard({ overview }: { overview: TSandboxOverview }) {
  const now = useNow(30_000);
  const conversations = new Map<string, TSandboxOverview["messages"]>();
  for (const message of overview.messages) {
    const key = `${message.senderMemberId}:${message.prospectId}`;
    conversations.set(key, [...(conversations.get(key) ?? []), message]);
  }
  return (
    <Card title="Messages and InMails" description="Conversations between your senders and prospects. Reply as the prospect to see how Herald takes in a reply.">
      {!conversations.size ? (
        <p className="text-sm text-slate-500">No messages yet. Once an invitation is accepted, write to the sender as the prospect from the invitations above.</p>
      ) : (
        <ul className="space-y-4">
          {[...conversations.entries()].map(([key, messages]) => {
            const first = messages[0]!;
            const prospectName = first.prospect?.name ?? "the prospect";
            return (
              <li key={key} data-testid="sandbox-conversation" className="rounded-lg border border-slate-200">
                <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-2 text-sm">
                  <span>
                    <PersonLink person={first.prospect} fallback={first.prospectId} /> <span className="text-slate-400">and</span> {first.sender}
                  </span>
                  <span className="text-xs text-slate-500">{messages.length} {messages.length === 1 ? "message" : "messages"}</span>
                </div>
                <ol className="space-y-2 px-4 py-3">
                  {[...messages].reverse().map((message) => (
                    <li key={message.id} className={`flex ${message.fromSender ? "justify-end" : "justify-start"}`}>
                      <div className={`max-w-[80%] rounded-lg px-3 py-2 text-sm ${message.fromSender ? "bg-brand-50 text-slate-800" : "bg-slate-100 text-slate-800"}`}>
                        <p className="mb-0.5 text-[11px] text-slate-500">
                          {message.fromSender ? message.sender : prospectName} · {formatRelative(message.sentAt)}
                          {message.kind !== "message" && <> · {KIND[message.kind] ?? message.kind}</>}
                        </p>
                        {message.subject && <p className="font-medium">{message.subject}</p>}
                        {message.text ? (
                          <p className="whitespace-pre-line">{message.text}</p>
                        ) : message.kind === "voice_note" ? (
                          <p className="text-slate-500 italic">Voice message: play it under Comments and voice messages</p>
                        ) : null}
                        {message.fromSender && message.replyAt && new Date(message.replyAt).getTime() > now && (
                          <p className="mt-1 text-[11px] text-slate-500">{prospectName} will reply {formatRelative(message.replyAt)}</p>
                        )}
                      </div>
                    </li>
                  ))}
                </ol>
                <div className="border-t border-slate-100 px-4 py-3">
                  <ProspectMessageForm prospect={{ id: first.prospectId, name: prospectName }} sender={{ memberId: first.senderMemberId, name: first.sender }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

const INTERACTION: Record<string, string> = { profile_view: "Viewed the profile of", reaction: "Liked a post of", comment: "Commented on a post of" };

export function InteractionsCard({ overview }: { overview: TSandboxOverview }) {
  const { shown, more } = useFirstRows(overview.interactions);
  return (
    <Card title="Profile views, likes and comments">
      {!overview.interactions.length ? (
        <p className="text-sm text-slate-500">Nothing yet. View a profile or like a post from a sender&apos;s page.</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100 text-sm">
            {shown.map((interaction) => (
              <li key={interaction.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                <span>
                  {interaction.sender} <span className="text-slate-500">{INTERACTION[interaction.kind] ?? interaction.kind}</span>{" "}
                  <PersonLink person={interaction.prospect} fallback="a member" />
                  {interaction.text && <span className="text-slate-600">: “{interaction.text}”</span>}
                </span>
                <span className="text-xs text-slate-500" title={formatDateTime(interaction.at)}>
                  {formatRelative(interaction.at)}
                </span>
              </li>
            ))}
          </ul>
          {more}
        </>
      )}
    </Card>
  );
}
