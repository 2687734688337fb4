// Finds the /api/v1 operation path a request path names, the way Next's router picks a route file:
// a literal segment beats a `{param}` at the same position (`/accounts/hosted-link` over
// `/accounts/{id}`). Pure, so the request gate can answer 404/405 from the OpenAPI operations alone.

export interface RoutedOperation {
  method: string;
  /** Below /api/v1, e.g. `/campaigns/{id}`. */
  path: string;
}

export interface ApiPathMatch {
  /** The operation path, e.g. `/campaigns/{id}`. */
  template: string;
  /** Methods of that path, lower case as in the operations. */
  methods: string[];
  /** Names of the path parameters whose segment is not valid percent-encoded UTF-8. */
  undecodable: string[];
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** `rest` is the path below /api/v1, e.g. `/campaigns/cmp_1`. */
export function matchApiPath(rest: string, operations: readonly RoutedOperation[]): ApiPathMatch | null {
  const segments = rest.replace(/^\//, "").split("/");
  const decoded = segments.map(decode);
  let best: { template: string; rank: string; undecodable: string[] } | null = null;
  const templates = [...new Set(operations.map((operation) => operation.path))];
  for (const template of templates) {
    const parts = template.replace(/^\//, "").split("/");
    if (parts.length !== segments.length) continue;
    let rank = "";
    const undecodable: string[] = [];
    const fits = parts.every((part, index) => {
      const param = /^\{(.+)\}$/.exec(part);
      if (param) {
        rank += "1";
        if (decoded[index] === null) undecodable.push(param[1]!);
        return segments[index] !== "";
      }
      rank += "0";
      return decoded[index] === part;
    });
    if (fits && (!best || rank < best.rank)) best = { template, rank, undecodable };
  }
  if (!best) return null;
  const template = best.template;
  return {
    template,
    methods: operations.filter((operation) => operation.path === template).map((operation) => operation.method),
    undecodable: best.undecodable,
  };
}
