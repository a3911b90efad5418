/** One staff write (or sign-in event), written only through core/audit/audit.ts. */
export interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string | null;
  actor_email: string;
  ip: string;
  action: string;
  entity: string;
  entity_id: string | null;
  /** JSON AuditChanges. */
  changes: string;
  /** A piece of content's name when the entry was written (never a person's), or null. */
  label: string | null;
}
