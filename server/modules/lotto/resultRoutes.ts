import type { FastifyInstance } from "fastify";
import * as v from "valibot";
import { LOTTO_FAMILIES } from "../../../src/domain/lotto/index.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { parseWith } from "../../http/validate.ts";
import { actorOf } from "../staff/routes.ts";
import { Id, Limit } from "../wallet/common.ts";
import { lottoAccess } from "./access.ts";
import {
  cancelRound,
  confirmResult,
  latestResults,
  proposeResult,
  rejectResult,
  resultsList,
  shortfallList,
  staffResultView,
  staffRoundResults,
} from "./results.ts";
import { findRound } from "./rounds.ts";
import { settleRound } from "./settlement.ts";

export interface ResultDeps {
  config: Config;
  database: Database;
}

const Text = (max: number) => v.pipe(v.string("requestInvalid"), v.maxLength(max, "requestInvalid"));
const ResultsQuery = v.object({
  betId: v.optional(Id),
  resultDate: v.optional(
    v.pipe(v.string("requestInvalid"), v.regex(/^\d{4}-\d{2}-\d{2}$/, "requestInvalid")),
  ),
});
const StaffResultsQuery = v.object({ family: v.optional(v.picklist(LOTTO_FAMILIES, "requestInvalid")) });
const ProposeBody = v.object({
  betId: Id,
  payload: v.record(v.string(), v.unknown(), "requestInvalid"),
  note: v.optional(v.nullable(Text(500))),
});
const ResultRef = v.object({ resultId: Id });
const RejectBody = v.object({ resultId: Id, note: Text(500) });
const CancelBody = v.object({ betId: Id, reason: Text(500) });
const ShortfallQuery = v.object({
  limit: Limit(100, 500),
});

/** Results (public) and the staff's results desk (docs/results-api.md "Results", "Staff calls"). */
export async function resultRoutes(app: FastifyInstance, deps: ResultDeps) {
  const { db } = deps.database;

  const { requireLottoStaff } = lottoAccess(deps);

  app.get("/poy-api/bet-list-results", async (request) => {
    const query = parseWith(ResultsQuery, request.query);
    return { items: await resultsList(db, query, new Date()) };
  });

  app.get("/poy-api/results.latest", async () => ({ items: await latestResults(db, new Date()) }));

  app.get("/api/staff/lotto/results", async (request) => {
    await requireLottoStaff(request, "lotto.read");
    const { family } = parseWith(StaffResultsQuery, request.query);
    return { items: await staffRoundResults(db, family, new Date()) };
  });

  app.post("/api/staff/lotto/results.propose", async (request, reply) => {
    const staff = await requireLottoStaff(request, "lotto.results");
    const body = parseWith(ProposeBody, request.body);
    const row = await proposeResult(db, {
      roundId: body.betId,
      payload: body.payload,
      note: body.note,
      actor: actorOf(staff),
    });
    return reply.status(201).send(staffResultView(row));
  });

  app.post("/api/staff/lotto/results.confirm", async (request) => {
    const staff = await requireLottoStaff(request, "lotto.results");
    const { resultId } = parseWith(ResultRef, request.body);
    return staffResultView(await confirmResult(db, { resultId, actor: actorOf(staff) }));
  });

  app.post("/api/staff/lotto/results.reject", async (request) => {
    const staff = await requireLottoStaff(request, "lotto.results");
    const body = parseWith(RejectBody, request.body);
    return staffResultView(
      await rejectResult(db, { resultId: body.resultId, note: body.note, actor: actorOf(staff) }),
    );
  });

  app.post("/api/staff/lotto/rounds.cancel", async (request) => {
    const staff = await requireLottoStaff(request, "lotto.cancel");
    const body = parseWith(CancelBody, request.body);
    await cancelRound(db, { roundId: body.betId, reason: body.reason, actor: actorOf(staff) });
    // Refunded now rather than on the job's next pass (settlement is idempotent: the two never pay twice).
    const report = { rounds: 0, slips: 0, lines: 0, transfers: 0 };
    await settleRound(db, body.betId, new Date(), {}, report);
    const round = await findRound(db, body.betId);
    return {
      betId: Number(body.betId),
      status: round?.status ?? "cancelled",
      cancelReason: round?.cancel_reason ?? null,
      refunded: report.slips,
    };
  });

  app.get("/api/staff/lotto/shortfalls", async (request) => {
    await requireLottoStaff(request, "lotto.read");
    const { limit } = parseWith(ShortfallQuery, request.query);
    return { items: await shortfallList(db, limit) };
  });
}
