"use client";
import { useQuery } from "@tanstack/react-query";
import type { OpenApiPaths } from "./operations";

/**
 * The API's OpenAPI document, fetched once when the first operation is opened: the page itself
 * carries only each operation's summary, so it stays small (it was 2.7 MB with every schema rendered).
 */
export function useOpenApiDocument() {
  return useQuery({
    queryKey: ["api-reference", "openapi.json"],
    queryFn: async (): Promise<OpenApiPaths> => {
      const response = await fetch("/api/v1/openapi.json", { credentials: "omit" });
      if (!response.ok) throw new Error(`The API description did not load (HTTP ${response.status}).`);
      return (await response.json()) as OpenApiPaths;
    },
    staleTime: Infinity,
    retry: 1,
  });
}
