// The expressions Inngest configs carry (CEL): trigger `expression`, waitForEvent and cancelOn `if`,
// concurrency and idempotency `key`. The embedded executor understands the subset Herald and the
// SDK's shorthands produce: paths (`event.data.accountId`, `async.data.id`), string, number, boolean
// and null literals, `==`, `!=`, `<`, `<=`, `>`, `>=`, `&&`, `||`, `!`, `+`, `string()` and parentheses.
type Token = { kind: "path" | "string" | "number" | "op" | "paren"; value: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < source.length) {
    const char = source[index]!;
    if (/\s/.test(char)) {
      index++;
      continue;
    }
    if (char === '"' || char === "'") {
      let end = index + 1;
      let value = "";
      while (end < source.length && source[end] !== char) {
        if (source[end] === "\\") end++;
        value += source[end];
        end++;
      }
      if (end >= source.length) throw new Error(`Unterminated string in expression: ${source}`);
      tokens.push({ kind: "string", value });
      index = end + 1;
      continue;
    }
    const two = source.slice(index, index + 2);
    if (["==", "!=", "<=", ">=", "&&", "||"].includes(two)) {
      tokens.push({ kind: "op", value: two });
      index += 2;
      continue;
    }
    if ("<>!+".includes(char)) {
      tokens.push({ kind: "op", value: char });
      index++;
      continue;
    }
    if (char === "(" || char === ")") {
      tokens.push({ kind: "paren", value: char });
      index++;
      continue;
    }
    const number = /^-?\d+(\.\d+)?/.exec(source.slice(index));
    if (number) {
      tokens.push({ kind: "number", value: number[0] });
      index += number[0].length;
      continue;
    }
    const path = /^[A-Za-z_][\w.]*/.exec(source.slice(index));
    if (path) {
      tokens.push({ kind: "path", value: path[0] });
      index += path[0].length;
      continue;
    }
    throw new Error(`Unsupported character "${char}" in expression: ${source}`);
  }
  return tokens;
}

export type Scope = Record<string, unknown>;

function resolvePath(path: string, scope: Scope): unknown {
  if (path === "true") return true;
  if (path === "false") return false;
  if (path === "null") return null;
  let current: unknown = scope;
  for (const part of path.split(".")) {
    if (current === null || typeof current !== "object") return null;
    current = (current as Record<string, unknown>)[part];
  }
  return current === undefined ? null : current;
}

/** Evaluates an expression against `{event, async}`; throws on syntax it does not support. */
export function evaluate(source: string, scope: Scope): unknown {
  const tokens = tokenize(source);
  let position = 0;
  const peek = () => tokens[position];
  const take = () => tokens[position++];

  function primary(): unknown {
    const token = take();
    if (!token) throw new Error(`Unexpected end of expression: ${source}`);
    if (token.kind === "paren" && token.value === "(") {
      const value = or();
      if (take()?.value !== ")") throw new Error(`Missing ) in expression: ${source}`);
      return value;
    }
    if (token.kind === "op" && token.value === "!") return !primary();
    if (token.kind === "string") return token.value;
    if (token.kind === "number") return Number(token.value);
    // CEL's string() conversion, for keys that join an id and a number (`id + "-" + string(round)`).
    if (token.kind === "path" && token.value === "string" && peek()?.value === "(") {
      take();
      const value = or();
      if (take()?.value !== ")") throw new Error(`Missing ) in expression: ${source}`);
      return value === null ? "null" : String(value);
    }
    if (token.kind === "path") return resolvePath(token.value, scope);
    throw new Error(`Unexpected "${token.value}" in expression: ${source}`);
  }
  function sum(): unknown {
    let left = primary();
    while (peek()?.value === "+") {
      take();
      const right = primary();
      left = typeof left === "number" && typeof right === "number" ? left + right : `${left ?? ""}${right ?? ""}`;
    }
    return left;
  }
  function comparison(): unknown {
    const left = sum();
    const operator = peek();
    if (operator?.kind !== "op" || !["==", "!=", "<", "<=", ">", ">="].includes(operator.value)) return left;
    take();
    const right = sum();
    switch (operator.value) {
      case "==":
        return JSON.stringify(left) === JSON.stringify(right);
      case "!=":
        return JSON.stringify(left) !== JSON.stringify(right);
      case "<":
        return (left as number) < (right as number);
      case "<=":
        return (left as number) <= (right as number);
      case ">":
        return (left as number) > (right as number);
      default:
        return (left as number) >= (right as number);
    }
  }
  function and(): unknown {
    let left = comparison();
    while (peek()?.value === "&&") {
      take();
      const right = comparison();
      left = Boolean(left) && Boolean(right);
    }
    return left;
  }
  function or(): unknown {
    let left = and();
    while (peek()?.value === "||") {
      take();
      const right = and();
      left = Boolean(left) || Boolean(right);
    }
    return left;
  }
  const result = or();
  if (position < tokens.length) throw new Error(`Unexpected "${tokens[position]!.value}" in expression: ${source}`);
  return result;
}

export function evaluateCondition(source: string | undefined | null, scope: Scope): boolean {
  if (!source) return true;
  return Boolean(evaluate(source, scope));
}

/** A concurrency or idempotency key: the expression's value as a string. */
export function evaluateKey(source: string, scope: Scope): string {
  const value = evaluate(source, scope);
  return typeof value === "string" ? value : JSON.stringify(value);
}
