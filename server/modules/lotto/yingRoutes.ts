import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Server as SocketServer } from "socket.io";
import * as v from "valibot";
import { Id, Limit } from "../../../src/domain/contracts/common.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import { ACCESS, memberOf } from "../../kernel/access.ts";
import { yingRoom } from "../../realtime.ts";
import { type AuthenticatedMember, optionalMember as memberIfAny } from "../accounts/sessions.ts";
import { verifyView } from "./draws.ts";
import { findRound, type RoundRow } from "./rounds.ts";
import {
  listYings,
  onYingEvent,
  shoot,
  YING_LIST_DEFAULT,
  YING_LIST_MAX,
  yeekeeRoundOr404,
  yingResult,
  yingSummary,
} from "./yings.ts";

export interface YingDeps {
  config: Config;
  database: Database;
  /** Shots and shooting closes are forwarded to the room `ying:<betId>` (through Redis with REDIS_URL). */
  io: SocketServer;
}

const CreateBody = v.object({ betId: Id, yingNumber: v.unknown() });
const BetBody = v.object({ betId: Id });
const ListQuery = v.object({
  betId: Id,
  limit: Limit(YING_LIST_DEFAULT, YING_LIST_MAX),
});

/** Yeekee shooting and the public verification data (docs/results-api.md "Yeekee shooting", "Verification"). */
export async function yingRoutes(app: FastifyInstance, deps: YingDeps) {
  const { db } = deps.database;

  const stopForwarding = onYingEvent(db, (event) => {
    deps.io.to(yingRoom(event.betId)).emit(event.type, event.data);
  });
  app.addHook("onClose", async () => stopForwarding());

  /** Public reads mark the caller's own shots when a valid member session comes along; any other is a guest. */
  function optionalMember(request: FastifyRequest): Promise<AuthenticatedMember | null> {
    return memberIfAny(db, deps.config.sessionSecret, request);
  }

  async function roundOr404(betId: bigint): Promise<RoundRow> {
    const round = await findRound(db, betId);
    if (!round) throw new AppError(404, "ROUND_NOT_FOUND", "Round not found.");
    return round;
  }

  app.post("/poy-api/yings.create", { config: { access: ACCESS.lotto } }, async (request, reply) => {
    const member = memberOf(request);
    const body = parseWith(CreateBody, request.body);
    const yingNumber = typeof body.yingNumber === "string" ? body.yingNumber : "";
    const receipt = await shoot(db, {
      memberId: member.memberId,
      betId: body.betId,
      yingNumber,
      drawKey: deps.config.drawSeedKey,
    });
    return reply.status(201).send({ receipt });
  });

  app.get("/poy-api/yings", async (request) => {
    const query = parseWith(ListQuery, request.query);
    const round = await yeekeeRoundOr404(db, query.betId);
    const member = await optionalMember(request);
    return listYings(db, { round, limit: query.limit, memberId: member?.memberId });
  });

  app.post("/poy-api/yings.summary", async (request) => {
    const { betId } = parseWith(BetBody, request.body);
    return yingSummary(db, await yeekeeRoundOr404(db, betId), new Date(), deps.config.yeekeeShooterBonus);
  });

  app.post("/poy-api/ying-results.one", async (request) => {
    const { betId } = parseWith(BetBody, request.body);
    const round = await yeekeeRoundOr404(db, betId);
    const member = await optionalMember(request);
    return yingResult(db, round, member?.memberId);
  });

  app.get("/poy-api/lotto-verify", async (request) => {
    const { betId } = parseWith(BetBody, request.query);
    return verifyView(db, await roundOr404(betId), new Date(), deps.config.drawSeedKey);
  });
}
