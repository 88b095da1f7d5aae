import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOUR_DIGIT_LOTTERIES, parseResultPayload, STOCK_MARKETS } from "../../../src/domain/lotto/index.ts";
import { ConfigError, loadConfig } from "../../config.ts";
import { checkLedger } from "../../ledger/check.ts";
import {
  demoResultsFeed,
  pollResultsFeed,
  type ResultsFeed,
  randomPayload,
} from "../../providers/resultsFeed.ts";
import { createTestApp, engineName, requestsOf, staffTokensFor, type TestApp } from "../../test/harness.ts";
import {
  cashOf,
  closeRound,
  fundedMember,
  openRound,
  placeSlip,
  type SettleMember,
  tokenOf,
} from "../../test/settle.ts";
import { betNameOf, familyOf, type RoundRow } from "./rounds.ts";
import { settleDueRounds } from "./settlement.ts";

let t: TestApp;
let staff: Record<string, string>;
const { get, post } = requestsOf(() => t.app);
const db = () => t.database.db;

beforeAll(async () => {
  // No feed: these tests enter results themselves (the feed tests below call the feed directly).
  t = await createTestApp({ RESULTS_FEED: "none" });
  staff = await staffTokensFor(t, [
    ["rsstaff", "staff"],
    ["rsadmin", "administrator"],
    ["rssuper", "super_admin"],
  ]);
});
afterAll(async () => {
  await t?.close();
});

const GOV = { first: "123456", front3: ["111", "222"], back3: ["333", "444"], bottom2: "78" };

async function member(baht: number): Promise<SettleMember & { token: string }> {
  const m = await fundedMember(db(), baht);
  return { ...m, token: await tokenOf(db(), t.config.sessionSecret, m) };
}

describe(`results API (${engineName})`, () => {
  it("keeps staff calls from members and guests, and cancelling from staff below administrator", async () => {
    const m = await member(0);
    const round = await openRound(db(), "gov");
    const calls: [string, string, unknown][] = [
      ["GET", "/api/staff/lotto/results", undefined],
      ["GET", "/api/staff/lotto/shortfalls", undefined],
      ["POST", "/api/staff/lotto/results.propose", { betId: Number(round.id), payload: GOV }],
      ["POST", "/api/staff/lotto/results.confirm", { resultId: "1" }],
      ["POST", "/api/staff/lotto/results.reject", { resultId: "1", note: "x" }],
      ["POST", "/api/staff/lotto/rounds.cancel", { betId: Number(round.id), reason: "x" }],
    ];
    for (const [method, url, body] of calls) {
      for (const token of [undefined, m.token]) {
        const res = await t.app.inject({
          method: method as "GET" | "POST",
          url,
          ...(body === undefined ? {} : { payload: body as object }),
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
      }
    }
    const res = await post("/api/staff/lotto/rounds.cancel", staff.staff, {
      betId: Number(round.id),
      reason: "x",
    });
    expect(res.statusCode).toBe(403);
    const row = await db()
      .selectFrom("lotto_rounds")
      .select("status")
      .where("id", "=", round.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("open");
  });

  it("enters a result with four eyes, settles it, and shows it on results and on the member's own slips", async () => {
    const alice = await member(100);
    const bob = await member(100);
    const round = await openRound(db(), "gov");
    const aliceSlip = await placeSlip(db(), alice, round, [
      { option: "tengBon3", number: "456", price: 1 },
      { option: "tengLang2", number: "11", price: 1 },
    ]);
    const bobSlip = await placeSlip(db(), bob, round, [{ option: "tengLang2", number: "12", price: 1 }]);
    const betId = Number(round.id);
    const aliceBefore = await cashOf(db(), alice);

    const early = await post("/api/staff/lotto/results.propose", staff.staff, { betId, payload: GOV });
    expect(early.json()).toMatchObject({ code: "ROUND_NOT_CLOSED" });
    await closeRound(db(), round);
    const invalid = await post("/api/staff/lotto/results.propose", staff.staff, {
      betId,
      payload: { ...GOV, first: "12345" },
    });
    expect([invalid.statusCode, invalid.json().code]).toEqual([400, "RESULT_INVALID"]);

    const proposed = await post("/api/staff/lotto/results.propose", staff.staff, { betId, payload: GOV });
    expect(proposed.statusCode).toBe(201);
    const resultId = proposed.json().resultId as string;
    expect(proposed.json()).toMatchObject({
      betId,
      status: "proposed",
      version: 1,
      source: "staff",
      top3: "456",
    });

    const list = await get("/api/staff/lotto/results?family=gov", staff.staff);
    const item = list.json().items.find((i: { betId: number }) => i.betId === betId);
    expect(item).toMatchObject({ proposal: { resultId, source: "staff" }, confirmed: null, waitingSlips: 2 });

    const same = await post("/api/staff/lotto/results.confirm", staff.staff, { resultId });
    expect([same.statusCode, same.json().code]).toEqual([409, "FOUR_EYES"]);
    const confirmed = await post("/api/staff/lotto/results.confirm", staff.administrator, { resultId });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: "confirmed",
      confirmedBy: expect.stringMatching(/^staff:\d+:rsadmin$/),
    });

    // The app's round job may get there first: either way the win is paid once.
    await settleDueRounds(db(), new Date(), { roundIds: [round.id] });
    const win = 900n * 100n;
    expect(await cashOf(db(), alice)).toBe(aliceBefore + win);

    // Results, public.
    const one = await get(`/poy-api/bet-list-results?betId=${betId}`);
    expect(one.json().items).toEqual([
      expect.objectContaining({
        betId,
        betGroup: "gov",
        betName: "gov",
        status: "resulted",
        top3: "456",
        top2: "56",
        bottom2: "78",
        front3: ["111", "222"],
        back3: ["333", "444"],
        four: null,
        payload: GOV,
        source: "staff",
        version: 1,
        demo: false,
        verifiable: false,
      }),
    ]);
    const byDate = await get(`/poy-api/bet-list-results?resultDate=${round.round_date}`);
    expect(byDate.json().items.map((i: { betId: number }) => i.betId)).toContain(betId);
    const bad = await get("/poy-api/bet-list-results?resultDate=21-11-2026");
    expect(bad.statusCode).toBe(400);

    // The slips: each member sees their own, with the payout and the result.
    const mine = await get(`/poy-api/poys.one?id=${aliceSlip}`, alice.token);
    expect(mine.json()).toMatchObject({
      status: "won",
      payout: "900.00",
      result: {
        top3: "456",
        top2: "56",
        bottom2: "78",
        front3: ["111", "222"],
        back3: ["333", "444"],
        four: null,
      },
    });
    expect(mine.json().lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ number: "456", status: "won", payout: "900.00" }),
        expect.objectContaining({ number: "11", status: "lost", payout: "0.00" }),
      ]),
    );
    expect((await get(`/poy-api/poys.one?id=${bobSlip}`, alice.token)).statusCode).toBe(404);
    const bobs = await get(`/poy-api/poys?betId=${betId}`, bob.token);
    expect(bobs.json().poys.map((p: { id: string }) => p.id)).toEqual([String(bobSlip)]);
    expect(bobs.json().poys[0]).toMatchObject({ status: "lost", payout: "0.00" });

    const audits = await db()
      .selectFrom("audit_log")
      .select(["actor", "action"])
      .where("subject", "=", `lotto-round:${round.id}:${round.bet_type}`)
      .orderBy("id")
      .execute();
    expect(audits.map((a) => a.action)).toEqual(["lotto.result.propose", "lotto.result.confirm"]);
    expect(await checkLedger(db())).toEqual([]);
  });

  it("lists the latest result per family, stock market and 4-digit lottery", async () => {
    const stock = await openRound(db(), "stock");
    const lao = await openRound(db(), "set4", "lao");
    const yeekee = await openRound(db(), "yeekee");
    for (const r of [stock, lao, yeekee]) await closeRound(db(), r);
    const { recordSystemResult } = await import("./results.ts");
    await recordSystemResult(db(), { roundId: yeekee.id, source: "yeekee", payload: { number: "16014" } });
    for (const [round, payload] of [
      [stock, { close: "1,234.56", change: "+7.89" }],
      [lao, { draw: "564693" }],
    ] as const) {
      const p = await post("/api/staff/lotto/results.propose", staff.staff, {
        betId: Number(round.id),
        payload,
      });
      await post("/api/staff/lotto/results.confirm", staff.super_admin, { resultId: p.json().resultId });
    }
    const latest = (await get("/poy-api/results.latest")).json().items as Record<string, unknown>[];
    const of = (betId: bigint) => latest.find((i) => i.betId === Number(betId));
    expect(of(stock.id)).toMatchObject({
      betGroup: "stock",
      betName: stock.market,
      top3: "456",
      bottom2: "89",
    });
    expect(of(lao.id)).toMatchObject({
      betGroup: "set4",
      betName: "lao",
      four: "4693",
      top3: "693",
      bottom2: "46",
    });
    expect(of(yeekee.id)).toMatchObject({
      betGroup: "yeekee",
      top3: "014",
      bottom2: "16",
      verifiable: true,
      source: "yeekee",
    });
    // One per family / market: never two rounds of the same market.
    const keys = latest.map(
      (i) => `${i.betGroup}:${i.betGroup === "stock" || i.betGroup === "set4" ? i.betName : ""}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("rejects a proposal with a reason; cancels a round, refunding its slips at once", async () => {
    const m = await member(50);
    const round = await openRound(db(), "stock");
    const slip = await placeSlip(db(), m, round, [{ option: "tengBon2", number: "42", price: 5 }]);
    const afterBet = await cashOf(db(), m);
    await closeRound(db(), round);
    const betId = Number(round.id);
    const p = await post("/api/staff/lotto/results.propose", staff.staff, {
      betId,
      payload: { close: "38,654.42", change: "+1" },
    });
    const resultId = p.json().resultId;
    const noNote = await post("/api/staff/lotto/results.reject", staff.administrator, { resultId });
    expect(noNote.statusCode).toBe(400);
    const rejected = await post("/api/staff/lotto/results.reject", staff.staff, {
      resultId,
      note: "typo in close",
    });
    expect(rejected.json()).toMatchObject({ status: "rejected", note: "typo in close" });

    const cancelled = await post("/api/staff/lotto/rounds.cancel", staff.administrator, {
      betId,
      reason: "market holiday",
    });
    expect(cancelled.json()).toEqual({
      betId,
      status: "cancelled",
      cancelReason: "market holiday",
      refunded: 1,
    });
    expect(await cashOf(db(), m)).toBe(afterBet + 500n);
    const view = await get(`/poy-api/poys.one?id=${slip}`, m.token);
    expect(view.json()).toMatchObject({ status: "refunded", payout: null, result: null });
    const listed = await get(`/poy-api/bet-list-results?betId=${betId}`);
    expect(listed.json().items).toEqual([
      expect.objectContaining({ betId, status: "cancelled", top3: null, payload: null, source: null }),
    ]);
    const late = await post("/api/staff/lotto/results.propose", staff.staff, {
      betId,
      payload: { close: "1.00", change: "1" },
    });
    expect(late.json().code).toBe("ROUND_CANCELLED");
    expect(await checkLedger(db())).toEqual([]);
  });
});

describe(`results feed (${engineName})`, () => {
  /** Rounds of other tests in this file: the feed is only asked about rounds made here. */
  const only = (feed: ResultsFeed, rounds: RoundRow[]): ResultsFeed => ({
    ...feed,
    drawFor: async (round) => (rounds.some((r) => r.id === round.id) ? feed.drawFor(round) : null),
  });

  it("records a trusted feed's answer as confirmed and labelled demo; an untrusted one waits for staff", async () => {
    const gov = await openRound(db(), "gov");
    const hanoi = await openRound(db(), "set4", "hanoi");
    const yeekee = await openRound(db(), "yeekee");
    for (const r of [gov, hanoi, yeekee]) await closeRound(db(), r);
    const asked: bigint[] = [];
    const untrusted: ResultsFeed = {
      name: "outside",
      trusted: false,
      async drawFor(round) {
        asked.push(round.id);
        return round.id === gov.id ? GOV : null;
      },
    };
    expect(await pollResultsFeed(db(), only(untrusted, [gov, hanoi, yeekee]))).toBe(1);
    // Internal draws are never asked; a round the feed had no answer for is asked again later.
    expect(asked).not.toContain(yeekee.id);
    const proposal = await db()
      .selectFrom("lotto_results")
      .selectAll()
      .where("round_id", "=", gov.id)
      .executeTakeFirstOrThrow();
    expect(proposal).toMatchObject({
      status: "proposed",
      source: "feed",
      entered_by: "feed:outside",
      confirmed_by: null,
    });
    expect(await pollResultsFeed(db(), only(untrusted, [gov]))).toBe(0);
    const confirmed = await post("/api/staff/lotto/results.confirm", staff.staff, {
      resultId: String(proposal.id),
    });
    expect(confirmed.json()).toMatchObject({ status: "confirmed", enteredBy: "feed:outside" });

    expect(await pollResultsFeed(db(), only(demoResultsFeed, [hanoi]))).toBe(1);
    const view = (await get(`/poy-api/bet-list-results?betId=${hanoi.id}`)).json().items[0];
    expect(view).toMatchObject({ status: "resulted", source: "feed", demo: true, betName: "hanoy" });
    expect(view.four).toMatch(/^\d{4}$/);
    const audits = await db()
      .selectFrom("audit_log")
      .select(["actor", "action"])
      .where("subject", "=", `lotto-round:${hanoi.id}:${hanoi.bet_type}`)
      .orderBy("id")
      .execute();
    expect(audits).toEqual([
      { actor: "feed:demo", action: "lotto.result.propose" },
      { actor: "feed:demo", action: "lotto.result.confirm" },
    ]);
  });

  it("draws a well-formed random payload for every external lottery", async () => {
    const rounds = [
      await openRound(db(), "gov"),
      await openRound(db(), "stock", STOCK_MARKETS[0]?.id),
      ...(await Promise.all(FOUR_DIGIT_LOTTERIES.map((l) => openRound(db(), "set4", l.id)))),
    ];
    for (const round of rounds) {
      for (let i = 0; i < 20; i++) {
        const payload = randomPayload(round);
        expect(() => parseResultPayload(familyOf(round), betNameOf(round), payload)).not.toThrow();
      }
    }
    // Uniform digits: over many draws of one 6-digit number every digit shows up.
    const seen = new Set(
      Array.from({ length: 200 }, () => randomPayload(rounds[0] as RoundRow).first as string).join(""),
    );
    expect(seen.size).toBe(10);
  });

  it("is the demo feed in demo mode, none by default in production, and production refuses the demo feed", () => {
    expect(loadConfig({}).resultsFeed).toBe("demo");
    expect(loadConfig({ RESULTS_FEED: "none" }).resultsFeed).toBe("none");
    const production = {
      APP_MODE: "production",
      DATABASE_URL: "postgres://u@h/db",
      SESSION_SECRET: "x".repeat(40),
      DRAW_SEED_KEY: "d".repeat(40),
      ALLOWED_HOSTS: "example.com",
      SMS_PROVIDER: "http",
      SMS_HTTP_URL: "https://sms.example.com",
      SMS_HTTP_TOKEN: "token-1234",
    };
    expect(loadConfig(production).resultsFeed).toBe("none");
    expect(() => loadConfig({ ...production, RESULTS_FEED: "demo" })).toThrow(ConfigError);
    expect(() => loadConfig({ RESULTS_FEED: "random" })).toThrow(ConfigError);
  });
});
