import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sql, type Transaction } from "kysely";
import { IdBody } from "../../../src/domain/contracts/common.ts";
import {
  CloseRoundBody,
  CreateSlipBody,
  RecommendQuery,
  RestrictionBody,
  RoundQuery,
  SlipHistoryQuery,
} from "../../../src/domain/contracts/lotto.ts";
import {
  type AnyOption,
  compareDecimal,
  compareLines,
  displayIndex,
  FOUR_DIGIT_LOTTERIES,
  familyOffers,
  isOption,
  isWellFormedNumber,
  normalizeDecimal,
  optionFromWire,
  optionWire,
} from "../../../src/domain/lotto/index.ts";
import { satangToBaht } from "../../../src/domain/money.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import { ACCESS, actorOf, memberOf, staffAccess, staffOf } from "../../kernel/access.ts";
import { inTransaction } from "../../kernel/db.ts";
import { audit } from "../staff/audit.ts";
import { type CreateVia, cancelPoy, listPoys, placePoy, poyView } from "./poys.ts";
import { keyNumber, rateNowOf } from "./rates.ts";
import {
  defaultRateOf,
  familyOf,
  findRound,
  fourDigitLatest,
  isRowActive,
  latestLists,
  type RoundRow,
  roundLimit,
  roundOptions,
  roundView,
} from "./rounds.ts";

export interface LottoDeps {
  config: Config;
  database: Database;
}

async function roundOr404(db: Database["db"], id: bigint, betType?: string): Promise<RoundRow> {
  const round = await findRound(db, id);
  // betType, when given, must name the same round (the app passes both: docs/lotto-api.md).
  if (!round || (betType !== undefined && betType !== "" && betType !== round.bet_type)) {
    throw new AppError(404, "ROUND_NOT_FOUND", "Round not found.");
  }
  return round;
}

/**
 * The round, locked for a staff change while it is open for betting. The row lock waits for slips in flight, so
 * every slip after the change sees it.
 */
async function lockOpenRound(trx: Transaction<DB>, betId: bigint, now: Date): Promise<RoundRow> {
  const round = await trx
    .selectFrom("lotto_rounds")
    .selectAll()
    .where("id", "=", betId)
    .forUpdate()
    .executeTakeFirst();
  if (!round) throw new AppError(404, "ROUND_NOT_FOUND", "Round not found.");
  if (!isRowActive(round, now)) throw new AppError(409, "ROUND_CLOSED", "This round is closed for betting.");
  return round;
}

const optionOf = (text: string): AnyOption | null => optionFromWire(text) ?? (isOption(text) ? text : null);

/** Betting calls under /poy-api (docs/lotto-api.md) and the staff's restricted numbers under /api/staff/lotto. */
export async function lottoRoutes(app: FastifyInstance, deps: LottoDeps) {
  const { db } = deps.database;

  // Rounds and rates: public (guests browse rounds; the app caches them for offline drafting).
  app.get("/poy-api/bet-lists.latest", async () => latestLists(db, new Date()));

  app.get("/poy-api/bet-lists.one", async (request) => {
    const { id } = parseWith(IdBody, request.query);
    return roundView(await roundOr404(db, id), new Date());
  });

  app.post("/poy-api/lotteries.4d.latest", async () => fourDigitLatest(db, new Date()));

  app.get("/poy-api/bet-list-min-maxes.all", async (request) => {
    const { betId } = parseWith(RoundQuery, request.query);
    const round = await roundOr404(db, betId);
    return roundOptions(round).map((option) => {
      const limit = roundLimit(round, option);
      return {
        betOption: optionWire(option),
        betMin: limit ? satangToBaht(limit.min) : null,
        betMax: limit ? satangToBaht(limit.max) : null,
      };
    });
  });

  app.get("/poy-api/number-reachs.rate-now.all", async (request) => {
    const { betId, betType } = parseWith(RoundQuery, request.query);
    const round = await roundOr404(db, betId, betType);
    const defaultRate: Record<string, string> = {};
    for (const [option, rate] of Object.entries(defaultRateOf(round))) {
      defaultRate[optionWire(option as AnyOption)] = rate;
    }
    const rateNow = (await rateNowOf(db, round))
      .sort(compareLines)
      .map((r) => ({ number: r.number, option: optionWire(r.option), multiply: r.multiply }));
    return { betId: Number(round.id), defaultRate, rateNow };
  });

  app.get("/poy-api/number-reachs.rate-recommend.all", async (request) => {
    const { betId, betType, limit } = parseWith(RecommendQuery, request.query);
    const round = await roundOr404(db, betId, betType);
    // The numbers most played in the round: lines of slips not cancelled or refunded, counted per number.
    const rows = await db
      .selectFrom("poy_lines")
      .innerJoin("poys", "poys.id", "poy_lines.poy_id")
      .select(["poy_lines.option", "poy_lines.number", sql<string>`count(*)`.as("count")])
      .where("poys.round_id", "=", round.id)
      .where("poys.status", "in", ["waiting", "won", "lost"])
      .groupBy(["poy_lines.option", "poy_lines.number"])
      .execute();
    const perOption = new Map<AnyOption, { number: string; count: number }[]>();
    for (const r of rows) {
      if (!isOption(r.option)) continue;
      perOption.set(r.option, [
        ...(perOption.get(r.option) ?? []),
        { number: r.number, count: Number(r.count) },
      ]);
    }
    const recommend = [...perOption.entries()]
      .sort(([a], [b]) => displayIndex(a) - displayIndex(b))
      .flatMap(([option, list]) =>
        list
          .sort((a, b) => b.count - a.count || (a.number < b.number ? -1 : a.number > b.number ? 1 : 0))
          .slice(0, limit)
          .map((e) => ({ option: optionWire(option), number: e.number, count: e.count })),
      );
    return { betId: Number(round.id), recommend };
  });

  // Placing slips: the answer is the view placePoy built from the rows it wrote (docs/architecture.md "A slip's
  // trip (server side)"), and the member's uuid goes along so `money-update` needs no lookup.
  async function create(request: FastifyRequest, reply: FastifyReply, via: CreateVia) {
    const member = memberOf(request);
    const body = parseWith(CreateSlipBody, request.body);
    const { view, replay } = await placePoy(db, {
      memberId: member.memberId,
      memberUuid: member.uuid,
      betId: body.betId,
      lines: body.lines,
      idempotencyKey: body.idempotencyKey,
      via,
    });
    return reply.status(replay ? 200 : 201).send(view);
  }
  const lotto = { config: { access: ACCESS.lotto } };
  app.post("/poy-api/poys.create", lotto, (request, reply) => create(request, reply, { kind: "poys" }));
  for (const lottery of FOUR_DIGIT_LOTTERIES) {
    app.post(`/poy-api/lotteries.${lottery.api}.create`, lotto, (request, reply) =>
      create(request, reply, { kind: "lottery", api: lottery.api }),
    );
  }

  // Slip history: the member's own slips only (another member's id answers 404).
  app.get("/poy-api/poys", { config: { access: ACCESS.lotto } }, async (request) => {
    const member = memberOf(request);
    const query = parseWith(SlipHistoryQuery, request.query);
    return listPoys(db, member.memberId, query);
  });

  app.get("/poy-api/poys.one", { config: { access: ACCESS.lotto } }, async (request) => {
    const member = memberOf(request);
    const { id } = parseWith(IdBody, request.query);
    const poy = await db
      .selectFrom("poys")
      .selectAll()
      .where("id", "=", id)
      .where("member_id", "=", member.memberId)
      .executeTakeFirst();
    if (!poy) throw new AppError(404, "POY_NOT_FOUND", "Slip not found.");
    return poyView(db, poy);
  });

  app.post("/poy-api/poys.cancel", { config: { access: ACCESS.lotto } }, async (request) => {
    const member = memberOf(request);
    const { id } = parseWith(IdBody, request.body);
    return poyView(db, await cancelPoy(db, member.memberId, id, member.uuid));
  });

  // Restricted numbers (staff).
  app.get(
    "/api/staff/lotto/restrictions",
    { config: { access: staffAccess("lotto.read") } },
    async (request) => {
      const { betId } = parseWith(RoundQuery, request.query);
      const round = await roundOr404(db, betId);
      const rows = await db
        .selectFrom("lotto_restrictions")
        .selectAll()
        .where("round_id", "=", round.id)
        .execute();
      return {
        betId: Number(round.id),
        restrictions: rows
          .filter((r): r is typeof r & { option: AnyOption } => isOption(r.option))
          .sort(compareLines)
          .map((r) => ({
            option: optionWire(r.option),
            number: r.number,
            multiply: r.multiply,
            setBy: r.set_by,
            updatedAt: r.updated_at.toISOString(),
          })),
        rateNow: (await rateNowOf(db, round))
          .sort(compareLines)
          .map((r) => ({ number: r.number, option: optionWire(r.option), multiply: r.multiply })),
      };
    },
  );

  /**
   * Closes betting on an open round now (a market halted, a leaked result): its close time becomes now, so every
   * slip after this is refused with ROUND_CLOSED. The row lock waits for slips in flight. Audited.
   */
  app.post(
    "/api/staff/lotto/rounds.close",
    { config: { access: staffAccess("lotto.close") } },
    async (request) => {
      const staff = staffOf(request);
      const body = parseWith(CloseRoundBody, request.body);
      return inTransaction(db, async (trx) => {
        const now = new Date();
        const round = await lockOpenRound(trx, body.betId, now);
        const closed = await trx
          .updateTable("lotto_rounds")
          .set({ close_at: now, status: "closed" })
          .where("id", "=", round.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, {
          actor: actorOf(staff),
          action: "lotto.round.close",
          subject: `lotto-round:${round.id}:${round.bet_type}`,
          before: { closeAt: round.close_at.toISOString(), status: round.status },
          after: { closeAt: now.toISOString(), status: "closed", reason: body.reason },
        });
        return roundView(closed, now);
      });
    },
  );

  app.post(
    "/api/staff/lotto/restrictions.set",
    { config: { access: staffAccess("lotto.restrict") } },
    async (request) => {
      const staff = staffOf(request);
      const body = parseWith(RestrictionBody, request.body);
      return inTransaction(db, async (trx) => {
        const round = await lockOpenRound(trx, body.betId, new Date());
        const option = optionOf(body.option);
        const base = option ? round.rates[option] : undefined;
        if (!option || !familyOffers(familyOf(round), option) || base === undefined) {
          throw new AppError(400, "OPTION_NOT_OFFERED", "This round does not offer this option.");
        }
        if (!isWellFormedNumber(option, body.number)) {
          throw new AppError(400, "NUMBER_INVALID", "The number does not fit this option.");
        }
        const number = keyNumber(option, body.number);
        const multiply = body.multiply === null ? null : (normalizeDecimal(body.multiply) as string);
        if (multiply !== null && compareDecimal(multiply, base) > 0) {
          throw new AppError(
            400,
            "RESTRICTION_INVALID",
            `A restriction cuts the rate: at most the default ${base}, or 0 to close the number.`,
          );
        }
        const before = await trx
          .selectFrom("lotto_restrictions")
          .select("multiply")
          .where("round_id", "=", round.id)
          .where("option", "=", option)
          .where("number", "=", number)
          .executeTakeFirst();
        if (multiply === null) {
          await trx
            .deleteFrom("lotto_restrictions")
            .where("round_id", "=", round.id)
            .where("option", "=", option)
            .where("number", "=", number)
            .execute();
        } else {
          await trx
            .insertInto("lotto_restrictions")
            .values({ round_id: round.id, option, number, multiply, set_by: actorOf(staff) })
            .onConflict((oc) =>
              oc
                .columns(["round_id", "option", "number"])
                .doUpdateSet({ multiply, set_by: actorOf(staff), updated_at: new Date() }),
            )
            .execute();
        }
        await audit(trx, {
          actor: actorOf(staff),
          action: multiply === null ? "lotto.restriction.remove" : "lotto.restriction.set",
          subject: `lotto-round:${round.id}:${round.bet_type}`,
          before: { option, number, multiply: before?.multiply ?? null },
          after: { option, number, multiply },
        });
        return { betId: Number(round.id), option: optionWire(option), number, multiply };
      });
    },
  );
}
