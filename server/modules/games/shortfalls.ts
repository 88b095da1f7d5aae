import { sql } from "kysely";
import type { Executor } from "../../kernel/db.ts";

/**
 * Game shortfalls (docs/games.md "Decisions"): a win rolled back that the member's balance could not cover leaves
 * `owed` in game_shortfalls. Staff recover it with a `game.adjust` proposal (GAME_DEDUCT) naming the shortfall;
 * what confirmed proposals took back is the shortfall's `recovered`, and nothing may take back more than is owed.
 */

export interface ShortfallState {
  id: bigint;
  memberId: bigint;
  providerCode: string;
  owed: bigint;
  /** GAME_DEDUCT corrections confirmed against it, satang. */
  recovered: bigint;
}

/** The shortfall with what has been recovered of it; `lock` takes its row FOR UPDATE (at confirmation). */
export async function shortfallState(
  db: Executor,
  id: bigint,
  options: { lock?: boolean } = {},
): Promise<ShortfallState | undefined> {
  let query = db
    .selectFrom("game_shortfalls as s")
    .innerJoin("game_providers as p", "p.id", "s.provider_id")
    .select(["s.id", "s.member_id", "s.owed", "p.code"])
    .where("s.id", "=", id);
  if (options.lock) query = query.forUpdate("s");
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const recovered = await sql<{ total: string | null }>`
    select sum(amount) as total from staff_proposals
     where kind = 'game.adjust' and status = 'confirmed' and payload->>'shortfallId' = ${String(id)}`.execute(
    db,
  );
  return {
    id: row.id,
    memberId: row.member_id,
    providerCode: row.code,
    owed: row.owed,
    recovered: BigInt(recovered.rows[0]?.total ?? 0),
  };
}
