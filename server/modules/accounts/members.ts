import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { UserLocale } from "../../../src/domain/locale.ts";
import type { DB } from "../../db/schema.ts";

/** The member as the app sees it (docs/rules.md "Field names"). */
export async function userInfo(db: Kysely<DB>, memberId: bigint) {
  const m = await db.selectFrom("members").selectAll().where("id", "=", memberId).executeTakeFirstOrThrow();
  return {
    uuid: m.uuid,
    status: m.status,
    level: m.level,
    userName: m.user_name,
    name: m.name,
    email: m.email,
    avatar: m.avatar,
    phoneNumber: m.phone_number,
    lineId: m.line_id,
    lineUid: m.line_uid,
    afSlug: m.af_slug,
  };
}

export function newAfSlug(): string {
  return randomBytes(6)
    .toString("base64url")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x");
}

export interface Attribution {
  slug?: string | undefined;
  agentId?: number | undefined;
  refUid?: number | undefined;
}

/**
 * Who a new member belongs to. An affiliate slug (/register/{afSlug}) names the referring member, whose agent
 * becomes theirs; an empty or 0 agentId/refUid, or an unknown agent, takes the locale's centre agent.
 */
export async function resolveAttribution(db: Kysely<DB>, locale: UserLocale, input: Attribution) {
  const referrer = input.slug
    ? await db
        .selectFrom("members")
        .select(["id", "agent_id"])
        .where("af_slug", "=", input.slug)
        .executeTakeFirst()
    : undefined;
  const centre = await db
    .selectFrom("locale_centre_agents")
    .selectAll()
    .where("locale", "=", locale)
    .executeTakeFirstOrThrow();
  const agentId = input.agentId ?? referrer?.agent_id ?? centre.agent_id;
  const agentExists = await db.selectFrom("agents").select("id").where("id", "=", agentId).executeTakeFirst();
  return agentExists
    ? { agentId, refUid: input.refUid ?? centre.ref_uid, referredBy: referrer?.id ?? null }
    : { agentId: centre.agent_id, refUid: centre.ref_uid, referredBy: referrer?.id ?? null };
}
