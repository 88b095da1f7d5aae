import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { inTransaction } from "../kernel/db.ts";
import { openTestDatabase } from "../test/harness.ts";
import { checkLedger } from "./check.ts";
import {
  accountBalance,
  type LedgerError,
  memberAccount,
  postPending,
  reserve,
  systemAccount,
  transfer,
  voidPending,
} from "./ledger.ts";

let database: Database;
const db = () => database.db;
const key = () => randomBytes(12).toString("hex");

async function newMember(): Promise<bigint> {
  const row = await db()
    .insertInto("members")
    .values({
      user_name: `ledger${randomBytes(5).toString("hex")}`,
      password_hash: "unused",
      phone_number: "0812345678",
      agent_id: 2,
      ref_uid: 0,
      af_slug: randomBytes(6).toString("hex"),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function fundedWallet(satang: bigint) {
  const member = await newMember();
  const wallet = await memberAccount(db(), member, "member_cash");
  const clearing = await systemAccount(db(), "clearing:deposit:test", "clearing");
  if (satang > 0n) {
    await transfer(db(), {
      debitAccountId: clearing,
      creditAccountId: wallet,
      amount: satang,
      type: "DEPOSIT",
      reference: "test",
      idempotencyKey: key(),
    });
  }
  return { member, wallet, clearing, house: await systemAccount(db(), "house:lotto", "house") };
}

async function expectLedgerSound() {
  expect(await checkLedger(db())).toEqual([]);
}

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

describe("ledger transfers", () => {
  it("moves money between two accounts and keeps debits equal to credits", async () => {
    const { wallet, house } = await fundedWallet(10_000n);
    await transfer(db(), {
      debitAccountId: wallet,
      creditAccountId: house,
      amount: 2_550n,
      type: "BET_YEEKEE",
      reference: "poy:1",
      idempotencyKey: key(),
    });
    expect(await accountBalance(db(), wallet)).toEqual({ balance: 7_450n, held: 0n, available: 7_450n });
    await expectLedgerSound();
  });

  it("refuses to overdraw a member and leaves no trace", async () => {
    const { wallet, house } = await fundedWallet(100n);
    const attempt = transfer(db(), {
      debitAccountId: wallet,
      creditAccountId: house,
      amount: 101n,
      type: "BET_GOV",
      reference: "poy:2",
      idempotencyKey: key(),
    });
    await expect(attempt).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect((await accountBalance(db(), wallet)).balance).toBe(100n);
    await expectLedgerSound();
  });

  it("refuses zero, negative and self transfers and unknown types", async () => {
    const { wallet, house } = await fundedWallet(100n);
    for (const bad of [
      { amount: 0n },
      { amount: -5n },
      { creditAccountId: wallet },
      { type: "FREE_MONEY" },
    ]) {
      const input = {
        debitAccountId: wallet,
        creditAccountId: house,
        amount: 1n,
        type: "BET_GOV",
        reference: "x",
        idempotencyKey: key(),
        ...bad,
      };
      // biome-ignore lint/suspicious/noExplicitAny: deliberately invalid input
      await expect(transfer(db(), input as any)).rejects.toMatchObject({ code: "INVALID_TRANSFER" });
    }
  });

  it("returns the first result for a repeated idempotency key, and calls a changed repeat a conflict", async () => {
    const { wallet, house } = await fundedWallet(1_000n);
    const input = {
      debitAccountId: wallet,
      creditAccountId: house,
      amount: 300n,
      type: "BET_STOCK" as const,
      reference: "poy:3",
      idempotencyKey: key(),
    };
    const first = await transfer(db(), input);
    const again = await transfer(db(), input);
    expect(again).toEqual(first);
    expect((await accountBalance(db(), wallet)).balance).toBe(700n);
    await expect(transfer(db(), { ...input, amount: 301n })).rejects.toMatchObject({
      code: "IDEMPOTENCY_CONFLICT",
    });
    await expectLedgerSound();
  });

  it("never overdraws under 200 concurrent debits, and the books still balance", async () => {
    const { wallet, house } = await fundedWallet(10_000n);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        transfer(db(), {
          debitAccountId: wallet,
          creditAccountId: house,
          amount: 100n,
          type: "BET_YEEKEE",
          reference: `poy:c${i}`,
          idempotencyKey: key(),
        }),
      ),
    );
    const ok = results.filter((r) => r.status === "fulfilled").length;
    const refused = results.filter(
      (r) => r.status === "rejected" && (r.reason as LedgerError).code === "INSUFFICIENT_FUNDS",
    ).length;
    expect([ok, refused]).toEqual([100, 100]);
    expect((await accountBalance(db(), wallet)).balance).toBe(0n);
    await expectLedgerSound();
  });

  it("applies a transfer retried concurrently with the same key exactly once", async () => {
    const { wallet, house } = await fundedWallet(1_000n);
    const input = {
      debitAccountId: wallet,
      creditAccountId: house,
      amount: 10n,
      type: "BET_GOV" as const,
      reference: "poy:retry",
      idempotencyKey: key(),
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => transfer(db(), input)));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect((await accountBalance(db(), wallet)).balance).toBe(990n);
    await expectLedgerSound();
  });

  it("leaves no trace of a transfer whose transaction dies midway", async () => {
    const { wallet, house } = await fundedWallet(500n);
    const k = key();
    await expect(
      inTransaction(db(), async (trx) => {
        await transfer(
          db(),
          {
            debitAccountId: wallet,
            creditAccountId: house,
            amount: 200n,
            type: "BET_GOV",
            reference: "poy:dies",
            idempotencyKey: k,
          },
          trx,
        );
        throw new Error("process killed after the debit");
      }),
    ).rejects.toThrow("process killed");
    expect((await accountBalance(db(), wallet)).balance).toBe(500n);
    expect(
      await db().selectFrom("ledger_transfers").select("id").where("idempotency_key", "=", k).execute(),
    ).toEqual([]);
    await expectLedgerSound();
  });

  it("keeps transfers immutable and member balances non-negative even against direct SQL", async () => {
    const { wallet } = await fundedWallet(100n);
    await expect(sql`update ledger_transfers set amount = 1`.execute(db())).rejects.toThrow(/immutable/);
    await expect(sql`delete from ledger_transfers`.execute(db())).rejects.toThrow(/immutable/);
    await expect(
      sql`update ledger_accounts set balance = -1 where id = ${wallet}`.execute(db()),
    ).rejects.toMatchObject({ code: "23514" });
  });
});

describe("reservations (withdrawals)", () => {
  it("holds funds, then posts them once", async () => {
    const { wallet } = await fundedWallet(1_000n);
    const payout = await systemAccount(db(), "clearing:withdraw", "clearing");
    const held = await reserve(db(), {
      debitAccountId: wallet,
      creditAccountId: payout,
      amount: 300n,
      type: "WITHDRAW",
      reference: "withdraw:1",
      idempotencyKey: key(),
    });
    expect(await accountBalance(db(), wallet)).toEqual({ balance: 1_000n, held: 300n, available: 700n });
    await expect(
      reserve(db(), {
        debitAccountId: wallet,
        creditAccountId: payout,
        amount: 701n,
        type: "WITHDRAW",
        reference: "withdraw:2",
        idempotencyKey: key(),
      }),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });

    const postKey = key();
    const posted = await postPending(db(), held.id, postKey);
    expect(await postPending(db(), held.id, postKey)).toEqual(posted);
    expect(await accountBalance(db(), wallet)).toEqual({ balance: 700n, held: 0n, available: 700n });
    await expect(postPending(db(), held.id, key())).rejects.toMatchObject({ code: "PENDING_RESOLVED" });
    await expect(voidPending(db(), held.id, key())).rejects.toMatchObject({ code: "PENDING_RESOLVED" });
    await expectLedgerSound();
  });

  it("voids a hold and gives the funds back, once", async () => {
    const { wallet } = await fundedWallet(1_000n);
    const payout = await systemAccount(db(), "clearing:withdraw", "clearing");
    const held = await reserve(db(), {
      debitAccountId: wallet,
      creditAccountId: payout,
      amount: 400n,
      type: "WITHDRAW",
      reference: "withdraw:3",
      idempotencyKey: key(),
    });
    await voidPending(db(), held.id, key());
    expect(await accountBalance(db(), wallet)).toEqual({ balance: 1_000n, held: 0n, available: 1_000n });
    await expect(postPending(db(), held.id, key())).rejects.toMatchObject({ code: "PENDING_RESOLVED" });
    await expectLedgerSound();
  });
});

describe("random sequences of operations (fast-check)", () => {
  it("always match a simple model, never go negative, and keep the books balanced", async () => {
    type Op =
      | { op: "deposit"; amount: number }
      | { op: "bet"; amount: number }
      | { op: "win"; amount: number }
      | { op: "hold"; amount: number }
      | { op: "post" }
      | { op: "void" };
    const opArb: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ op: fc.constant("deposit" as const), amount: fc.integer({ min: 1, max: 5_000 }) }),
      fc.record({ op: fc.constant("bet" as const), amount: fc.integer({ min: 1, max: 3_000 }) }),
      fc.record({ op: fc.constant("win" as const), amount: fc.integer({ min: 1, max: 9_000 }) }),
      fc.record({ op: fc.constant("hold" as const), amount: fc.integer({ min: 1, max: 3_000 }) }),
      fc.constant({ op: "post" as const }),
      fc.constant({ op: "void" as const }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const { wallet, clearing, house } = await fundedWallet(0n);
        const payout = await systemAccount(db(), "clearing:withdraw", "clearing");
        let balance = 0n;
        let held = 0n;
        const holds: { id: bigint; amount: bigint }[] = [];
        for (const step of ops) {
          const amount = "amount" in step ? BigInt(step.amount) : 0n;
          const base = { reference: "model", idempotencyKey: key() };
          try {
            if (step.op === "deposit") {
              await transfer(db(), {
                ...base,
                debitAccountId: clearing,
                creditAccountId: wallet,
                amount,
                type: "DEPOSIT",
              });
              balance += amount;
            } else if (step.op === "bet") {
              await transfer(db(), {
                ...base,
                debitAccountId: wallet,
                creditAccountId: house,
                amount,
                type: "BET_YEEKEE",
              });
              balance -= amount;
            } else if (step.op === "win") {
              await transfer(db(), {
                ...base,
                debitAccountId: house,
                creditAccountId: wallet,
                amount,
                type: "WIN_YEEKEE",
              });
              balance += amount;
            } else if (step.op === "hold") {
              const r = await reserve(db(), {
                ...base,
                debitAccountId: wallet,
                creditAccountId: payout,
                amount,
                type: "WITHDRAW",
              });
              held += amount;
              holds.push({ id: r.id, amount });
            } else {
              const h = holds.shift();
              if (!h) continue;
              if (step.op === "post") {
                await postPending(db(), h.id, key());
                balance -= h.amount;
              } else {
                await voidPending(db(), h.id, key());
              }
              held -= h.amount;
            }
          } catch (err) {
            // The only acceptable refusal: the model says the member could not afford it.
            expect((err as LedgerError).code).toBe("INSUFFICIENT_FUNDS");
            expect(amount > balance - held).toBe(true);
          }
          expect(await accountBalance(db(), wallet)).toEqual({ balance, held, available: balance - held });
        }
      }),
      { numRuns: 15 },
    );
    await expectLedgerSound();
  });
});
