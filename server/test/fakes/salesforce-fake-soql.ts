// The SOQL the Salesforce stand-in understands: what Herald's provider sends and what a list view
// describes, i.e. SELECT fields (with parent relationships, e.g. Account.Name) FROM one object,
// WHERE with AND, OR, parentheses, = != < <= > >= LIKE and IN, ORDER BY and LIMIT (Salesforce's
// "SOQL and SOSL Reference"). String comparisons ignore case, as Salesforce's do.

export type FakeRecord = Record<string, unknown> & { Id: string };

export interface ParsedQuery {
  fields: string[];
  object: string;
  where: Condition | null;
  orderBy: Array<{ field: string; descending: boolean }>;
  limit: number | null;
}

type Value = string | number | boolean | null | { dateTime: number };
type Condition =
  | { kind: "and"; parts: Condition[] }
  | { kind: "or"; parts: Condition[] }
  | { kind: "compare"; field: string; operator: string; value: Value }
  | { kind: "in"; field: string; values: Value[] };

const TOKEN = /\s*(?:('(?:\\.|[^'\\])*')|(\d{4}-\d{2}-\d{2}T[\d:.]+(?:Z|[+-]\d{2}:?\d{2}))|(!=|<=|>=|=|<|>|\(|\)|,)|([A-Za-z_][\w.]*|-?\d+(?:\.\d+)?))/y;

function tokenize(soql: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (soql.slice(TOKEN.lastIndex).trim() !== "") {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(soql);
    if (!match) throw new Error(`unexpected token at: ${soql.slice(start, start + 20)}`);
    tokens.push(match[1] ?? match[2] ?? match[3] ?? match[4] ?? "");
  }
  return tokens;
}

function literal(token: string): Value {
  if (token.startsWith("'")) return token.slice(1, -1).replace(/\\(.)/g, "$1");
  if (/^\d{4}-\d{2}-\d{2}T/.test(token)) return { dateTime: Date.parse(token) };
  if (/^(true|false)$/i.test(token)) return token.toLowerCase() === "true";
  if (/^null$/i.test(token)) return null;
  if (/^-?\d/.test(token)) return Number(token);
  throw new Error(`unexpected value ${token}`);
}

export function parseSoql(soql: string): ParsedQuery {
  const tokens = tokenize(soql);
  let at = 0;
  const peek = () => tokens[at]?.toUpperCase();
  const take = () => {
    const token = tokens[at++];
    if (token === undefined) throw new Error("unexpected end of query");
    return token;
  };
  const expect = (word: string) => {
    if (take().toUpperCase() !== word) throw new Error(`expected ${word}`);
  };
  expect("SELECT");
  const fields: string[] = [take()];
  while (peek() === ",") {
    take();
    fields.push(take());
  }
  expect("FROM");
  const object = take();
  const atom = (): Condition => {
    if (peek() === "(") {
      take();
      const inner = orExpression();
      expect(")");
      return inner;
    }
    const field = take();
    const operator = take().toUpperCase();
    if (operator === "IN") {
      expect("(");
      const values = [literal(take())];
      while (peek() === ",") {
        take();
        values.push(literal(take()));
      }
      expect(")");
      return { kind: "in", field, values };
    }
    return { kind: "compare", field, operator, value: literal(take()) };
  };
  const andExpression = (): Condition => {
    const parts = [atom()];
    while (peek() === "AND") {
      take();
      parts.push(atom());
    }
    return parts.length === 1 ? (parts[0] as Condition) : { kind: "and", parts };
  };
  function orExpression(): Condition {
    const parts = [andExpression()];
    while (peek() === "OR") {
      take();
      parts.push(andExpression());
    }
    return parts.length === 1 ? (parts[0] as Condition) : { kind: "or", parts };
  }
  let where: Condition | null = null;
  if (peek() === "WHERE") {
    take();
    where = orExpression();
  }
  const orderBy: ParsedQuery["orderBy"] = [];
  if (peek() === "ORDER") {
    take();
    expect("BY");
    do {
      if (peek() === ",") take();
      const field = take();
      let descending = false;
      if (peek() === "ASC" || peek() === "DESC") descending = take().toUpperCase() === "DESC";
      if (peek() === "NULLS") {
        take();
        take();
      }
      orderBy.push({ field, descending });
    } while (peek() === ",");
  }
  let limit: number | null = null;
  if (peek() === "LIMIT") {
    take();
    limit = Number(take());
  }
  if (at !== tokens.length) throw new Error(`unexpected ${tokens[at]}`);
  return { fields, object, where, orderBy, limit };
}

/** A field's value on a record, following a parent relationship (Account.Type → AccountId's record). */
export function fieldValue(record: FakeRecord, path: string, lookup: (id: string) => FakeRecord | undefined): unknown {
  const parts = path.split(".");
  let current: FakeRecord | undefined = record;
  for (const relationship of parts.slice(0, -1)) {
    const id: unknown = current?.[`${relationship}Id`];
    current = typeof id === "string" ? lookup(id) : undefined;
  }
  return current?.[parts.at(-1) ?? ""] ?? null;
}

function comparable(value: unknown): string | number | boolean | null {
  if (value && typeof value === "object" && "dateTime" in value) return (value as { dateTime: number }).dateTime;
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value)) return Date.parse(value.replace(/\+0000$/, "Z"));
  if (typeof value === "string") return value.toLowerCase();
  return (value ?? null) as string | number | boolean | null;
}

function compare(left: unknown, operator: string, right: Value): boolean {
  const a = comparable(left);
  const b = comparable(right);
  switch (operator) {
    case "=":
      return a === b;
    case "!=":
      return a !== b;
    case "LIKE": {
      if (typeof a !== "string" || typeof b !== "string") return false;
      const pattern = new RegExp(`^${b.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/%/g, ".*").replace(/_/g, ".")}$`);
      return pattern.test(a);
    }
    default: {
      if (a === null || b === null) return false;
      if (operator === "<") return a < b;
      if (operator === "<=") return a <= b;
      if (operator === ">") return a > b;
      return a >= b;
    }
  }
}

export function matches(condition: Condition | null, record: FakeRecord, lookup: (id: string) => FakeRecord | undefined): boolean {
  if (!condition) return true;
  if (condition.kind === "and") return condition.parts.every((part) => matches(part, record, lookup));
  if (condition.kind === "or") return condition.parts.some((part) => matches(part, record, lookup));
  const value = fieldValue(record, condition.field, lookup);
  if (condition.kind === "in") return condition.values.some((candidate) => compare(value, "=", candidate));
  return compare(value, condition.operator, condition.value);
}

export function sortRecords<T extends FakeRecord>(records: T[], orderBy: ParsedQuery["orderBy"], lookup: (id: string) => FakeRecord | undefined): T[] {
  return [...records].sort((x, y) => {
    for (const { field, descending } of orderBy) {
      const a = comparable(fieldValue(x, field, lookup));
      const b = comparable(fieldValue(y, field, lookup));
      if (a === b) continue;
      const order = a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;
      return descending ? -order : order;
    }
    return 0;
  });
}
