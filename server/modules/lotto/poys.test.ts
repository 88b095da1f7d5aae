import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { DateTime } from "luxon";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BANGKOK, bangkokDate, type LottoFamily, roundsForDay } from "../../../src/domain/lotto/index.ts";
import { checkLedger } from "../../ledger/check.ts";
import { memberAccount, systemAccount, transfer } from "../../ledger/ledger.ts";
import {
  createTestApp,
  engineName,
  requestsOf,
  staffTokensFor,
  type TestApp,
  tokenOf,
} from "../../test/harness.ts";
import { roundValues } from "./rounds.ts";

let t: TestApp;
const staffTokens: Record<string, string> = {};

const { post, get } = requestsOf(() => t.app);

let counter = 0;
interface Member {
  token: string;
  uuid: string;
  id: bigint;
}
async function member(fundBaht = 0): Promise<Member> {
  counter += 1;
  const userName = `lotto${Date.now().toString(36)}${counter}`.slice(0, 20);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/users.signup",
    payload: { userName, password: "Secret#123", phoneNumber: "0812345678" },
    remoteAddress: `198.51.100.${counter % 250}`,
  });
  expect(res.statusCode).toBe(201);
  const uuid = res.json().userInfo.uuid as string;
  const row = await t.database.db
    .selectFrom("members")
    .select("id")
    .where("uuid", "=", uuid)
    .executeTakeFirstOrThrow();
  const m = { token: tokenOf(res) as string, uuid, id: row.id };
  if (fundBaht > 0) await fund(m, fundBaht);
  return m;
}
async function fund(m: Member, baht: number) {
  const { db } = t.database;
  await transfer(db, {
    debitAccountId: await systemAccount(db, "house:adjustments", "house"),
    creditAccountId: await memberAccount(db, m.id, "member_cash"),
    amount: BigInt(baht) * 100n,
    type: "ADMIN_INCREASE",
    reference: "test funds",
    idempotencyKey: `test-fund:${randomUUID()}`,
  });
}
const cash = async (m: Member) => (await get("/api/cashs", m.token)).json().money as string;

const usedBetTypes = new Set<string>();
/**
 * A fresh round of a family (far-future dates, so the app's own job never touches it), optionally of one market
 * and closing `closeInMinutes` from now.
 */
async function makeRound(
  family: LottoFamily,
  opts: { market?: string; closeInMinutes?: number; status?: "open" | "closed" } = {},
): Promise<number> {
  let day = DateTime.fromISO("2090-01-01", { zone: BANGKOK });
  for (;;) {
    const found = roundsForDay(family, day.toISODate() as string).find(
      (r) => !usedBetTypes.has(r.betType) && (opts.market === undefined || r.market === opts.market),
    );
    if (found) {
      usedBetTypes.add(found.betType);
      const values = roundValues(found);
      if (opts.closeInMinutes !== undefined) {
        values.close_at = new Date(Date.now() + opts.closeInMinutes * 60_000);
        values.result_at = new Date(values.close_at.getTime() + 3_600_000);
      }
      const row = await t.database.db
        .insertInto("lotto_rounds")
        .values({ ...values, status: opts.status ?? "open" })
        .returning("id")
        .executeTakeFirstOrThrow();
      return Number(row.id);
    }
    day = day.plus({ days: 1 });
  }
}

interface Line {
  option: string;
  number: string;
  price: string | number;
  multiply: string;
  add?: number;
}
const slip = (m: Member, betId: number, lines: Line[], idempotencyKey = randomUUID(), via = "poys.create") =>
  post(`/poy-api/${via}`, m.token, { betId, lines, idempotencyKey });

async function restrict(betId: number, option: string, number: string, multiply: string | null) {
  const res = await post("/api/staff/lotto/restrictions.set", staffTokens.administrator, {
    betId,
    option,
    number,
    multiply,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function poyCount(m: Member) {
  const rows = await t.database.db.selectFrom("poys").select("id").where("member_id", "=", m.id).execute();
  return rows.length;
}

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(
    staffTokens,
    await staffTokensFor(t, [
      ["lottodesk1", "staff"],
      ["lottoadmin1", "administrator"],
    ]),
  );
});
afterEach(async () => {
  expect(await checkLedger(t.database.db)).toEqual([]);
});
afterAll(async () => t.close());

describe(`rounds and rates over HTTP (${engineName})`, () => {
  it("creates and lists real rounds from the job the app starts", async () => {
    const today = bangkokDate(new Date());
    for (let i = 0; i < 100; i++) {
      const row = await t.database.db
        .selectFrom("lotto_rounds")
        .select("id")
        .where("bet_type", "like", `yeekee-${today}-%`)
        .executeTakeFirst();
      const tomorrow = await t.database.db
        .selectFrom("lotto_rounds")
        .select("id")
        .where("round_date", ">", today)
        .where("round_date", "<", "2090-01-01")
        .executeTakeFirst();
      if (row && tomorrow) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const latest = (await get("/poy-api/bet-lists.latest")).json();
    // There is always an open yeekee round within 24 hours (tomorrow's are created ahead).
    expect(latest.yeekee.length).toBeGreaterThan(0);
    expect(latest.yeekee[0]).toMatchObject({ betGroup: "yeekee", active: true });
  });

  it("serves the latest lists, one round, its limits and rates", async () => {
    const latest = await get("/poy-api/bet-lists.latest");
    expect(latest.statusCode).toBe(200);
    expect(Object.keys(latest.json()).sort()).toEqual([
      "gov",
      "pingpong",
      "set4",
      "stock",
      "yeekee",
      "yeekee5Min",
    ]);
    const four = await post("/poy-api/lotteries.4d.latest", undefined, {});
    expect(Object.keys(four.json()).sort()).toEqual(["hanoy", "lao", "laoSuper", "malay"]);

    const betId = await makeRound("yeekee");
    const one = await get(`/poy-api/bet-lists.one?id=${betId}`);
    expect(one.json()).toMatchObject({
      betId,
      betGroup: "yeekee",
      betName: "yeekee",
      closeTime: "06:00",
      active: true,
      setResult: false,
      betMaxTengBon3: "1000.00",
      betOptions: ["teng_bon_3", "tode_3", "teng_bon_2", "teng_lang_2", "teng_bon_1", "teng_lang_1"],
    });
    expect((await get("/poy-api/bet-lists.one?id=999999999")).json()).toMatchObject({
      code: "ROUND_NOT_FOUND",
    });
    expect((await get("/poy-api/bet-lists.one?id=abc")).statusCode).toBe(400);

    const minMax = await get(`/poy-api/bet-list-min-maxes.all?betId=${betId}`);
    expect(minMax.json()).toEqual([
      { betOption: "teng_bon_3", betMin: "1.00", betMax: "1000.00" },
      { betOption: "tode_3", betMin: "1.00", betMax: "5000.00" },
      { betOption: "teng_bon_2", betMin: "1.00", betMax: "10000.00" },
      { betOption: "teng_lang_2", betMin: "1.00", betMax: "10000.00" },
      { betOption: "teng_bon_1", betMin: "1.00", betMax: "50000.00" },
      { betOption: "teng_lang_1", betMin: "1.00", betMax: "50000.00" },
    ]);
    const betType = one.json().betType as string;
    const rates = await get(`/poy-api/number-reachs.rate-now.all?betId=${betId}&betType=${betType}`);
    expect(rates.json()).toEqual({
      betId,
      defaultRate: {
        teng_bon_3: "900",
        tode_3: "150",
        teng_bon_2: "90",
        teng_lang_2: "90",
        teng_bon_1: "3.2",
        teng_lang_1: "4.2",
      },
      rateNow: [],
    });
    // betType must name the same round.
    expect(
      (await get(`/poy-api/number-reachs.rate-now.all?betId=${betId}&betType=gov-2099-01-01`)).statusCode,
    ).toBe(404);
  });

  it("rate-now reflects staff restrictions and the automatic tiers (tode on sorted digits)", async () => {
    const betId = await makeRound("gov");
    const a = await member(10_000);
    await restrict(betId, "teng_lang_2", "99", "0");
    await restrict(betId, "teng_bon_2", "12", "45");
    // A restriction on tode 312 is kept under the sorted digits.
    expect(await restrict(betId, "tode_3", "312", "100")).toMatchObject({ number: "123", multiply: "100" });

    // 300 baht on 3-top 777 at 900 puts 270,000 baht at risk: above the 200,000 tier, the rate halves.
    expect(
      (await slip(a, betId, [{ option: "teng_bon_3", number: "777", price: "300", multiply: "900" }]))
        .statusCode,
    ).toBe(201);
    // 1,400 baht on tode 654 at 150 = 210,000 baht: tode 456 (same digits) halves too.
    expect(
      (await slip(a, betId, [{ option: "tode_3", number: "654", price: 1400, multiply: "150" }])).statusCode,
    ).toBe(201);
    const rates = (await get(`/poy-api/number-reachs.rate-now.all?betId=${betId}`)).json();
    expect(rates.rateNow).toEqual([
      { number: "777", option: "teng_bon_3", multiply: "450" },
      { number: "123", option: "tode_3", multiply: "100" },
      { number: "456", option: "tode_3", multiply: "75" },
      { number: "12", option: "teng_bon_2", multiply: "45" },
      { number: "99", option: "teng_lang_2", multiply: "0" },
    ]);
    const exposure = await t.database.db
      .selectFrom("lotto_exposure")
      .select(["exposure_key", "payout"])
      .where("round_id", "=", BigInt(betId))
      .orderBy("exposure_key")
      .execute();
    expect(exposure).toEqual([
      { exposure_key: "tengBon3:777", payout: 27_000_000n },
      { exposure_key: "tode3:456", payout: 21_000_000n },
    ]);

    // The staff view lists the restrictions and the rate now.
    const listed = (await get(`/api/staff/lotto/restrictions?betId=${betId}`, staffTokens.staff)).json();
    expect(
      listed.restrictions.map((r: { option: string; number: string }) => `${r.option}:${r.number}`),
    ).toEqual(["tode_3:123", "teng_bon_2:12", "teng_lang_2:99"]);
    expect(listed.rateNow).toEqual(rates.rateNow);
    // Desk staff may look but not set; a rate above the default is not a restriction.
    const desk = await post("/api/staff/lotto/restrictions.set", staffTokens.staff, {
      betId,
      option: "teng_bon_3",
      number: "111",
      multiply: "0",
    });
    expect(desk.statusCode).toBe(403);
    const higher = await post("/api/staff/lotto/restrictions.set", staffTokens.administrator, {
      betId,
      option: "teng_bon_3",
      number: "111",
      multiply: "901",
    });
    expect(higher.json()).toMatchObject({ code: "RESTRICTION_INVALID" });
    const audits = await t.database.db
      .selectFrom("audit_log")
      .select("action")
      .where("subject", "like", `lotto-round:${betId}:%`)
      .execute();
    expect(audits.map((x) => x.action)).toEqual([
      "lotto.restriction.set",
      "lotto.restriction.set",
      "lotto.restriction.set",
    ]);

    // Removing a restriction restores the default rate.
    await restrict(betId, "teng_bon_2", "12", null);
    const after = (await get(`/poy-api/number-reachs.rate-now.all?betId=${betId}`)).json();
    expect(after.rateNow.some((r: { number: string }) => r.number === "12")).toBe(false);
  });

  it("recommends the numbers most played in the round, by count of lines", async () => {
    const betId = await makeRound("yeekee");
    const a = await member(1_000);
    const b = await member(1_000);
    const two = (number: string) => ({ option: "teng_bon_2", number, price: "1", multiply: "90" });
    expect((await slip(a, betId, [two("11"), two("22"), two("33")])).statusCode).toBe(201);
    expect((await slip(b, betId, [two("22"), two("33")])).statusCode).toBe(201);
    expect(
      (await slip(b, betId, [two("22"), { option: "tode_3", number: "123", price: 1, multiply: "150" }]))
        .statusCode,
    ).toBe(201);
    const res = await get(`/poy-api/number-reachs.rate-recommend.all?betId=${betId}&limit=2`);
    expect(res.json()).toEqual({
      betId,
      recommend: [
        { option: "tode_3", number: "123", count: 1 },
        { option: "teng_bon_2", number: "22", count: 3 },
        { option: "teng_bon_2", number: "33", count: 2 },
      ],
    });
  });
});

describe(`placing a slip (${engineName})`, () => {
  it("debits exactly the total as one transfer and records the lines at the accepted rates", async () => {
    const betId = await makeRound("gov");
    const a = await member(1_000);
    const res = await slip(a, betId, [
      { option: "teng_bon_3", number: "123", price: "10", multiply: "900", add: 1 },
      { option: "tode_3", number: "321", price: 5, multiply: "150.0", add: 1 },
      { option: "teng_lang_1", number: "7", price: "2.50", multiply: "4.20", add: 2 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const poy = res.json();
    expect(poy).toMatchObject({
      betId,
      betGroup: "gov",
      status: "waiting",
      total: "17.50",
      lineCount: 3,
      cancellable: true,
      lines: [
        {
          option: "teng_bon_3",
          number: "123",
          price: "10.00",
          multiply: "900",
          add: 1,
          status: "waiting",
          potentialWin: "9000.00",
        },
        { option: "tode_3", number: "321", price: "5.00", multiply: "150", add: 1, potentialWin: "750.00" },
        { option: "teng_lang_1", number: "7", price: "2.50", multiply: "4.2", add: 2, potentialWin: "10.50" },
      ],
      potentialWin: "9760.50",
    });
    expect(await cash(a)).toBe("982.50");
    const transfers = await t.database.db
      .selectFrom("ledger_transfers")
      .innerJoin("ledger_accounts as credit", "credit.id", "ledger_transfers.credit_account_id")
      .select(["ledger_transfers.amount", "ledger_transfers.type", "credit.code"])
      .where("ledger_transfers.idempotency_key", "like", `poy:${a.id}:%`)
      .execute();
    expect(transfers).toEqual([{ amount: 1750n, type: "BET_GOV", code: "house:lotto:gov" }]);
    const exposure = await t.database.db
      .selectFrom("lotto_exposure")
      .select(["exposure_key", "payout"])
      .where("round_id", "=", BigInt(betId))
      .orderBy("exposure_key")
      .execute();
    expect(exposure).toEqual([
      { exposure_key: "tengBon3:123", payout: 900_000n },
      { exposure_key: "tengLang1:7", payout: 1_050n },
      { exposure_key: "tode3:123", payout: 75_000n },
    ]);

    // History: newest first, and one slip by id.
    const again = await slip(a, betId, [{ option: "teng_bon_2", number: "45", price: 1, multiply: "90" }]);
    const list = (await get("/poy-api/poys?betGroup=gov", a.token)).json();
    expect(list.poys.map((p: { id: string }) => p.id)).toEqual([again.json().id, poy.id]);
    expect(list.poys[1]).toEqual(poy);
    expect((await get(`/poy-api/poys.one?id=${poy.id}`, a.token)).json()).toEqual(poy);
    const page = (await get("/poy-api/poys?limit=1", a.token)).json();
    expect(page.poys).toHaveLength(1);
    expect(page.next).toBe(again.json().id);
    expect((await get(`/poy-api/poys?limit=1&before=${page.next}`, a.token)).json().poys[0].id).toBe(poy.id);
    expect((await get("/poy-api/poys?betGroup=yeekee", a.token)).json().poys).toEqual([]);
  });

  it("takes yeekee and ping-pong stakes as BET_YEEKEE, stock as BET_STOCK, 4-digit lotteries through their own call", async () => {
    const a = await member(1_000);
    const line = { option: "teng_bon_2", number: "10", price: 1, multiply: "90" };
    expect((await slip(a, await makeRound("pingpong"), [line])).statusCode).toBe(201);
    expect((await slip(a, await makeRound("stock", { market: "downjone" }), [line])).statusCode).toBe(201);
    const lao = await makeRound("set4", { market: "lao" });
    const four = { option: "four_top", number: "4693", price: 1, multiply: "9000" };
    // The round's betName chooses the call: lao rounds only through lotteries.lao.create.
    const wrong = await slip(a, lao, [four], randomUUID(), "poys.create");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "ROUND_MISMATCH", betName: "lao" });
    expect((await slip(a, lao, [four], randomUUID(), "lotteries.hanoy.create")).json().code).toBe(
      "ROUND_MISMATCH",
    );
    expect(
      (await slip(a, await makeRound("gov"), [line], randomUUID(), "lotteries.lao.create")).json().code,
    ).toBe("ROUND_MISMATCH");
    const ok = await slip(
      a,
      lao,
      [four, { option: "two_back", number: "93", price: 2, multiply: "90" }],
      randomUUID(),
      "lotteries.lao.create",
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ betGroup: "set4", betName: "lao", total: "3.00" });
    const types = await t.database.db
      .selectFrom("ledger_transfers")
      .select("type")
      .where("idempotency_key", "like", `poy:${a.id}:%`)
      .orderBy("id")
      .execute();
    expect(types.map((x) => x.type)).toEqual(["BET_YEEKEE", "BET_STOCK", "BET_SET_4"]);
    expect((await get("/poy-api/poys?betName=lao", a.token)).json().poys).toHaveLength(1);
    expect(await cash(a)).toBe("995.00");
  });

  it("refuses a closed round, by status and by real close time, and takes nothing", async () => {
    const a = await member(100);
    const line = { option: "teng_bon_2", number: "10", price: 1, multiply: "90" };
    const passed = await makeRound("yeekee", { closeInMinutes: -1 });
    const res = await slip(a, passed, [line]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "ROUND_CLOSED" });
    const closed = await makeRound("gov", { status: "closed" });
    expect((await slip(a, closed, [line])).json().code).toBe("ROUND_CLOSED");
    expect((await slip(a, 987654321, [line])).json().code).toBe("ROUND_NOT_FOUND");
    expect(await cash(a)).toBe("100.00");
    expect(await poyCount(a)).toBe(0);
  });

  it("lets an administrator close betting now: the next slip is refused, the earlier one stands, audited", async () => {
    const a = await member(100);
    const line = { option: "teng_bon_2", number: "11", price: 1, multiply: "90" };
    const betId = await makeRound("gov", { closeInMinutes: 120 });
    expect((await slip(a, betId, [line])).statusCode).toBe(201);
    const reason = { betId, reason: "market halted" };
    expect((await post("/api/staff/lotto/rounds.close", staffTokens.staff, reason)).statusCode).toBe(403);
    expect((await post("/api/staff/lotto/rounds.close", a.token, reason)).statusCode).toBe(401);
    const closed = await post("/api/staff/lotto/rounds.close", staffTokens.administrator, reason);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ betId, active: false });
    const late = await slip(a, betId, [{ ...line, number: "12" }]);
    expect(late.json()).toMatchObject({ code: "ROUND_CLOSED" });
    expect((await post("/api/staff/lotto/rounds.close", staffTokens.administrator, reason)).json().code).toBe(
      "ROUND_CLOSED",
    );
    expect(await cash(a)).toBe("99.00");
    const rows = await t.database.db
      .selectFrom("audit_log")
      .select(["action", "after"])
      .where("subject", "like", `lotto-round:${betId}:%`)
      .execute();
    expect(rows).toEqual([
      { action: "lotto.round.close", after: expect.objectContaining({ reason: "market halted" }) },
    ]);
  });

  it("refuses prices out of range, options not offered, malformed numbers and duplicate lines", async () => {
    const betId = await makeRound("yeekee");
    const a = await member(100_000);
    const refuse = async (line: Line, code: string, extra: Record<string, unknown> = {}) => {
      const res = await slip(a, betId, [
        { option: "teng_bon_2", number: "01", price: 1, multiply: "90" },
        line,
      ]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code, line: 1, ...extra });
    };
    await refuse(
      { option: "teng_bon_3", number: "123", price: "0.99", multiply: "900" },
      "PRICE_OUT_OF_RANGE",
      {
        option: "teng_bon_3",
        betMin: "1.00",
        betMax: "1000.00",
      },
    );
    await refuse(
      { option: "teng_bon_3", number: "123", price: "1000.01", multiply: "900" },
      "PRICE_OUT_OF_RANGE",
    );
    await refuse(
      { option: "teng_bon_3", number: "123", price: "1.001", multiply: "900" },
      // Not an amount at all (three decimals): refused as malformed, like "100,00", not as out of range.
      "AMOUNT_INVALID",
    );
    await refuse(
      { option: "teng_bon_nha_3", number: "123", price: 1, multiply: "450" },
      "OPTION_NOT_OFFERED",
    );
    await refuse({ option: "four_top", number: "1234", price: 1, multiply: "9000" }, "OPTION_NOT_OFFERED");
    await refuse({ option: "teng_bon_5", number: "12345", price: 1, multiply: "1" }, "OPTION_UNKNOWN");
    await refuse({ option: "teng_bon_2", number: "5", price: 1, multiply: "90" }, "NUMBER_INVALID");
    await refuse({ option: "teng_bon_3", number: "١٢٣", price: 1, multiply: "900" }, "NUMBER_INVALID");
    await refuse({ option: "teng_bon_2", number: "01", price: 2, multiply: "90" }, "LINE_DUPLICATE");
    const empty = await post("/poy-api/poys.create", a.token, {
      betId,
      lines: [],
      idempotencyKey: randomUUID(),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe("SLIP_EMPTY");
    const floatRate = await slip(a, betId, [
      { option: "teng_bon_1", number: "1", price: 1, multiply: 3.2 as unknown as string },
    ]);
    expect(floatRate.statusCode).toBe(400);
    expect(await cash(a)).toBe("100000.00");
    expect(await poyCount(a)).toBe(0);
  });

  it("holds one member to the round maximum per number and option over all their slips", async () => {
    const betId = await makeRound("gov");
    // Staff may lower a round's maximum per option: tode at most 100 baht per member and number here.
    await t.database.db
      .updateTable("lotto_rounds")
      .set({ max_per_option: sql`jsonb_set(max_per_option, '{tode3}', '"10000"')` })
      .where("id", "=", BigInt(betId))
      .execute();
    expect((await get(`/poy-api/bet-lists.one?id=${betId}`)).json().betMaxTode3).toBe("100.00");
    const a = await member(1_000);
    const b = await member(1_000);
    const line = (number: string, price: number) => ({ option: "tode_3", number, price, multiply: "150" });
    expect((await slip(a, betId, [line("123", 60)])).statusCode).toBe(201);
    // Tode 321 is tode 123: 60 + 41 goes over the 100 maximum.
    const over = await slip(a, betId, [line("321", 41)]);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: "OVER_ROUND_MAX",
      option: "tode_3",
      number: "321",
      max: "100.00",
      used: "60.00",
    });
    // Within one slip too: 30 on 213 and 20 on 132 make 110.
    const inSlip = await slip(a, betId, [line("213", 30), line("132", 20)]);
    expect(inSlip.json()).toMatchObject({ code: "OVER_ROUND_MAX", line: 1 });
    expect((await slip(a, betId, [line("321", 40)])).statusCode).toBe(201);
    // Another member has their own maximum.
    expect((await slip(b, betId, [line("123", 100)])).statusCode).toBe(201);
    expect(await cash(a)).toBe("900.00");
  });

  it("refuses a changed rate with the changes, takes nothing, and accepts the new rate once confirmed", async () => {
    const betId = await makeRound("yeekee");
    const a = await member(1_000);
    await restrict(betId, "teng_bon_3", "123", "450");
    const key = randomUUID();
    const lines = [
      { option: "teng_bon_3", number: "123", price: 10, multiply: "900" },
      { option: "teng_bon_2", number: "23", price: 10, multiply: "90" },
    ];
    const res = await slip(a, betId, lines, key);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: "RATE_CHANGED",
      message: expect.any(String),
      changes: [{ option: "teng_bon_3", number: "123", from: "900", to: "450", closed: false }],
    });
    expect(await cash(a)).toBe("1000.00");
    expect(await poyCount(a)).toBe(0);
    // Nothing was stored, so the same key may carry the re-confirmed slip.
    const confirmed = await slip(a, betId, [{ ...lines[0], multiply: "450" } as Line, lines[1] as Line], key);
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json().lines[0]).toMatchObject({
      number: "123",
      multiply: "450",
      potentialWin: "4500.00",
    });
    // A bet keeps the rate it was accepted at.
    await restrict(betId, "teng_bon_3", "123", "300");
    expect((await get(`/poy-api/poys.one?id=${confirmed.json().id}`, a.token)).json().lines[0].multiply).toBe(
      "450",
    );
    expect(await cash(a)).toBe("980.00");
  });

  it("refuses a closed number (rate 0) the same way", async () => {
    const betId = await makeRound("stock", { market: "nikkei_am" });
    const a = await member(100);
    await restrict(betId, "teng_lang_2", "99", "0");
    const res = await slip(a, betId, [
      { option: "teng_lang_2", number: "99", price: 1, multiply: "90" },
      { option: "teng_lang_2", number: "98", price: 1, multiply: "90" },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "RATE_CHANGED",
      changes: [{ option: "teng_lang_2", number: "99", from: "90", to: "0", closed: true }],
    });
    // Submitting the 0 the member saw does not place it either.
    const zero = await slip(a, betId, [{ option: "teng_lang_2", number: "99", price: 1, multiply: "0" }]);
    expect(zero.json().changes).toEqual([
      { option: "teng_lang_2", number: "99", from: "0", to: "0", closed: true },
    ]);
    expect(await cash(a)).toBe("100.00");
    expect(await poyCount(a)).toBe(0);
  });

  it("returns the first slip for the same idempotency key, and debits once", async () => {
    const betId = await makeRound("yeekee5Min");
    const a = await member(100);
    const key = randomUUID();
    const line = { option: "teng_bon_1", number: "5", price: 10, multiply: "3.2" };
    const first = await slip(a, betId, [line], key);
    expect(first.statusCode).toBe(201);
    const replay = await slip(a, betId, [{ ...line, price: 20 }], key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    // Concurrent twins: one slip.
    const twinKey = randomUUID();
    const twins = await Promise.all([1, 2, 3].map(() => slip(a, betId, [line], twinKey)));
    expect(new Set(twins.map((r) => r.json().id)).size).toBe(1);
    expect(twins.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await cash(a)).toBe("80.00");
    expect(await poyCount(a)).toBe(2);
  });

  it("accepts exactly 10 of 20 concurrent 100-baht slips on a 1,000 balance, never going negative", async () => {
    const betId = await makeRound("yeekee");
    const a = await member(1_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        slip(a, betId, [
          { option: "teng_bon_2", number: String(i).padStart(2, "0"), price: "100", multiply: "90" },
        ]),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 400)).toHaveLength(10);
    for (const r of results.filter((x) => x.statusCode === 400)) {
      expect(r.json()).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    }
    expect(await cash(a)).toBe("0.00");
    expect(await poyCount(a)).toBe(10);
  });

  it("prices concurrent slips of many members on one number in turn: no slip gets a rate the tier has cut", async () => {
    const betId = await makeRound("gov");
    const members = await Promise.all(Array.from({ length: 8 }, () => member(100)));
    // 100 baht on 3-top 888 at 900 adds 90,000 baht of exposure: after the 3rd slip (270,000) the rate halves.
    const results = await Promise.all(
      members.map((m) =>
        slip(m, betId, [{ option: "teng_bon_3", number: "888", price: 100, multiply: "900" }]),
      ),
    );
    const accepted = results.filter((r) => r.statusCode === 201);
    expect(accepted).toHaveLength(3);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().changes).toEqual([
        { option: "teng_bon_3", number: "888", from: "900", to: "450", closed: false },
      ]);
    }
    const exposure = await t.database.db
      .selectFrom("lotto_exposure")
      .select("payout")
      .where("round_id", "=", BigInt(betId))
      .where("exposure_key", "=", "tengBon3:888")
      .executeTakeFirstOrThrow();
    expect(exposure.payout).toBe(27_000_000n);
  });

  it("refuses members whose status blocks lotto, and guests", async () => {
    const betId = await makeRound("yeekee");
    const a = await member(100);
    await t.database.db.updateTable("members").set({ status: 4 }).where("id", "=", a.id).execute();
    const line = { option: "teng_bon_2", number: "10", price: 1, multiply: "90" };
    expect((await slip(a, betId, [line])).statusCode).toBe(403);
    expect((await get("/poy-api/poys", a.token)).statusCode).toBe(403);
    const guest = await post("/poy-api/poys.create", undefined, {
      betId,
      lines: [line],
      idempotencyKey: randomUUID(),
    });
    expect(guest.statusCode).toBe(401);
  });
});

describe(`slip history and cancellation (${engineName})`, () => {
  it("cancels a gov slip once with one ABORT_POY refund and gives the exposure back", async () => {
    const betId = await makeRound("gov");
    const a = await member(500);
    const placed = await slip(a, betId, [
      { option: "teng_bon_3", number: "555", price: 100, multiply: "900" },
      { option: "tode_3", number: "551", price: 50, multiply: "150" },
    ]);
    expect(placed.statusCode).toBe(201);
    expect(await cash(a)).toBe("350.00");
    const id = placed.json().id as string;
    const [c1, c2] = await Promise.all([
      post("/poy-api/poys.cancel", a.token, { id }),
      post("/poy-api/poys.cancel", a.token, { id }),
    ]);
    expect([c1.statusCode, c2.statusCode]).toEqual([200, 200]);
    expect(c1.json()).toMatchObject({
      status: "cancelled",
      cancellable: false,
      lines: [{ status: "cancelled" }, { status: "cancelled" }],
    });
    expect((await post("/poy-api/poys.cancel", a.token, { id })).json().status).toBe("cancelled");
    expect(await cash(a)).toBe("500.00");
    const refunds = await t.database.db
      .selectFrom("ledger_transfers")
      .select(["amount", "type"])
      .where("idempotency_key", "=", `poy-cancel:${id}`)
      .execute();
    expect(refunds).toEqual([{ amount: 15_000n, type: "ABORT_POY" }]);
    const exposure = await t.database.db
      .selectFrom("lotto_exposure")
      .select("payout")
      .where("round_id", "=", BigInt(betId))
      .execute();
    expect(exposure.map((e) => e.payout)).toEqual([0n, 0n]);
  });

  it("does not cancel yeekee or ping-pong slips, nor any slip within 30 minutes of the close", async () => {
    const a = await member(100);
    const line = { option: "teng_bon_2", number: "10", price: 1, multiply: "90" };
    const yeekee = await slip(a, await makeRound("yeekee"), [line]);
    expect(yeekee.json().cancellable).toBe(false);
    const no = await post("/poy-api/poys.cancel", a.token, { id: yeekee.json().id });
    expect(no.statusCode).toBe(409);
    expect(no.json().code).toBe("CANCEL_NOT_ALLOWED");
    const ping = await slip(a, await makeRound("pingpong"), [line]);
    expect((await post("/poy-api/poys.cancel", a.token, { id: ping.json().id })).json().code).toBe(
      "CANCEL_NOT_ALLOWED",
    );
    const soon = await slip(a, await makeRound("stock", { market: "korea", closeInMinutes: 20 }), [line]);
    expect(soon.statusCode).toBe(201);
    expect(soon.json().cancellable).toBe(false);
    const late = await post("/poy-api/poys.cancel", a.token, { id: soon.json().id });
    expect(late.json()).toMatchObject({ code: "CANCEL_TOO_LATE", cancelUntil: expect.any(String) });
    expect(await cash(a)).toBe("97.00");
  });

  it("never shows a member another member's slip", async () => {
    const betId = await makeRound("gov");
    const a = await member(100);
    const b = await member(100);
    const placed = await slip(a, betId, [{ option: "teng_bon_2", number: "10", price: 1, multiply: "90" }]);
    const id = placed.json().id as string;
    expect((await get(`/poy-api/poys.one?id=${id}`, b.token)).statusCode).toBe(404);
    expect((await get("/poy-api/poys", b.token)).json().poys).toEqual([]);
    expect((await post("/poy-api/poys.cancel", b.token, { id })).statusCode).toBe(404);
    expect((await get(`/poy-api/poys?betId=${betId}`, a.token)).json().poys).toHaveLength(1);
    expect(await cash(a)).toBe("99.00");
  });
});
