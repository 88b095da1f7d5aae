import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberAccount, systemAccount, transfer } from "../../ledger/ledger.ts";
import { createTestApp, type TestApp, tokenOf } from "../../test/harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function member(userName: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/users.signup",
    payload: { userName, password: "Secret#123", phoneNumber: "0812345678" },
  });
  const uuid = res.json().userInfo.uuid as string;
  const row = await t.database.db
    .selectFrom("members")
    .select("id")
    .where("uuid", "=", uuid)
    .executeTakeFirstOrThrow();
  return { id: row.id, token: tokenOf(res) as string };
}
const get = (url: string, token?: string) =>
  t.app.inject({ method: "GET", url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe("balances", () => {
  it("shows each member their own cash, affiliate cash and loyalty points, from the ledger", async () => {
    const a = await member("walletmember1");
    const b = await member("walletmember2");
    const db = t.database.db;
    const clearing = await systemAccount(db, "clearing:deposit:test", "clearing");
    await transfer(db, {
      debitAccountId: clearing,
      creditAccountId: await memberAccount(db, a.id, "member_cash"),
      amount: 10_037n,
      type: "DEPOSIT",
      reference: "t",
      idempotencyKey: randomBytes(8).toString("hex"),
    });
    await transfer(db, {
      debitAccountId: clearing,
      creditAccountId: await memberAccount(db, a.id, "member_af_cash"),
      amount: 250n,
      type: "ADMIN_INCREASE",
      reference: "t",
      idempotencyKey: randomBytes(8).toString("hex"),
    });

    expect((await get("/api/cashs", a.token)).json()).toEqual({ money: "100.37" });
    expect((await get("/api/af-cashs", a.token)).json()).toEqual({ afMoney: "2.50" });
    expect((await get("/api/loyalty-points.balance", a.token)).json()).toEqual({ balance: "0.00" });
    expect((await get("/api/cashs", b.token)).json()).toEqual({ money: "0.00" });
    for (const url of ["/api/cashs", "/api/af-cashs", "/api/loyalty-points.balance"])
      expect((await get(url)).statusCode).toBe(401);
  });
});
