// Counts the statements Herald sends to PostgreSQL, whoever sends them (Prisma's driver adapter,
// the sandbox network, raw pg): every statement goes through pg's Client#query. Tests use it to
// hold a turn to a known number of round trips; the benchmarks report it per action.
import pg from "pg";

export interface StatementCount {
  /** Every statement, transaction control (BEGIN, COMMIT, ROLLBACK, savepoints) included. */
  statements: number;
  /** Statements that read or write data: the round trips a turn is budgeted by. */
  queries: number;
  /** Transactions begun. */
  transactions: number;
  /** The texts of the statements (when asked for), in order. */
  texts: string[];
}

const CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|SET TRANSACTION|DEALLOCATE)\b/i;

let active: StatementCount[] = [];
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (active.length) {
      const first = args[0];
      const text = typeof first === "string" ? first : (first as { text?: string } | undefined)?.text ?? "";
      for (const count of active) {
        count.statements++;
        if (/^\s*BEGIN\b/i.test(text)) count.transactions++;
        if (!CONTROL.test(text)) {
          count.queries++;
          if (count.texts.length < 1000) count.texts.push(text);
        }
      }
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** Starts counting; `stop()` ends it and returns the count. Counters may nest. */
export function countStatements(): { current: StatementCount; stop: () => StatementCount } {
  install();
  const current: StatementCount = { statements: 0, queries: 0, transactions: 0, texts: [] };
  active.push(current);
  return {
    current,
    stop: () => {
      active = active.filter((count) => count !== current);
      return current;
    },
  };
}
