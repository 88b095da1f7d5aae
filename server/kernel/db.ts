import type { Kysely, Transaction } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The database kernel every module writes through (docs/architecture.md "The kernel"): one type for "the
 * database or a transaction on it", and one way to open a transaction.
 *
 * On PGlite a transaction holds the single connection, so a query sent on the root handle while one is open
 * waits for it (docs/footguns.md "PGlite is one connection"): pass the `Executor` you were given down, never
 * the root handle.
 */

/** The database, or a transaction on it: what a function that only reads or joins a caller's writes takes. */
export type Executor = Kysely<DB> | Transaction<DB>;

/** SQLSTATEs worth another try: serialization failure and deadlock. */
const RETRYABLE = new Set(["40001", "40P01"]);
/** Tries at most, so a transaction that always conflicts ends as an error instead of spinning. */
export const TRANSACTION_ATTEMPTS_MAX = 21;

/**
 * Runs `work` in a transaction, again (after a short random pause) on a serialization failure, a deadlock, or a
 * lost race on a ledger idempotency key, at most TRANSACTION_ATTEMPTS_MAX times. `work` must therefore be safe
 * to run again from the start: everything it wrote was rolled back, and it must not have acted outside the
 * database (sent a message, called a provider) before it failed. Every write of the server goes through here.
 */
export async function inTransaction<T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      const code = (err as { code?: string }).code;
      const duplicateKey =
        code === "23505" && String((err as { constraint?: string }).constraint).includes("idempotency_key");
      if ((!RETRYABLE.has(code ?? "") && !duplicateKey) || attempt >= TRANSACTION_ATTEMPTS_MAX) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}

/** Postgres unique violation on a named constraint or index. */
export function isUniqueViolation(err: unknown, name: string): boolean {
  const e = err as { code?: string; constraint?: string; detail?: string; message?: string };
  return e.code === "23505" && (e.constraint === name || `${e.message ?? ""}`.includes(name));
}

/** A timestamp as the API writes it (ISO 8601, UTC), or null. */
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
