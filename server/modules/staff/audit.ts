import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";

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
export async function audit(db: Kysely<DB> | Transaction<DB>, entry: AuditEntry): Promise<void> {
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
