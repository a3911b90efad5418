import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { type DatabaseHandle, openDatabase } from "../../db/database.ts";
import { integrityCheck, sqliteRowText } from "./audit.ts";
import { createChaosDatabase } from "./pg-schema.ts";

export interface NewsletterDelivery {
  newsletterId: string;
  subscriberId: string;
  email: string;
  status: string;
}

/**
 * The kill part's data, on SQLite (a file in the data folder) or PostgreSQL (a fresh database of the
 * run's own: `server/main.ts` takes only DATABASE_URL, see 0170), and what the checks read from it
 * directly rather than through the API: every row's text, the job queue, newsletter deliveries.
 */
export interface KillStore {
  dialect: "sqlite" | "postgres";
  dataDir: string;
  /** What the server process is started with. */
  env: Record<string, string>;
  /** SQLite's `integrity_check` after a kill ("ok" when sound); PostgreSQL: undefined (its own WAL recovery). */
  integrity(): string | undefined;
  /**
   * Every text value in every table but the job queue's, for "does any row mention this file". A
   * job's payload names the image it works on, and a finished job keeps it after the item and its
   * files are deleted: that is history, not a reference.
   */
  rowText(): Promise<string>;
  /** Jobs due now or running; a retry planned for later does not count. */
  jobsUnderWay(): Promise<number>;
  /**
   * Makes the dead run's claims lapsed, as they would be once their claim time had passed (30 s for
   * a newsletter, 5 min for an e-mail): like the aging of uploads, it stands for time after a crash.
   */
  lapseClaims(): Promise<number>;
  deliveries(): Promise<NewsletterDelivery[]>;
  /** Closes its own connections; removes the data unless `keep` (kept for a look after a failure). */
  close(keep: boolean): Promise<void>;
}

export async function createKillStore(dialect: "sqlite" | "postgres", postgresUrl?: string): Promise<KillStore> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `hbb-chaos-kill-${dialect}-`));
  const sqliteFile = path.join(dataDir, "hope.sqlite");
  let env: Record<string, string> = { DATA_DIR: dataDir };
  let dropDatabase = async () => {};
  let opened: DatabaseHandle | undefined;
  let open = () => openDatabase({ sqlitePath: sqliteFile });
  if (dialect === "postgres") {
    if (!postgresUrl) throw new Error("the kill part on PostgreSQL needs a URL");
    const database = await createChaosDatabase(postgresUrl);
    env = { ...env, DATABASE_URL: database.url };
    dropDatabase = database.drop;
    // The run's own reading connections, not marked as the server's (only those may be ended).
    const readUrl = new URL(database.url);
    readUrl.searchParams.delete("application_name");
    open = () => openDatabase({ databaseUrl: readUrl.toString(), applicationName: "hbb-chaos-control" });
  }
  // Opened when first needed: the SQLite file exists only once the server has started.
  const db = () => {
    opened ??= open();
    return opened.db;
  };
  return {
    dialect,
    dataDir,
    env,
    integrity: () => (dialect === "sqlite" ? integrityCheck(sqliteFile) : undefined),
    async rowText() {
      if (dialect === "sqlite") return sqliteRowText(sqliteFile);
      const tables = (await db().introspection.getTables()).filter((t) => !t.isView && t.name !== "jobs");
      const parts: string[] = [];
      for (const table of tables) {
        const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db());
        for (const row of rows) {
          for (const cell of Object.values(row)) {
            if (typeof cell === "string") parts.push(cell);
            // json columns come parsed.
            else if (cell && typeof cell === "object" && !(cell instanceof Date) && !Buffer.isBuffer(cell))
              parts.push(JSON.stringify(cell));
          }
        }
      }
      return parts.join("\n");
    },
    async jobsUnderWay() {
      const row = await db()
        .selectFrom("jobs")
        .select((eb) => eb.fn.countAll().as("n"))
        .where((eb) =>
          eb.or([
            eb("status", "=", "running"),
            eb.and([eb("status", "=", "queued"), eb("run_at", "<=", new Date().toISOString())]),
          ]),
        )
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async lapseClaims() {
      const past = new Date(Date.now() - 60 * 60_000).toISOString();
      const result = await db()
        .updateTable("jobs")
        .set({ locked_until: past })
        .where("status", "=", "running")
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async deliveries() {
      const rows = await db()
        .selectFrom("newsletter_deliveries")
        .select(["newsletter_id", "subscriber_id", "email", "status"])
        .execute();
      return rows.map((r) => ({
        newsletterId: r.newsletter_id,
        subscriberId: r.subscriber_id,
        email: r.email,
        status: r.status,
      }));
    },
    async close(keep) {
      await opened?.close();
      opened = undefined;
      if (!keep) {
        await dropDatabase();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
