// Every row written to any table of the test's database, recorded by a trigger on each table, so
// that a test can say exactly what a series of requests wrote (or that it wrote nothing at all).
import { db } from "../db/client";

export type RowWrite = { table_name: string; op: string };

/** Puts the recording trigger on every table (once per test file's database: in a beforeAll). */
export async function recordRowWrites(): Promise<void> {
  await db.$executeRawUnsafe(`CREATE TABLE test_row_writes (table_name text, op text)`);
  await db.$executeRawUnsafe(`
    CREATE FUNCTION test_count_row_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO test_row_writes VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; END $$`);
  await db.$executeRawUnsafe(`
    DO $$ DECLARE t text; BEGIN
      FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'test_row_writes' LOOP
        EXECUTE format('CREATE TRIGGER test_count_row_write AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION test_count_row_write()', t);
      END LOOP;
    END $$`);
}

/** The row writes recorded since the trigger went on or the last `forgetRowWrites`. */
export function rowWrites(): Promise<RowWrite[]> {
  return db.$queryRawUnsafe<RowWrite[]>(`SELECT table_name, op FROM test_row_writes`);
}

/** Starts the record afresh. */
export async function forgetRowWrites(): Promise<void> {
  await db.$executeRawUnsafe(`DELETE FROM test_row_writes`);
}
