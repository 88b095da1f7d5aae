import type { Executor } from "../../kernel/db.ts";

export interface AuditEntry {
  /** Who: "staff:<id>:<userName>" or "cli". */
  actor: string;
  action: string;
  /** What it was done to: "member:<uuid>", "staff:<userName>". */
  subject: string;
  before?: unknown;
  after?: unknown;
}

/** Appends one audit row; call it inside the transaction that makes the change, so both land or neither. */
export async function audit(db: Executor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      actor: entry.actor,
      action: entry.action,
      subject: entry.subject,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}
