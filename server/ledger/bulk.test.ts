import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { inTransaction } from "../kernel/db.ts";
import { engineName, openTestDatabase } from "../test/harness.ts";
import { fundedMember } from "../test/settle.ts";
import { checkLedger } from "./check.ts";
import {
  accountBalance,
  LedgerError,
  memberAccounts,
  postTransfers,
  systemAccount,
  type TransferInput,
} from "./ledger.ts";

let database: Database;
const db = () => database.db;
const key = () => randomBytes(10).toString("hex");

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const balance = async (id: bigint) => (await accountBalance(db(), id)).balance;

describe(`postTransfers (${engineName})`, () => {
  it("posts many transfers at once, moving each balance by the sum of its inserted rows", async () => {
    const house = await systemAccount(db(), "house:bulk-test", "house");
    const a = await fundedMember(db(), 0);
    const b = await fundedMember(db(), 0);
    const inputs: TransferInput[] = [
      {
        debitAccountId: house,
        creditAccountId: a.cash,
        amount: 100n,
        type: "WIN_GOV",
        reference: "t",
        idempotencyKey: key(),
      },
      {
        debitAccountId: house,
        creditAccountId: a.cash,
        amount: 250n,
        type: "WIN_GOV",
        reference: "t",
        idempotencyKey: key(),
      },
      {
        debitAccountId: house,
        creditAccountId: b.cash,
        amount: 7n,
        type: "WIN_GOV",
        reference: "t",
        idempotencyKey: key(),
      },
    ];
    const houseBefore = await balance(house);
    const first = await inTransaction(db(), (trx) => postTransfers(trx, inputs));
    expect(first.inserted).toBe(3);
    expect(first.ids.size).toBe(3);
    expect(new Set(first.accountIds)).toEqual(new Set([house, a.cash, b.cash]));
    expect(await balance(a.cash)).toBe(350n);
    expect(await balance(b.cash)).toBe(7n);
    expect(await balance(house)).toBe(houseBefore - 357n);

    // Again with one new key: the three known keys move nothing and return their first ids.
    const more = [...inputs, { ...inputs[2], idempotencyKey: key() } as TransferInput];
    const second = await inTransaction(db(), (trx) => postTransfers(trx, more));
    expect(second.inserted).toBe(1);
    for (const input of inputs)
      expect(second.ids.get(input.idempotencyKey)).toBe(first.ids.get(input.idempotencyKey));
    expect(await balance(a.cash)).toBe(350n);
    expect(await balance(b.cash)).toBe(14n);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("refuses a known key for a different transfer, a key twice, and a member going negative, moving nothing", async () => {
    const house = await systemAccount(db(), "house:bulk-test", "house");
    const m = await fundedMember(db(), 1);
    const known: TransferInput = {
      debitAccountId: house,
      creditAccountId: m.cash,
      amount: 5n,
      type: "WIN_STOCK",
      reference: "t",
      idempotencyKey: key(),
    };
    await inTransaction(db(), (trx) => postTransfers(trx, [known]));
    const before = await balance(m.cash);
    const attempts: TransferInput[][] = [
      [{ ...known, amount: 6n }],
      [
        { ...known, idempotencyKey: "dup" },
        { ...known, idempotencyKey: "dup" },
      ],
      [
        { ...known, idempotencyKey: key() },
        {
          debitAccountId: m.cash,
          creditAccountId: house,
          amount: before + 6n,
          type: "WIN_STOCK",
          reference: "t",
          idempotencyKey: key(),
        },
      ],
    ];
    const codes: string[] = [];
    for (const attempt of attempts) {
      try {
        await inTransaction(db(), (trx) => postTransfers(trx, attempt));
      } catch (err) {
        if (err instanceof LedgerError) codes.push(err.code);
        else throw err;
      }
    }
    expect(codes).toEqual(["IDEMPOTENCY_CONFLICT", "INVALID_TRANSFER", "INSUFFICIENT_FUNDS"]);
    expect(await balance(m.cash)).toBe(before);
    // Netted per account: a debit covered by a credit in the same call goes through.
    await inTransaction(db(), (trx) =>
      postTransfers(trx, [
        { ...known, amount: 6n, idempotencyKey: key() },
        {
          debitAccountId: m.cash,
          creditAccountId: house,
          amount: before + 6n,
          type: "WIN_STOCK",
          reference: "t",
          idempotencyKey: key(),
        },
      ]),
    );
    expect(await balance(m.cash)).toBe(0n);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("creates members' accounts of a kind in one go and finds existing ones", async () => {
    const a = await fundedMember(db(), 0);
    const b = await fundedMember(db(), 0);
    const accounts = await memberAccounts(db(), [b.id, a.id, a.id], "member_cash");
    expect(accounts).toEqual(
      new Map([
        [a.id, a.cash],
        [b.id, b.cash],
      ]),
    );
    const loyalty = await memberAccounts(db(), [a.id], "member_loyalty");
    const row = await db()
      .selectFrom("ledger_accounts")
      .selectAll()
      .where("id", "=", loyalty.get(a.id) as bigint)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: "member_loyalty",
      member_id: a.id,
      code: `member:${a.id}:member_loyalty`,
      allow_negative: false,
    });
  });
});
