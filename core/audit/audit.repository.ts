import type { Db } from "../../db/database.ts";
import type { AuditLogTable } from "./audit.table.ts";

/** Adds one entry to the audit log, in the caller's transaction (core/audit/audit.ts decides what). */
export async function insertAuditEntry(trx: Db, entry: AuditLogTable): Promise<void> {
  await trx.insertInto("audit_log").values(entry).execute();
}
