"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";

/** The workspace's mailboxes, newest first, as mailboxes.list gives them. */
export function useMailboxes(options: { refetchInterval?: number } = {}) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.mailboxes.list.queryOptions(), refetchInterval: options.refetchInterval });
}
