/**
 * Rounds the end-to-end tests cannot wait for, inserted into the e2e database before the server starts
 * (playwright.config.ts runs it after staff-create, on the same environment):
 *
 *   node scripts/e2e-fixture-rounds.ts
 *
 * Each fixture is a round row built by the server's own helpers (rates, limits, and for ping-pong the secret seed
 * with its commitment, exactly as the round job creates them), with times relative to now. Inserting is idempotent
 * (a fixture's betType is unique): a second run leaves the first rows alone. Add a fixture by adding an entry to
 * FIXTURES; its betType must not look like a scheduled round's, so the round job never creates or lists it as one.
 */
import { resolve } from "node:path";
import type { Insertable } from "kysely";
import { loadConfig } from "../server/config.ts";
import { migrate, openDatabase } from "../server/db/database.ts";
import type { LottoRoundsTable } from "../server/db/schema.ts";
import { seed } from "../server/db/seed.ts";
import { newRoundValues } from "../server/modules/lotto/rounds.ts";
import { bangkokDate, type ScheduledRound } from "../src/domain/lotto/index.ts";

type RoundRowValues = Insertable<LottoRoundsTable>;

interface Fixture {
  betType: string;
  /** What the test that uses it relies on, for whoever reads the log. */
  why: string;
  row: (now: Date) => Promise<RoundRowValues>;
}

const minutes = (now: Date, n: number) => new Date(now.getTime() + n * 60_000);

/** A round as the scheduler would describe it, for the server's own row builder. */
function scheduled(round: Omit<ScheduledRound, "date">, now: Date): ScheduledRound {
  return { ...round, date: bangkokDate(now) };
}

const FIXTURES: Fixture[] = [
  {
    // Ping-pong rounds are hourly: this one closed 2 minutes ago and is drawn ~20 s after the server starts, so
    // the verification page can check its revealed seed against the commitment (e2e/yeekee.spec.ts).
    betType: "pingpong-e2e-fixture",
    why: "ping-pong closed 2 minutes ago, drawn about 20 s after start",
    row: async (now) => ({
      ...(await newRoundValues(
        scheduled(
          {
            family: "pingpong",
            betType: "pingpong-e2e-fixture",
            name: "ปิงปอง (ทดสอบ)",
            nameEn: "Ping-pong (test)",
            closeAt: minutes(now, -2),
            resultAt: new Date(now.getTime() + 20_000),
          },
          now,
        ),
      )),
      status: "closed",
    }),
  },
  {
    // A stock round of a market of its own, open for a month: beyond the 17 days the round lists show, so no other
    // spec picks it, and its own results card. e2e/push.spec.ts bets on it, has staff close it and enter its result,
    // and follows the settlement to the members' notifications.
    betType: "push-e2e-fixture",
    why: "stock round of market push-e2e, open (unlisted) for the push notifications spec",
    row: async (now) =>
      newRoundValues(
        scheduled(
          {
            family: "stock",
            betType: "push-e2e-fixture",
            name: "หุ้นทดสอบแจ้งเตือน",
            nameEn: "Push test stock",
            market: "push-e2e",
            closeAt: minutes(now, 30 * 24 * 60),
            resultAt: minutes(now, 30 * 24 * 60 + 60),
          },
          now,
        ),
      ),
  },
];

const config = loadConfig(process.env);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : resolve(config.dataDir, "pglite"),
});
try {
  await migrate(database);
  await seed(database.db);
  const now = new Date();
  for (const fixture of FIXTURES) {
    const inserted = await database.db
      .insertInto("lotto_rounds")
      .values(await fixture.row(now))
      .onConflict((oc) => oc.column("bet_type").doNothing())
      .returning("id")
      .executeTakeFirst();
    console.log(
      inserted
        ? `fixture round ${fixture.betType} (betId ${inserted.id}): ${fixture.why}`
        : `fixture round ${fixture.betType} already there`,
    );
  }
} catch (err) {
  console.error(`e2e-fixture-rounds: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
