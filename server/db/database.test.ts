import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/harness.ts";
import type { Database } from "./database.ts";
import { migrate } from "./database.ts";
import { CENTRE_AGENT, seed, USER_LOCALES } from "./seed.ts";

const CONCURRENT = 25;

/** A serialization failure or deadlock: PostgreSQL asks the client to run the transaction again. */
function isRetryable(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === "40001" || code === "40P01";
}

async function withRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isRetryable(err) || attempt >= 50) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 10));
    }
  }
}

describe(`database (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await sql`create table probe_wallet (id int primary key, balance bigint not null check (balance >= 0))`.execute(
      database.db,
    );
  });
  afterAll(async () => database.close());

  const db = () => database.db;
  const balanceOf = async (id: number) => {
    const { rows } = await sql<{
      balance: bigint;
    }>`select balance from probe_wallet where id = ${id}`.execute(db());
    return rows[0]?.balance;
  };

  it(`keeps ${CONCURRENT} concurrent read-modify-write transactions apart (no lost update)`, async () => {
    await sql`insert into probe_wallet values (1, 0)`.execute(db());
    await Promise.all(
      Array.from({ length: CONCURRENT }, () =>
        db()
          .transaction()
          .execute(async (trx) => {
            const { rows } = await sql<{
              balance: bigint;
            }>`select balance from probe_wallet where id = 1 for update`.execute(trx);
            // Yield between the read and the write so other transactions get every chance to interleave.
            await new Promise((r) => setTimeout(r, 2));
            await sql`update probe_wallet set balance = ${(rows[0]?.balance ?? 0n) + 1n} where id = 1`.execute(
              trx,
            );
          }),
      ),
    );
    expect(await balanceOf(1)).toBe(BigInt(CONCURRENT));
  });

  it(`lets exactly the affordable ones of ${CONCURRENT} concurrent debits through, never below zero`, async () => {
    await sql`insert into probe_wallet values (2, 100)`.execute(db());
    const results = await Promise.allSettled(
      Array.from({ length: CONCURRENT }, () =>
        db()
          .transaction()
          .execute(async (trx) => {
            const { rows } = await sql<{
              balance: bigint;
            }>`select balance from probe_wallet where id = 2 for update`.execute(trx);
            const balance = rows[0]?.balance ?? 0n;
            await new Promise((r) => setTimeout(r, 1));
            if (balance < 10n) throw new Error("insufficient");
            await sql`update probe_wallet set balance = ${balance - 10n} where id = 2`.execute(trx);
          }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    expect(await balanceOf(2)).toBe(0n);
  });

  it(`serialises ${CONCURRENT} concurrent SERIALIZABLE transfers between two wallets, retrying conflicts`, async () => {
    await sql`insert into probe_wallet values (3, 1000), (4, 1000)`.execute(db());
    await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        withRetry(() =>
          db()
            .transaction()
            .setIsolationLevel("serializable")
            .execute(async (trx) => {
              const [from, to] = i % 2 === 0 ? [3, 4] : [4, 3];
              // Rows are locked in one fixed order (by id), as the ledger does, so transfers cannot deadlock.
              const { rows } = await sql<{
                id: number;
                balance: bigint;
              }>`select id, balance from probe_wallet where id in (3, 4) order by id for update`.execute(trx);
              const byId = new Map(rows.map((r) => [r.id, r.balance]));
              await new Promise((r) => setTimeout(r, 1));
              await sql`update probe_wallet set balance = ${(byId.get(from) ?? 0n) - 7n} where id = ${from}`.execute(
                trx,
              );
              await sql`update probe_wallet set balance = ${(byId.get(to) ?? 0n) + 7n} where id = ${to}`.execute(
                trx,
              );
            }),
        ),
      ),
    );
    // 13 transfers went 3 -> 4 and 12 went 4 -> 3: nothing created or lost.
    expect([await balanceOf(3), await balanceOf(4)]).toEqual([993n, 1007n]);
  });

  it("leaves no trace of a transaction that fails midway, and the constraint refuses a negative balance", async () => {
    await sql`insert into probe_wallet values (5, 50)`.execute(db());
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await sql`update probe_wallet set balance = balance - 20 where id = 5`.execute(trx);
          await sql`insert into probe_wallet values (6, 1)`.execute(trx);
          throw new Error("crash after two writes");
        }),
    ).rejects.toThrow("crash after two writes");
    expect(await balanceOf(5)).toBe(50n);
    expect(await balanceOf(6)).toBeUndefined();

    await expect(
      sql`update probe_wallet set balance = balance - 51 where id = 5`.execute(db()),
    ).rejects.toMatchObject({
      code: "23514",
    });
    expect(await balanceOf(5)).toBe(50n);
  });

  it("parses bigint money columns as BigInt without losing precision", async () => {
    const { rows } = await sql<{ v: bigint }>`select 9007199254740993::bigint as v`.execute(db());
    expect(rows[0]?.v).toBe(9007199254740993n);
  });

  it("migrates and seeds idempotently, never overwriting what staff changed", async () => {
    expect(await migrate(database)).toEqual([]);
    await db()
      .updateTable("site_details")
      .set({ title: "Changed by staff" })
      .where("domain", "=", "*")
      .execute();
    await seed(db());
    await seed(db());
    const site = await db().selectFrom("site_details").selectAll().execute();
    expect(site).toHaveLength(1);
    expect(site[0]?.title).toBe("Changed by staff");
  });

  it("seeds the centre agent (agentId 2, refUid 0) for every locale", async () => {
    const rows = await db().selectFrom("locale_centre_agents").selectAll().orderBy("locale").execute();
    expect(rows.map((r) => r.locale).sort()).toEqual([...USER_LOCALES].sort());
    for (const row of rows)
      expect(row).toMatchObject({ agent_id: CENTRE_AGENT.agentId, ref_uid: CENTRE_AGENT.refUid });
    expect(CENTRE_AGENT).toEqual({ agentId: 2, refUid: 0 });
  });
});
