import { randomInt } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { payloadFields } from "../../src/domain/lotto/index.ts";
import type { DB } from "../db/schema.ts";
import { recordFeedResult, roundsAwaitingFeed } from "../modules/lotto/results.ts";
import { betNameOf, familyOf, type RoundRow } from "../modules/lotto/rounds.ts";

/**
 * Results of external lotteries (government, stock, 4-digit) from an outside source, behind a small interface
 * like the payment providers (server/providers/payments.ts). The round job asks the configured feed about every
 * such round past its result time that has no result yet and records the answer as source `feed`
 * (`entered_by` = `feed:<name>`); a trusted feed's answer is confirmed at once, any other waits for staff.
 *
 * Embedded default: in demo mode the demo feed, which draws uniformly random numbers so rounds end after
 * `npm start` with no outside service. It never looks at the bets: a result is never steered by what was
 * played. Its results are labelled demo wherever they are shown. Outside demo mode there is no feed by default
 * (staff enter results, four eyes); production refuses the demo feed (server/config.ts).
 */
export interface ResultsFeed {
  /** Recorded in `entered_by` as `feed:<name>`. */
  readonly name: string;
  /** Whether its answers are confirmed without staff. */
  readonly trusted: boolean;
  /** The round's result payload (docs/results-api.md "Result payloads"), or null when not published yet. */
  drawFor(round: RoundRow): Promise<Record<string, unknown> | null>;
}

const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join("");

/** A random payload with the round's fields (payloadFields), every digit drawn with crypto.randomInt. */
export function randomPayload(round: RoundRow): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of payloadFields(familyOf(round), betNameOf(round))) {
    if ("decimal" in field) {
      const whole =
        field.key === "close" ? randomInt(1_000, 40_000).toLocaleString("en-US") : String(randomInt(500));
      const sign = field.key === "change" ? (randomInt(2) === 0 ? "+" : "-") : "";
      payload[field.key] = `${sign}${whole}.${digits(2)}`;
    } else if ("count" in field) {
      payload[field.key] = Array.from({ length: field.count }, () => digits(field.digits));
    } else payload[field.key] = digits(field.digits);
  }
  return payload;
}

/** Demo mode's feed: uniformly random results, trusted so rounds end on their own; labelled demo (ResultView). */
export const demoResultsFeed: ResultsFeed = {
  name: "demo",
  trusted: true,
  async drawFor(round) {
    return randomPayload(round);
  },
};

export type ResultsFeedSetting = "demo" | "none";

export function resultsFeedFor(setting: ResultsFeedSetting): ResultsFeed | null {
  return setting === "demo" ? demoResultsFeed : null;
}

/**
 * One pass of the job: asks the feed about the rounds waiting for it and records its answers. A round the feed
 * fails on (no answer, an error, a payload that does not parse) is logged and asked again on the next pass.
 */
export async function pollResultsFeed(
  db: Kysely<DB>,
  feed: ResultsFeed,
  now: Date = new Date(),
  log?: Pick<FastifyBaseLogger, "error">,
): Promise<number> {
  let recorded = 0;
  for (const round of await roundsAwaitingFeed(db, feed.name, now)) {
    try {
      const payload = await feed.drawFor(round);
      if (payload === null) continue;
      if (await recordFeedResult(db, { roundId: round.id, payload, feed })) recorded += 1;
    } catch (err) {
      log?.error({ err, betType: round.bet_type, feed: feed.name }, "results feed failed for a round");
    }
  }
  return recorded;
}
