import type { FastifyInstance } from "fastify";
import type { ModuleBase } from "../../kernel/module.ts";
import { type ResultsFeed, resultsFeedFor } from "../../providers/resultsFeed.ts";
import { numberSetRoutes } from "./numberSets.ts";
import { resultRoutes } from "./resultRoutes.ts";
import { roundJob } from "./roundJob.ts";
import { lottoRoutes } from "./routes.ts";
import { yingRoutes } from "./yingRoutes.ts";

/**
 * Lotto (docs/lotto-api.md, docs/results-api.md, docs/rules.md "Lotto"): rounds and rates, slips, results and
 * their settlement, yeekee shooting and the draws the site computes, number sets, and the staff's lotto desk.
 * Every rule that can be pure is in src/domain/lotto, shared with the app.
 *
 * What it owns: lotto_rounds, lotto_exposure, lotto_restrictions, poys and poy_lines, lotto_results, the yeekee
 * chains and shots, lotto_shortfalls, number_sets. Money moves only through the ledger: a slip's stake
 * (poys.ts), its refund (cancellation, cancelled round) and its win (settlement.ts), each keyed so it happens
 * once. Invariants and where they are checked: slips in poys.ts, results in results.ts, settlement in
 * settlement.ts, draws in draws.ts and yings.ts (each file's header).
 *
 * Background work: the round job (roundJob.ts) creates rounds ahead, closes them on time, draws yeekee and
 * ping-pong, asks the results feed and settles, every 15 s in every process (each step idempotent).
 */
export interface LottoOptions {
  /** Results feed for gov, stock and set4 rounds; default from RESULTS_FEED (the demo feed in demo mode). */
  resultsFeed?: ResultsFeed | null | undefined;
}

export default async function lottoModule(app: FastifyInstance, deps: ModuleBase & LottoOptions) {
  const { config, database } = deps;
  await lottoRoutes(app, { config, database });
  await resultRoutes(app, { config, database });
  await yingRoutes(app, { config, database, io: deps.io });
  await numberSetRoutes(app, { config, database });
  deps.jobs.add(
    roundJob(database.db, {
      log: app.log,
      feed: deps.resultsFeed === undefined ? resultsFeedFor(config.resultsFeed) : deps.resultsFeed,
      shooterBonus: config.yeekeeShooterBonus,
      drawKey: config.drawSeedKey,
    }),
  );
}
