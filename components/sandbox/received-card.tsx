"use client";
// Comments on prospects' posts and voice messages the network received, with the audio to play back.
import { useQuery } from "@tanstack/react-query";
import { ErrorAlert } from "@/components/senders/error-alert";
import { useTRPC } from "@/components/trpc/client";
import { Card } from "@/components/ui/card";
import { formatDateTime, formatRelative } from "@/components/ui/format";
import type { TSandboxReceived } from "@/server/schemas/sandbox";
import { useFirstRows } from "./network-cards";

type Person = TSandboxReceived["comments"][number]["prospect"];

function PersonName({ person }: { person: Person }) {
  if (!person) return <span>a prospect</span>;
  return (
    <a href={person.profileUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
      {person.name}
    </a>
  );
}

/** "0:42" from milliseconds. */
function formatDuration(milliseconds: number): string {
  // Whole seconds down, as audio players count; never 0:00 for a voice message that has sound.
  const seconds = Math.max(1, Math.floor(milliseconds / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function When({ at }: { at: string }) {
  return (
    <time dateTime={at} className="text-xs whitespace-nowrap text-slate-500" title={formatDateTime(at)}>
      {formatRelative(at)}
    </time>
  );
}

function Comments({ comments }: { comments: TSandboxReceived["comments"] }) {
  const { shown, more } = useFirstRows(comments);
  if (!comments.length) {
    return <p className="text-sm text-slate-500">No comments yet. A campaign&apos;s comment step posts here once a prospect has a recent post.</p>;
  }
  return (
    <>
      <ul className="divide-y divide-slate-100 text-sm">
        {shown.map((comment) => (
          <li key={comment.id} data-testid="sandbox-comment" className="py-3">
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <span>
                {comment.sender} <span className="text-slate-500">commented on a post of</span> <PersonName person={comment.prospect} />
              </span>
              <When at={comment.at} />
            </p>
            {comment.post ? (
              <blockquote className="mt-2 border-l-2 border-slate-200 pl-3 text-slate-600">
                <p className="text-[11px] text-slate-500">The post, {formatRelative(comment.post.postedAt)}</p>
                <p className="whitespace-pre-line">{comment.post.text}</p>
              </blockquote>
            ) : (
              <p className="mt-2 text-xs text-slate-500">The post is no longer there.</p>
            )}
            <p className="mt-2 rounded-lg bg-brand-50 px-3 py-2 whitespace-pre-line text-slate-800">{comment.text}</p>
          </li>
        ))}
      </ul>
      {more}
    </>
  );
}

function VoiceMessages({ voiceMessages }: { voiceMessages: TSandboxReceived["voiceMessages"] }) {
  const { shown, more } = useFirstRows(voiceMessages);
  if (!voiceMessages.length) {
    return <p className="text-sm text-slate-500">No voice messages yet. Voice note steps, and messages with a recording, arrive here.</p>;
  }
  return (
    <>
      <ul className="divide-y divide-slate-100 text-sm">
        {shown.map((message) => {
          const label = `Voice message from ${message.sender} to ${message.prospect?.name ?? "a prospect"}`;
          return (
            <li key={message.id} data-testid="sandbox-voice-message" className="py-3">
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span>
                  {message.sender} <span className="text-slate-500">sent a voice message to</span> <PersonName person={message.prospect} />
                  {message.durationMs !== null && <span className="text-slate-500"> · {formatDuration(message.durationMs)}</span>}
                </span>
                <When at={message.sentAt} />
              </p>
              {message.audio ? (
                <audio controls preload="none" src={message.audio.url} aria-label={label} className="mt-2 w-full max-w-md">
                  <a href={message.audio.url}>Download the audio</a>
                </audio>
              ) : (
                <p className="mt-2 text-xs text-slate-500">This voice message was sent before the network kept audio.</p>
              )}
              {message.text && <p className="mt-1 whitespace-pre-line text-slate-600">{message.text}</p>}
            </li>
          );
        })}
      </ul>
      {more}
    </>
  );
}

export function ReceivedCard() {
  const trpc = useTRPC();
  const received = useQuery({ ...trpc.sandbox.received.queryOptions(), refetchInterval: 5_000 });
  return (
    <Card title="Comments and voice messages" description="What prospects received on their posts and as voice messages. Play a voice message as the prospect hears it.">
      <ErrorAlert error={received.error} />
      {received.isPending ? (
        <p className="text-sm text-slate-500" role="status">
          Loading…
        </p>
      ) : received.data ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="sandbox-comments-heading">
            <h3 id="sandbox-comments-heading" className="mb-1 text-sm font-semibold text-slate-900">
              Comments on posts
            </h3>
            <Comments comments={received.data.comments} />
          </section>
          <section aria-labelledby="sandbox-voice-heading">
            <h3 id="sandbox-voice-heading" className="mb-1 text-sm font-semibold text-slate-900">
              Voice messages
            </h3>
            <VoiceMessages voiceMessages={received.data.voiceMessages} />
          </section>
        </div>
      ) : null}
    </Card>
  );
}
