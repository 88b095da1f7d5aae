import type { FastifyInstance } from "fastify";
import * as v from "valibot";
import { NameSchema } from "../../../src/domain/account.ts";
import { Reason } from "../../../src/domain/contracts/common.ts";
import { MEMBER_SECURITY_EVENTS_SHOWN } from "../../../src/domain/securityEvents.ts";
import { text } from "../../../src/domain/text.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { AppError } from "../../http/errors.ts";
import { parseWith } from "../../http/validate.ts";
import { ACCESS, actorOf, memberOf, staffAccess, staffOf } from "../../kernel/access.ts";
import { inTransaction } from "../../kernel/db.ts";
import { audit } from "../staff/audit.ts";
import { recordAccountChange } from "./accountChanges.ts";
import { securityEventView } from "./securityEvents.ts";

const StaffSearch = v.object({
  q: v.pipe(text(100), v.trim(), v.minLength(1, "requestInvalid"), v.maxLength(50, "requestInvalid")),
});

const StaffRename = v.object({
  uuid: v.pipe(text(40), v.uuid("requestInvalid")),
  name: NameSchema,
  reason: Reason,
});

/**
 * The member's own security events (/profile), the back office's search of any member's, and the staff
 * correction of a name the member can no longer change (frozen by a verified bank account).
 */
export async function securityRoutes(app: FastifyInstance, deps: { config: Config; database: Database }) {
  const { db } = deps.database;

  app.get("/api/users.security-events", { config: { access: ACCESS.member } }, async (request) => {
    const member = memberOf(request);
    const rows = await db
      .selectFrom("security_events")
      .selectAll()
      .where("member_id", "=", member.memberId)
      .orderBy("id", "desc")
      .limit(MEMBER_SECURITY_EVENTS_SHOWN)
      .execute();
    return { items: rows.map(securityEventView) };
  });

  // Staff look a member up by user name, uuid or phone number and read the whole recent trail, with addresses.
  app.get(
    "/api/staff/security-events",
    { config: { access: staffAccess("members.read") } },
    async (request) => {
      const { q } = parseWith(StaffSearch, request.query);
      const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(q);
      const members = await db
        .selectFrom("members")
        .select(["id", "uuid", "user_name", "name"])
        .where((eb) =>
          eb.or([
            eb("user_name", "=", q.toLowerCase()),
            eb("phone_number", "=", q),
            ...(isUuid ? [eb("uuid", "=", q.toLowerCase())] : []),
          ]),
        )
        .limit(10)
        .execute();
      if (members.length === 0) return { items: [] };
      const byId = new Map(members.map((m) => [m.id, m]));
      const rows = await db
        .selectFrom("security_events")
        .selectAll()
        .where(
          "member_id",
          "in",
          members.map((m) => m.id),
        )
        .orderBy("id", "desc")
        .limit(200)
        .execute();
      return {
        items: rows.map((row) => {
          const m = byId.get(row.member_id);
          return {
            ...securityEventView(row),
            ip: row.ip,
            actor: row.actor,
            member: { uuid: m?.uuid ?? "", userName: m?.user_name ?? "", name: m?.name ?? null },
          };
        }),
      };
    },
  );

  app.post(
    "/api/staff/members.rename",
    { config: { access: staffAccess("members.status") } },
    async (request) => {
      const staff = staffOf(request);
      const body = parseWith(StaffRename, request.body);
      return inTransaction(db, async (trx) => {
        const before = await trx
          .selectFrom("members")
          .select(["id", "name"])
          .where("uuid", "=", body.uuid)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw new AppError(404, "NOT_FOUND", "Member not found");
        if (before.name === body.name) return { ok: true, name: body.name };
        await trx
          .updateTable("members")
          .set({ name: body.name, updated_at: new Date() })
          .where("id", "=", before.id)
          .execute();
        await recordAccountChange(trx, { memberId: before.id, type: "name-changed", actor: actorOf(staff) });
        await audit(trx, {
          actor: actorOf(staff),
          action: "member.rename",
          subject: `member:${body.uuid}`,
          before: { name: before.name },
          after: { name: body.name, reason: body.reason },
        });
        return { ok: true, name: body.name };
      });
    },
  );
}
