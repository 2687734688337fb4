"use client";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { Fragment, useEffect, useId, useState, type FormEvent } from "react";
import { CopyButton } from "@/components/settings/copy-button";
import { ErrorAlert } from "@/components/senders/error-alert";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";

const PAGE = 20;

function PublishPostForm({ prospect, onDone }: { prospect: { id: string; name: string }; onDone: (published: boolean) => void }) {
  const trpc = useTRPC();
  const id = useId();
  const [text, setText] = useState("");
  const publish = useMutation(trpc.sandbox.publishPost.mutationOptions({ onSuccess: () => onDone(true) }));
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (text.trim()) publish.mutate({ prospectMemberId: prospect.id, text: text.trim() });
  }
  return (
    <form onSubmit={onSubmit} className="space-y-2">
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        Post by {prospect.name}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={2}
        maxLength={2000}
        placeholder="Excited to share that we're hiring!"
        className="block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500"
      />
      <ErrorAlert error={publish.error} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={publish.isPending || !text.trim()}>
          {publish.isPending ? "Publishing…" : "Publish"}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The sandbox's people: profile URLs to use in direct actions and lead imports. */
export function ProspectDirectory() {
  const trpc = useTRPC();
  const [input, setInput] = useState("");
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const [posting, setPosting] = useState<string | null>(null);
  const [published, setPublished] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(input.trim());
      setOffset(0);
    }, 250);
    return () => clearTimeout(timer);
  }, [input]);
  const prospects = useQuery({
    ...trpc.sandbox.prospects.queryOptions({ search: search || undefined, limit: PAGE, offset }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card title="Directory of prospects" description="The same people on every sandbox network. Copy a profile URL to use it in a direct action or a campaign.">
      <div className="mb-4 max-w-sm">
        <label htmlFor="prospect-search" className="sr-only">
          Search prospects
        </label>
        <Input
          id="prospect-search"
          type="search"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          placeholder="Search by name, title or company"
        />
      </div>
      {published && (
        <div className="mb-3">
          <Alert tone="success">{published}</Alert>
        </div>
      )}
      {prospects.isPending ? (
        <p className="text-sm text-slate-500" role="status">
          Loading…
        </p>
      ) : prospects.error ? (
        <Alert tone="error">{errorMessage(prospects.error)}</Alert>
      ) : !prospects.data.prospects.length ? (
        <p className="text-sm text-slate-500">Nobody matches “{search}”.</p>
      ) : (
        <>
          <div className="-mx-5 overflow-x-auto px-5">
            <table className="w-full text-left text-sm" aria-busy={prospects.isFetching}>
              <thead className="text-xs text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">Prospect</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Location</th>
                  <th scope="col" className="py-2 pr-3 font-medium">Profile</th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {prospects.data.prospects.map((prospect) => (
                  <Fragment key={prospect.id}>
                    <tr data-testid="sandbox-prospect" className="align-top">
                      <td className="py-2 pr-3">
                        <p className="font-medium text-slate-900">{prospect.name}</p>
                        <p className="text-xs text-slate-500">{prospect.headline}</p>
                        <p className="mt-1 flex flex-wrap gap-1">
                          {prospect.openProfile && <Badge tone="blue">Open profile</Badge>}
                          {prospect.isPremium && <Badge tone="amber">Premium</Badge>}
                          {prospect.recentPosts ? (
                            <Badge tone="green">{prospect.recentPosts === 1 ? "1 recent post" : `${prospect.recentPosts} recent posts`}</Badge>
                          ) : (
                            <Badge tone="slate">No recent post</Badge>
                          )}
                        </p>
                      </td>
                      <td className="py-2 pr-3 whitespace-nowrap text-slate-600">{prospect.location}</td>
                      <td className="py-2 pr-3">
                        <a href={prospect.profileUrl} target="_blank" rel="noopener noreferrer" className="font-mono text-xs text-brand-600 hover:underline">
                          {prospect.profileUrl.replace("https://www.", "")}
                        </a>
                      </td>
                      <td className="py-2 text-right whitespace-nowrap">
                        <span className="inline-flex gap-2">
                          <CopyButton value={prospect.profileUrl} label="Copy URL" ariaLabel={`Copy the profile URL of ${prospect.name}`} />
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-expanded={posting === prospect.id}
                            aria-label={`Publish a post as ${prospect.name}`}
                            onClick={() => {
                              setPublished(null);
                              setPosting(posting === prospect.id ? null : prospect.id);
                            }}
                          >
                            Publish a post
                          </Button>
                        </span>
                      </td>
                    </tr>
                    {posting === prospect.id && (
                      <tr>
                        <td colSpan={4} className="bg-slate-50 px-3 py-3">
                          <PublishPostForm
                            prospect={prospect}
                            onDone={(done) => {
                              setPosting(null);
                              if (done) {
                                setPublished(`${prospect.name} published a post: senders can like it now.`);
                                void prospects.refetch();
                              }
                            }}
                          />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
          <Pager offset={offset} pageSize={PAGE} shown={prospects.data.prospects.length} total={prospects.data.total} onOffsetChange={setOffset} labels={["Previous", "Next"]} />
        </>
      )}
    </Card>
  );
}
