import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Selectable } from "kysely";
import {
  deviceLabel,
  networkPrefix,
  type SecurityEventType,
  type SecurityEventView,
} from "../../../src/domain/securityEvents.ts";
import type { SecurityEventsTable } from "../../db/schema.ts";
import type { Executor } from "../../kernel/db.ts";

/** Where a request came from, as the trail keeps it. */
export interface RequestContext {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export const requestContext = (request: FastifyRequest): RequestContext => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"],
});

export interface SecurityEventInput {
  memberId: bigint;
  type: SecurityEventType;
  /** Short strings safe to show the member (no PIN, no full numbers). */
  detail?: Record<string, string>;
  /** "staff:<id>:<userName>" when staff made the change; omitted when the member did. */
  actor?: string;
  context?: RequestContext;
}

/** Same user agent, same network prefix: the same device as far as the trail can tell. */
export function deviceKey(context: RequestContext | undefined): string | null {
  if (!context?.userAgent && !context?.ip) return null;
  return createHash("sha256")
    .update(`${context.userAgent ?? ""}|${networkPrefix(context.ip) ?? ""}`)
    .digest("hex")
    .slice(0, 32);
}

/**
 * Appends one event to the member's trail and returns its id. Pass the transaction of the change it records, so
 * the change and its event land together or not at all. The table refuses updates and deletes (a trigger).
 */
export async function recordSecurityEvent(trx: Executor, input: SecurityEventInput): Promise<bigint> {
  const row = await trx
    .insertInto("security_events")
    .values({
      member_id: input.memberId,
      type: input.type,
      detail: JSON.stringify(input.detail ?? {}),
      actor: input.actor ?? null,
      ip: input.context?.ip?.slice(0, 64) ?? null,
      user_agent: input.context?.userAgent?.slice(0, 300) ?? null,
      device: deviceKey(input.context),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A successful login (or sign-up, `via: "signup"`): a `login` event, and a `new-device` event first when the
 * member has logged in before but never from this user agent and network prefix.
 */
export async function recordLogin(
  db: Executor,
  memberId: bigint,
  context: RequestContext,
  detail: Record<string, string> = {},
): Promise<void> {
  const device = deviceKey(context);
  const seen =
    device === null
      ? undefined
      : await db
          .selectFrom("security_events")
          .select("id")
          .where("member_id", "=", memberId)
          .where("type", "=", "login")
          .where("device", "=", device)
          .limit(1)
          .executeTakeFirst();
  if (!seen) {
    const anyBefore = await db
      .selectFrom("security_events")
      .select("id")
      .where("member_id", "=", memberId)
      .where("type", "=", "login")
      .limit(1)
      .executeTakeFirst();
    if (anyBefore) await recordSecurityEvent(db, { memberId, type: "new-device", detail, context });
  }
  await recordSecurityEvent(db, { memberId, type: "login", detail, context });
}

/** A wrong PIN (`where`: login or confirm), and the lock when it was the last one allowed. */
export async function recordFailedPin(
  db: Executor,
  memberId: bigint,
  outcome: { locked: boolean; where: "login" | "confirm" },
  context: RequestContext,
): Promise<void> {
  await recordSecurityEvent(db, { memberId, type: "pin-failed", detail: { where: outcome.where }, context });
  if (outcome.locked) await recordSecurityEvent(db, { memberId, type: "locked", context });
}

/** The member's view of one event: never the full address or user agent, never the actor's name. */
export function securityEventView(row: Selectable<SecurityEventsTable>): SecurityEventView {
  return {
    id: String(row.id),
    type: row.type,
    createdAt: row.created_at.toISOString(),
    network: networkPrefix(row.ip),
    device: deviceLabel(row.user_agent),
    byStaff: row.actor !== null,
    detail: row.detail ?? {},
  };
}
