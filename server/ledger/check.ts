import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The ledger's invariants, recomputed from the transfers:
 * - total debits equal total credits (the account balances sum to zero);
 * - every account's balance equals its posted credits minus its posted debits;
 * - every account's held amount equals its unresolved pending debits;
 * - no account that may not go negative has a negative available balance.
 * Returns the violations found (empty when the ledger is sound).
 */
export async function checkLedger(db: Kysely<DB>): Promise<string[]> {
  const problems: string[] = [];
  const totals = await sql<{
    total: bigint | null;
  }>`select sum(balance)::bigint as total from ledger_accounts`.execute(db);
  const total = totals.rows[0]?.total ?? 0n;
  if (total !== 0n) problems.push(`account balances sum to ${total}, not 0 (debits and credits differ)`);

  const mismatched = await sql<{
    code: string;
    balance: bigint;
    computed: bigint;
    held: bigint;
    computed_held: bigint;
  }>`
    with moves as (
      select credit_account_id as account_id, amount as delta, 0::bigint as hold
        from ledger_transfers where kind in ('posted', 'post_pending')
      union all
      select debit_account_id, -amount, 0 from ledger_transfers where kind in ('posted', 'post_pending')
      union all
      select p.debit_account_id, 0, p.amount from ledger_transfers p
        where p.kind = 'pending' and not exists (select 1 from ledger_transfers r where r.pending_id = p.id)
    )
    select a.code, a.balance, coalesce(sum(m.delta), 0)::bigint as computed,
           a.held, coalesce(sum(m.hold), 0)::bigint as computed_held
      from ledger_accounts a left join moves m on m.account_id = a.id
     group by a.id, a.code, a.balance, a.held
    having a.balance <> coalesce(sum(m.delta), 0) or a.held <> coalesce(sum(m.hold), 0)`.execute(db);
  for (const row of mismatched.rows) {
    problems.push(
      `${row.code}: balance ${row.balance} / held ${row.held}, but its transfers give ${row.computed} / ${row.computed_held}`,
    );
  }

  const negative = await db
    .selectFrom("ledger_accounts")
    .select(["code", "balance", "held"])
    .where("allow_negative", "=", false)
    .where(sql<boolean>`balance - held < 0`)
    .execute();
  for (const row of negative) problems.push(`${row.code}: available ${row.balance - row.held} is negative`);
  return problems;
}
