import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bangkokDate,
  closeDateOf,
  displayStockName,
  LOTTO_FAMILIES,
  roundsForDay,
} from "../../../src/domain/lotto/index.ts";
import { type Database, openDatabase } from "../../db/database.ts";
import { engineName, openTestDatabase } from "../../test/harness.ts";
import { closeDueRounds, DAYS_AHEAD, ensureRounds, runRoundJob } from "./roundJob.ts";
import { fourDigitLatest, latestLists, roundView } from "./rounds.ts";

// Thursday 1 January 2099, 05:00 Bangkok: before the first round of every family that day.
const T0 = new Date("2099-01-01T05:00:00+07:00");
const NOON = new Date("2099-01-01T12:00:00+07:00");

function expectedCount(now: Date): number {
  let n = 0;
  const today = bangkokDate(now);
  for (const family of LOTTO_FAMILIES) {
    for (let i = -1; i < DAYS_AHEAD[family]; i++) {
      const date = bangkokDate(new Date(new Date(`${today}T12:00:00+07:00`).getTime() + i * 86_400_000));
      n += roundsForDay(family, date).filter((r) => r.closeAt > now).length;
    }
  }
  return n;
}

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

const count = async () =>
  Number(
    (
      await database.db
        .selectFrom("lotto_rounds")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`round job (${engineName})`, () => {
  it("creates today's and tomorrow's rounds of every family once, even run twice at the same time", async () => {
    const expected = expectedCount(T0);
    // Two processes: on PostgreSQL two separate pools on the same schema; PGlite has one session.
    const other = process.env.DATABASE_URL
      ? await openDatabase({ databaseUrl: process.env.DATABASE_URL, schema: database.schema, poolSize: 4 })
      : database;
    try {
      const [a, b, c] = await Promise.all([
        runRoundJob(database.db, T0),
        runRoundJob(other.db, T0),
        runRoundJob(database.db, T0),
      ]);
      expect(a.created + b.created + c.created).toBe(expected);
    } finally {
      if (other !== database) await other.close();
    }
    expect(await count()).toBe(expected);
    const dupes = await database.db
      .selectFrom("lotto_rounds")
      .select(["bet_type", (eb) => eb.fn.countAll<string>().as("n")])
      .groupBy("bet_type")
      .having((eb) => eb.fn.countAll(), ">", 1)
      .execute();
    expect(dupes).toEqual([]);
    // Again later: nothing new, nothing twice.
    expect((await runRoundJob(database.db, T0)).created).toBe(0);
    expect(await count()).toBe(expected);

    const perFamily = await database.db
      .selectFrom("lotto_rounds")
      .select(["family", "round_date", (eb) => eb.fn.countAll<string>().as("n")])
      .groupBy(["family", "round_date"])
      .execute();
    const n = (family: string, date: string) =>
      Number(perFamily.find((r) => r.family === family && r.round_date === date)?.n ?? 0);
    expect(n("yeekee", "2099-01-01")).toBe(88);
    expect(n("yeekee5Min", "2099-01-01")).toBe(265);
    expect(n("pingpong", "2099-01-01")).toBe(22);
    expect(n("yeekee", "2099-01-02")).toBe(88);
    // Gov: the 1st, and the next draw (the 16th) is already open for betting.
    expect(n("gov", "2099-01-01")).toBe(1);
    expect(n("gov", "2099-01-16")).toBe(1);
    // Thursday: every market but none on weekends; Egypt trades Sunday–Thursday, so not on Friday the 2nd.
    expect(n("stock", "2099-01-01")).toBe(19);
    expect(n("stock", "2099-01-02")).toBe(18);
    // Hanoi and Lao Super daily, Lao Monday/Wednesday/Friday.
    expect(n("set4", "2099-01-01")).toBe(2);
    expect(n("set4", "2099-01-02")).toBe(3);
  });

  it("does not create rounds that are already closed", async () => {
    const late = new Date("2099-03-03T23:50:00+07:00");
    await ensureRounds(database.db, late);
    const rows = await database.db
      .selectFrom("lotto_rounds")
      .select(["bet_type", "close_at"])
      .where("round_date", ">=", "2099-03-03")
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.close_at > late)).toBe(true);
    // Today's yeekee rounds from 23:55 on (rounds 73–88 close after midnight) are still sold.
    const today = rows.filter((r) => r.bet_type.startsWith("yeekee-2099-03-03-")).map((r) => r.bet_type);
    expect(today.sort()).toEqual(
      Array.from({ length: 16 }, (_, i) => `yeekee-2099-03-03-${String(73 + i).padStart(3, "0")}`),
    );
  });

  it("started just after midnight, still creates yesterday's rounds that close after midnight", async () => {
    const afterMidnight = new Date("2099-03-10T00:08:00+07:00");
    await ensureRounds(database.db, afterMidnight);
    const rows = await database.db
      .selectFrom("lotto_rounds")
      .select("bet_type")
      .where("bet_type", "like", "yeekee-2099-03-09-%")
      .execute();
    // Round 74 closes at 00:15, 88 at 03:45; 73 closed at 00:00.
    expect(rows.map((r) => r.bet_type).sort()).toEqual(
      Array.from({ length: 15 }, (_, i) => `yeekee-2099-03-09-${String(74 + i).padStart(3, "0")}`),
    );
  });

  it("closes rounds at their real close time, once", async () => {
    const at = new Date("2099-01-01T06:30:00+07:00");
    const closed = await closeDueRounds(database.db, at);
    const due = await database.db
      .selectFrom("lotto_rounds")
      .select(["bet_type", "status", "close_at"])
      .where("close_at", "<=", at)
      .execute();
    // yeekee 1-3 (06:00, 06:15, 06:30), yeekee5Min 1-18 (05:05 … 06:30), ping-pong 1 (06:00).
    expect(due.map((r) => r.bet_type).sort()).toEqual(
      [
        ...[1, 2, 3].map((i) => `yeekee-2099-01-01-00${i}`),
        ...Array.from({ length: 18 }, (_, i) => `yeekee5min-2099-01-01-${String(i + 1).padStart(3, "0")}`),
        "pingpong-2099-01-01-001",
      ].sort(),
    );
    expect(closed).toBe(due.length);
    expect(due.every((r) => r.status === "closed")).toBe(true);
    const stillOpen = await database.db
      .selectFrom("lotto_rounds")
      .select("id")
      .where("close_at", ">", at)
      .where("status", "<>", "open")
      .execute();
    expect(stillOpen).toEqual([]);
    expect(await closeDueRounds(database.db, at)).toBe(0);
  });

  it("keeps the close-date rule (docs/rules.md): closeDt is the Bangkok date of the real close, at every boundary", async () => {
    const rows = await database.db.selectFrom("lotto_rounds").selectAll().execute();
    for (const row of rows) {
      const view = roundView(row, T0);
      expect(view.closeDt, row.bet_type).toBe(bangkokDate(row.close_at));
      expect(view.closeDt).toBe(closeDateOf(row.bet_type, row.round_date));
      expect(view.unixTimeStamp.realCloseTime).toBe(row.close_at.getTime() / 1000);
    }
    const byType = new Map(rows.map((r) => [r.bet_type, roundView(r, T0)]));
    const at = (betType: string) => {
      const v = byType.get(betType);
      return v ? `${v.closeDt} ${v.closeTime}` : "missing";
    };
    expect(at("yeekee-2099-01-01-072")).toBe("2099-01-01 23:45");
    expect(at("yeekee-2099-01-01-073")).toBe("2099-01-02 00:00");
    expect(at("yeekee-2099-01-01-088")).toBe("2099-01-02 03:45");
    expect(at("yeekee5min-2099-01-01-227")).toBe("2099-01-01 23:55");
    expect(at("yeekee5min-2099-01-01-228")).toBe("2099-01-02 00:00");
    expect(at("yeekee5min-2099-01-01-265")).toBe("2099-01-02 03:05");
    expect(at("pingpong-2099-01-01-018")).toBe("2099-01-01 23:00");
    expect(at("pingpong-2099-01-01-019")).toBe("2099-01-02 00:00");
    expect(at("pingpong-2099-01-01-022")).toBe("2099-01-02 03:00");
    expect(at("stock-downjone-2099-01-01")).toBe("2099-01-02 02:30");
    expect(at("stock-uk-2099-01-01")).toBe("2099-01-01 22:00");
  });

  it("lists the latest rounds of every family in docs/rules.md's order", async () => {
    await closeDueRounds(database.db, NOON);
    const lists = await latestLists(database.db, NOON);
    expect(Object.keys(lists).sort()).toEqual(["gov", "pingpong", "set4", "stock", "yeekee", "yeekee5Min"]);

    // Interval families: open rounds closing within 24 hours, by close time ascending.
    for (const family of ["yeekee", "yeekee5Min", "pingpong"] as const) {
      const list = lists[family];
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((r) => r.active)).toBe(true);
      const closes = list.map((r) => r.unixTimeStamp.realCloseTime);
      expect(closes).toEqual([...closes].sort((a, b) => a - b));
      expect(closes.at(-1)).toBeLessThanOrEqual(NOON.getTime() / 1000 + 86_400);
    }
    expect(lists.yeekee[0]?.betType).toBe("yeekee-2099-01-01-026");
    expect(lists.yeekee.at(-1)?.betType).toBe("yeekee-2099-01-02-025");
    expect(lists.pingpong.map((r) => r.betType)[0]).toBe("pingpong-2099-01-01-008");

    // Stock: today's markets, open ones first, then by close time (ties by betType).
    const stock = lists.stock;
    expect(stock).toHaveLength(19);
    const firstClosed = stock.findIndex((r) => !r.active);
    expect(stock.slice(firstClosed).every((r) => !r.active)).toBe(true);
    expect(stock.slice(0, 2).map((r) => r.betName)).toEqual(["korea", "nikkei_pm"]);
    expect(stock[firstClosed - 1]?.betName).toBe("downjone");
    expect(stock.slice(firstClosed).map((r) => r.betName)).toEqual([
      "nikkei_am",
      "set_open_am",
      "china_am",
      "hangseng_am",
      "set_close_noon",
      "taiwan",
    ]);
    // Thai display names, corrected even when a misspelt name is stored.
    expect(stock.find((r) => r.betName === "hangseng_am")?.name).toBe("ฮั่งเส็ง เช้า");
    const hangseng = await database.db
      .selectFrom("lotto_rounds")
      .selectAll()
      .where("bet_type", "=", "stock-hangseng_am-2099-01-01")
      .executeTakeFirstOrThrow();
    expect(roundView({ ...hangseng, name: "ฮังเส็ง เช้า" }, NOON).name).toBe(displayStockName("ฮังเส็ง เช้า"));
    expect(roundView({ ...hangseng, name: "ฮังเส็ง เช้า" }, NOON).name).toBe("ฮั่งเส็ง เช้า");

    // Gov: today's draw (the 16th's round waits for tomorrow's lists).
    expect(lists.gov.map((r) => r.betType)).toEqual(["gov-2099-01-01"]);
    expect(lists.gov[0]).toMatchObject({
      betGroup: "gov",
      betName: "gov",
      dt: "2099-01-01",
      closeTime: "15:30",
      resultTime: "16:30",
      closeDt: "2099-01-01",
      resultDt: "2099-01-01",
      active: true,
      setResult: false,
      betMaxTengBon3: "1000.00",
      betMaxTengBonNha3: "2000.00",
      betMaxTengLang1: "50000.00",
    });
    expect(lists.gov[0]?.betOptions).toEqual([
      "teng_bon_3",
      "tode_3",
      "teng_bon_nha_3",
      "teng_lang_3",
      "teng_bon_2",
      "teng_lang_2",
      "teng_bon_1",
      "teng_lang_1",
    ]);
    expect(lists.yeekee[0]).not.toHaveProperty("betMaxTengBonNha3");

    // 4-digit lotteries: today's Hanoi and Lao Super, and Lao's next round (tomorrow).
    expect(lists.set4.map((r) => r.betName)).toEqual(["hanoy", "lao-super", "lao"]);
    const four = await fourDigitLatest(database.db, NOON);
    expect(four.hanoy?.betType).toBe("set4-hanoi-2099-01-01");
    expect(four.lao?.betType).toBe("set4-lao-2099-01-02");
    expect(four.laoSuper?.betType).toBe("set4-laosuper-2099-01-01");
    expect(four.malay).toBeNull();
    expect(four.lao?.betMaxFourTop).toBe("100.00");
  });
});
