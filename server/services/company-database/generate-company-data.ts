import pg from "pg";
import { generateCompany, type DatasetOptions } from "./generator/generate-dataset";
import { refreshFilterValues } from "./refresh-filter-values";
import { upsertCompanies, upsertPeople, WRITE_BATCH } from "./write-dataset-rows";

export interface GenerateProgress {
  companies: number;
  people: number;
  total: number;
}

/**
 * A load into empty tables at least this large builds the secondary indexes once at the end instead of
 * row by row (several times faster at a million companies); smaller loads keep them (the tests, the demo).
 */
const DEFER_INDEXES_FROM = 50_000;
/** The secondary indexes set aside during a bulk load are kept here (a table comment) until rebuilt. */
const DEFERRED_INDEXES_NOTE = "herald:deferred-indexes:";

/**
 * Fills the company database with the deterministic generated data set (`npm run
 * database:generate`, the demo, tests and benchmarks). Re-running with the same seed updates the same
 * rows; `from` resumes a run that stopped after that many companies. Filter values are rebuilt at the end.
 *
 * Rows go through one plain connection of their own (not Prisma: see RowWriter), and the next batch is
 * generated while the database writes the current one.
 */
export async function generateCompanyData(
  options: DatasetOptions & { from?: number; onProgress?: (progress: GenerateProgress) => void; refreshValues?: boolean },
): Promise<GenerateProgress> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  let people = 0;
  let done = options.from ?? 0;
  try {
    // A crash during an earlier bulk load left its indexes aside: build them first.
    await restoreDeferredIndexes(client);
    // Losing the last batches in a crash is harmless (a re-run upserts them again); waiting for each
    // commit's flush is not needed.
    await client.query("SET synchronous_commit = off");
    const deferred = done === 0 && options.companies >= DEFER_INDEXES_FROM && (await tablesAreEmpty(client));
    if (deferred) await deferIndexes(client);

    // The next batch is made while the database writes this one: making a batch yields to the event
    // loop now and then, so that the writes go on meanwhile.
    const batchAt = async (start: number) => {
      const end = Math.min(options.companies, start + WRITE_BATCH);
      const companies = [];
      const persons = [];
      for (let n = start; n < end; n++) {
        const generated = generateCompany(options, n);
        companies.push(generated.company);
        persons.push(...generated.people);
        if (n % 250 === 249) await new Promise((resolve) => setImmediate(resolve));
      }
      return { end, companies, persons };
    };
    let batch = done < options.companies ? await batchAt(done) : null;
    while (batch) {
      const current = batch;
      const written = (async () => {
        await upsertCompanies(current.companies, client);
        for (let i = 0; i < current.persons.length; i += WRITE_BATCH) await upsertPeople(current.persons.slice(i, i + WRITE_BATCH), client);
      })();
      let next: Awaited<ReturnType<typeof batchAt>> | null = null;
      try {
        next = current.end < options.companies ? await batchAt(current.end) : null;
      } finally {
        await written;
      }
      people += current.persons.length;
      done = current.end;
      options.onProgress?.({ companies: done, people, total: options.companies });
      batch = next;
    }
    if (deferred) await restoreDeferredIndexes(client);
    // Fresh statistics for the planner: the searches' plans depend on them, and autovacuum may lag
    // a bulk load by minutes.
    if (options.companies - (options.from ?? 0) >= DEFER_INDEXES_FROM) await client.query(`ANALYZE "Company", "Person"`);
  } finally {
    await client.end();
  }
  if (options.refreshValues !== false) await refreshFilterValues();
  return { companies: done, people, total: options.companies };
}

async function tablesAreEmpty(client: pg.Client): Promise<boolean> {
  const result = await client.query(`SELECT NOT EXISTS (SELECT 1 FROM "Company") AND NOT EXISTS (SELECT 1 FROM "Person") AS empty`);
  return Boolean(result.rows[0]?.empty);
}

/**
 * Drops the secondary indexes of Company and Person (all but the primary keys and the unique
 * indexes: the upserts need externalId's), noting their definitions on the Company
 * table in the same transaction so that a crash before the rebuild loses nothing.
 */
async function deferIndexes(client: pg.Client): Promise<void> {
  const result = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition
       FROM pg_indexes i
       JOIN pg_class c ON c.relname = i.indexname AND c.relnamespace = to_regnamespace(i.schemaname)
      WHERE i.schemaname = current_schema() AND i.tablename IN ('Company', 'Person')
        AND NOT EXISTS (SELECT 1 FROM pg_index x WHERE x.indexrelid = c.oid AND (x.indisunique OR x.indisprimary))
      ORDER BY i.indexname`,
  );
  if (!result.rows.length) return;
  await client.query("BEGIN");
  try {
    const note = DEFERRED_INDEXES_NOTE + JSON.stringify(result.rows.map((row) => row.definition));
    await client.query(`COMMENT ON TABLE "Company" IS ${client.escapeLiteral(note)}`);
    for (const row of result.rows) await client.query(`DROP INDEX ${client.escapeIdentifier(row.name)}`);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}

/** Builds the indexes a bulk load set aside (see deferIndexes), if any, and clears the note. */
async function restoreDeferredIndexes(client: pg.Client): Promise<void> {
  const result = await client.query<{ note: string | null }>(`SELECT obj_description('"Company"'::regclass, 'pg_class') AS note`);
  const note = result.rows[0]?.note;
  if (!note?.startsWith(DEFERRED_INDEXES_NOTE)) return;
  const definitions = JSON.parse(note.slice(DEFERRED_INDEXES_NOTE.length)) as string[];
  // Index builds sort in memory up to this much per index; the default (64 MB) spills a million rows to disk.
  await client.query("SET maintenance_work_mem = '256MB'");
  for (const definition of definitions) {
    await client.query(definition.replace(/^CREATE (UNIQUE )?INDEX /, "CREATE $1INDEX IF NOT EXISTS "));
  }
  await client.query("RESET maintenance_work_mem");
  await client.query(`COMMENT ON TABLE "Company" IS NULL`);
}
