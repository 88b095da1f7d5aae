import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import * as v from "valibot";
import { INT4_MAX, integer } from "../../../src/domain/text.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { CENTRE_AGENT } from "../../db/seed.ts";
import { AppError } from "../../http/errors.ts";

const AgentQuery = v.object({
  agentId: v.optional(integer(0, INT4_MAX)),
});

export async function siteRoutes(app: FastifyInstance, deps: { config: Config; database: Database }) {
  const { config, database } = deps;
  const { db } = database;

  // Hosts the site does not serve are refused for every request, before routing (server/http/security.ts).

  app.get("/api/health", async (_request, reply) => {
    const started = performance.now();
    try {
      const row = await sql<{
        migrations: number;
      }>`select count(*)::int as migrations from ${sql.table(`${database.schema}.kysely_migration`)}`.execute(
        db,
      );
      return {
        status: "ok",
        mode: config.mode,
        database: {
          engine: database.engine,
          ok: true,
          latencyMs: Math.round((performance.now() - started) * 10) / 10,
          migrations: row.rows[0]?.migrations ?? 0,
        },
      };
    } catch (err) {
      app.log.error({ err }, "health check: database unreachable");
      return reply
        .status(503)
        .send({ status: "error", mode: config.mode, database: { engine: database.engine, ok: false } });
    }
  });

  /** What the client needs to know before it renders: mode (for the demo marker) and enabled features. */
  app.get("/api/app-config", async () => ({
    mode: config.mode,
    recaptchaSiteKey: config.recaptcha?.siteKey ?? null,
    lineLogin: config.line !== null,
    liveChat: config.liveChat,
    // Which push token source the app uses: firebase, the demo's local stand-in, or none (the app never asks).
    push: config.push.provider,
  }));

  app.get("/api/site-details", async (request) => {
    const host = request.hostname.toLowerCase();
    const rows = await db.selectFrom("site_details").selectAll().where("domain", "in", [host, "*"]).execute();
    const row = rows.find((r) => r.domain === host) ?? rows.find((r) => r.domain === "*");
    if (!row) throw new AppError(404, "NOT_FOUND", "Site detail not found");
    return {
      title: row.title,
      description: row.description,
      siteVerification: row.site_verification,
      gaID: row.ga_id,
    };
  });

  const supportFor = async (agentId: number | undefined) => {
    const id = agentId && agentId > 0 ? agentId : CENTRE_AGENT.agentId;
    const row =
      (await db.selectFrom("agent_supports").selectAll().where("agent_id", "=", id).executeTakeFirst()) ??
      (await db
        .selectFrom("agent_supports")
        .selectAll()
        .where("agent_id", "=", CENTRE_AGENT.agentId)
        .executeTakeFirst());
    if (!row) throw new AppError(404, "NOT_FOUND", "Support data not found");
    return {
      activePopup: row.active_popup,
      activeSupport: row.active_support,
      officePhoneNumber: row.office_phone_number,
      urlBailek: row.url_bailek,
      urlPopup: row.url_popup,
      urlSupport: row.url_support,
    };
  };

  const parseAgent = (input: unknown) => {
    const parsed = v.safeParse(AgentQuery, input ?? {});
    if (!parsed.success) throw new AppError(400, "VALIDATION", "agentId must be a whole number");
    return parsed.output.agentId;
  };

  app.get("/api/agents-supports", async (request) => supportFor(parseAgent(request.query)));
  app.post("/api/agents-supports", async (request) => supportFor(parseAgent(request.body)));
}
