// Where Name.com's Core API keeps things (reference: "name.com Core API", OpenAPI 1.7.0). Every
// documented path starts with /core/v1; the older /v4 paths are not used.
export const NAMECOM_BASE_PATH = "/core/v1";

export function domainPath(name: string): string {
  return `${NAMECOM_BASE_PATH}/domains/${encodeURIComponent(name)}`;
}
