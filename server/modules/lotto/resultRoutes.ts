import type { FastifyInstance } from "fastify";
import {
  CancelRoundBody,
  ProposeResultBody,
  RejectResultBody,
  ResultRefBody,
  ResultsQuery,
  ShortfallQuery,
  StaffResultsQuery,
} from "../../../src/domain/contracts/lotto.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { parseWith } from "../../http/validate.ts";
import { actorOf, staffAccess, staffOf } from "../../kernel/access.ts";
import { cancelRound, confirmResult, proposeResult, rejectResult } from "./results.ts";
import { latestResults, resultsList } from "./resultViews.ts";
import { findRound } from "./rounds.ts";
import { settleRound } from "./settlement.ts";
import { shortfallList, staffResultView, staffRoundResults } from "./staffResults.ts";

export interface ResultDeps {
  config: Config;
  database: Database;
}

/** Results (public) and the staff's results desk (docs/results-api.md "Results", "Staff calls"). */
export async function resultRoutes(app: FastifyInstance, deps: ResultDeps) {
  const { db } = deps.database;

  app.get("/poy-api/bet-list-results", async (request) => {
    const query = parseWith(ResultsQuery, request.query);
    return { items: await resultsList(db, query, new Date()) };
  });

  app.get("/poy-api/results.latest", async () => ({ items: await latestResults(db, new Date()) }));

  app.get("/api/staff/lotto/results", { config: { access: staffAccess("lotto.read") } }, async (request) => {
    const { family } = parseWith(StaffResultsQuery, request.query);
    return { items: await staffRoundResults(db, family, new Date()) };
  });

  app.post(
    "/api/staff/lotto/results.propose",
    { config: { access: staffAccess("lotto.results") } },
    async (request, reply) => {
      const staff = staffOf(request);
      const body = parseWith(ProposeResultBody, request.body);
      const row = await proposeResult(db, {
        roundId: body.betId,
        payload: body.payload,
        note: body.note,
        actor: actorOf(staff),
      });
      return reply.status(201).send(staffResultView(row));
    },
  );

  app.post(
    "/api/staff/lotto/results.confirm",
    { config: { access: staffAccess("lotto.results") } },
    async (request) => {
      const staff = staffOf(request);
      const { resultId } = parseWith(ResultRefBody, request.body);
      return staffResultView(await confirmResult(db, { resultId, actor: actorOf(staff) }));
    },
  );

  app.post(
    "/api/staff/lotto/results.reject",
    { config: { access: staffAccess("lotto.results") } },
    async (request) => {
      const staff = staffOf(request);
      const body = parseWith(RejectResultBody, request.body);
      return staffResultView(
        await rejectResult(db, { resultId: body.resultId, note: body.note, actor: actorOf(staff) }),
      );
    },
  );

  app.post(
    "/api/staff/lotto/rounds.cancel",
    { config: { access: staffAccess("lotto.cancel") } },
    async (request) => {
      const staff = staffOf(request);
      const body = parseWith(CancelRoundBody, request.body);
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
    },
  );

  app.get(
    "/api/staff/lotto/shortfalls",
    { config: { access: staffAccess("lotto.read") } },
    async (request) => {
      const { limit } = parseWith(ShortfallQuery, request.query);
      return { items: await shortfallList(db, limit) };
    },
  );
}
