import type { FastifyInstance } from "fastify";
import {
  DeletePushTokenBody,
  type NotificationListView,
  NotificationsQuery,
  RegisterPushTokenBody,
} from "../../../src/domain/contracts/notifications.ts";
import { CATALOG_LOCALE, resolveUserLocale } from "../../../src/domain/locale.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import { ACCESS, memberOf } from "../../kernel/access.ts";
import { inTransaction, isUniqueViolation } from "../../kernel/db.ts";

/** Oldest devices are forgotten beyond this many per member (a device id is the client's to choose). */
export const MAX_DEVICES_PER_MEMBER = 10;

/**
 * The member's push devices and notifications (docs/decisions.md "Push notifications"): register and forget a
 * device's token, and the member's own outbox rows. Delivery is the sender job's (sender.ts).
 */
export async function pushRoutes(app: FastifyInstance, deps: { config: Config; database: Database }) {
  const { db } = deps.database;

  /**
   * Registers (or refreshes) this device's token for the logged-in member. A token names one browser install:
   * if another member, or another device id, held it, that row goes (the browser now belongs to this login).
   */
  app.post("/api/push-tokens.register", { config: { access: ACCESS.member } }, async (request) => {
    const { memberId, sessionId } = memberOf(request);
    const body = parseWith(RegisterPushTokenBody, request.body);
    // The app learns the provider from /api/app-config; a token for another one could never be delivered.
    if (body.provider !== deps.config.push.provider) {
      throw new AppError(
        409,
        "PUSH_PROVIDER_MISMATCH",
        "This server does not deliver through that provider.",
      );
    }
    const locale = CATALOG_LOCALE[resolveUserLocale(body.locale)];
    for (let attempt = 0; ; attempt++) {
      try {
        await inTransaction(db, async (trx) => {
          await trx
            .deleteFrom("push_tokens")
            .where("token", "=", body.token)
            .where((eb) => eb.or([eb("member_id", "<>", memberId), eb("device_id", "<>", body.deviceId)]))
            .execute();
          await trx
            .insertInto("push_tokens")
            .values({
              member_id: memberId,
              session_id: sessionId,
              device_id: body.deviceId,
              token: body.token,
              provider: body.provider,
              locale,
            })
            .onConflict((oc) =>
              oc.columns(["member_id", "device_id"]).doUpdateSet({
                session_id: sessionId,
                token: body.token,
                provider: body.provider,
                locale,
                updated_at: new Date(),
              }),
            )
            .execute();
          const stale = await trx
            .selectFrom("push_tokens")
            .select("id")
            .where("member_id", "=", memberId)
            .orderBy("updated_at", "desc")
            .orderBy("id", "desc")
            .offset(MAX_DEVICES_PER_MEMBER)
            .limit(1000)
            .execute();
          if (stale.length > 0) {
            await trx
              .deleteFrom("push_tokens")
              .where(
                "id",
                "in",
                stale.map((s) => s.id),
              )
              .execute();
          }
        });
        break;
      } catch (err) {
        // Two registrations of one token at once (two tabs, two logins): the loser runs again and takes it over.
        if (
          attempt < 3 &&
          (isUniqueViolation(err, "push_tokens_token_key") ||
            isUniqueViolation(err, "push_tokens_device_once"))
        )
          continue;
        throw err;
      }
    }
    return { deviceId: body.deviceId, provider: body.provider, locale };
  });

  /** Unregisters one of the member's own devices (logout). Another member's device id matches nothing. */
  app.post("/api/push-tokens.delete", { config: { access: ACCESS.member } }, async (request) => {
    const { memberId } = memberOf(request);
    const body = parseWith(DeletePushTokenBody, request.body);
    const result = await db
      .deleteFrom("push_tokens")
      .where("member_id", "=", memberId)
      .where("device_id", "=", body.deviceId)
      .executeTakeFirst();
    return { deleted: Number(result.numDeletedRows) > 0 };
  });

  /** The member's own notifications, newest first, with what was delivered to each device. */
  app.get(
    "/api/notifications",
    { config: { access: ACCESS.member } },
    async (request): Promise<NotificationListView> => {
      const { memberId } = memberOf(request);
      const { limit } = parseWith(NotificationsQuery, request.query);
      const rows = await db
        .selectFrom("notification_outbox")
        .selectAll()
        .where("member_id", "=", memberId)
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return {
        items: rows.map((r) => ({
          id: String(r.id),
          type: r.type,
          params: r.params,
          url: r.url,
          status: r.status,
          createdAt: r.created_at.toISOString(),
          sentAt: r.sent_at ? r.sent_at.toISOString() : null,
          deliveries: (r.deliveries ?? []).map((d) => ({
            deviceId: d.deviceId,
            data: d.data,
            result: d.result,
          })),
        })),
      };
    },
  );
}
