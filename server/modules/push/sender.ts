import type { FastifyBaseLogger } from "fastify";
import { type Kysely, type Selectable, sql } from "kysely";
import type {
  DB,
  NotificationDelivery,
  NotificationOutboxTable,
  NotificationStatus,
} from "../../db/schema.ts";
import type { JobSpec } from "../../kernel/jobs.ts";
import type { PushProvider } from "../../providers/push.ts";

type OutboxRow = Selectable<NotificationOutboxTable>;

/** A claimed row is someone's for this long; a sender that dies mid-way leaves it to the next claim. */
const LEASE = "5 minutes";
/** After the last try fails the row is `failed`; before, it waits 30 s, 2 min, 10 min, 30 min. */
export const MAX_ATTEMPTS = 5;
const BACKOFF_SECONDS = [30, 120, 600, 1800];
export const PUSH_SENDER_INTERVAL_MS = 2_000;

export interface SendSummary {
  sent: number;
  noDevice: number;
  retry: number;
  failed: number;
}

/**
 * The data-only payload for one device: FCM carries strings only, so the parameters travel as JSON text. The
 * device's language rides along for when the app has not told its service worker one (sw/pushMessages.ts).
 */
export function pushData(row: Pick<OutboxRow, "id" | "type" | "params" | "url">, locale: string) {
  return {
    type: row.type,
    params: JSON.stringify(row.params),
    url: row.url,
    locale,
    id: String(row.id),
  };
}

/**
 * Claims due rows (every process may run this: `for update skip locked` hands each row to one of them, and the
 * lease keeps it theirs while they send outside any transaction, so a slow provider never holds a database
 * connection), delivers each to every device of its member through `provider`, deletes the tokens the provider
 * no longer knows, and records the outcome.
 */
export async function deliverDueNotifications(
  db: Kysely<DB>,
  provider: PushProvider,
  options: { limit?: number; log?: Pick<FastifyBaseLogger, "warn"> } = {},
): Promise<SendSummary> {
  const claimed = await db
    .updateTable("notification_outbox")
    .set({
      attempts: sql`attempts + 1`,
      next_attempt_at: sql`now() + ${sql.lit(LEASE)}::interval`,
    })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("notification_outbox")
        .select("id")
        .where("status", "=", "pending")
        .where("next_attempt_at", "<=", sql<Date>`now()`)
        .orderBy("id")
        .limit(options.limit ?? 50)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
  const summary: SendSummary = { sent: 0, noDevice: 0, retry: 0, failed: 0 };
  for (const row of claimed.sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const status = await deliverOne(db, provider, row, options.log);
    if (status === "sent") summary.sent++;
    else if (status === "no_device") summary.noDevice++;
    else if (status === "failed") summary.failed++;
    else summary.retry++;
  }
  return summary;
}

async function deliverOne(
  db: Kysely<DB>,
  provider: PushProvider,
  row: OutboxRow,
  log?: Pick<FastifyBaseLogger, "warn">,
): Promise<NotificationStatus> {
  // A device whose login was revoked (logout, PIN change) is no longer the member's: forgotten, not sent to.
  await db
    .deleteFrom("push_tokens")
    .where("member_id", "=", row.member_id)
    .where("session_id", "in", (eb) =>
      eb
        .selectFrom("sessions")
        .select("sessions.id")
        .where("sessions.member_id", "=", row.member_id)
        .where("sessions.revoked_at", "is not", null),
    )
    .execute();
  // Tokens of another provider (the server's configuration changed) are left alone: this one cannot reach them.
  const tokens = await db
    .selectFrom("push_tokens")
    .selectAll()
    .where("member_id", "=", row.member_id)
    .where("provider", "=", provider.name)
    .orderBy("id")
    .execute();
  const deliveries: NotificationDelivery[] = [];
  const errors: string[] = [];
  for (const token of tokens) {
    const data = pushData(row, token.locale);
    let result: Awaited<ReturnType<PushProvider["send"]>>;
    try {
      result = await provider.send(token.token, data);
    } catch (err) {
      result = { ok: false, unregistered: false, error: (err as Error).message };
    }
    if (result.ok) {
      deliveries.push({ deviceId: token.device_id, provider: provider.name, data, result: "sent" });
      continue;
    }
    if (result.unregistered) {
      // Only this row: the device may have registered a new token since the send began.
      await db
        .deleteFrom("push_tokens")
        .where("id", "=", token.id)
        .where("token", "=", token.token)
        .execute();
      deliveries.push({ deviceId: token.device_id, provider: provider.name, data, result: "unregistered" });
    } else {
      deliveries.push({ deviceId: token.device_id, provider: provider.name, data, result: "error" });
      errors.push(result.error);
      log?.warn({ notificationId: String(row.id), error: result.error }, "push delivery failed");
    }
  }
  const sent = deliveries.some((d) => d.result === "sent");
  // One device reached is a delivered notification: retrying would repeat it on that device.
  const status: NotificationStatus = sent
    ? "sent"
    : errors.length === 0
      ? "no_device"
      : row.attempts >= MAX_ATTEMPTS
        ? "failed"
        : "pending";
  const backoff = BACKOFF_SECONDS[Math.min(row.attempts, BACKOFF_SECONDS.length) - 1] ?? 30;
  await db
    .updateTable("notification_outbox")
    .set({
      status,
      deliveries: JSON.stringify(deliveries),
      last_error: errors.length > 0 ? errors.join("; ").slice(0, 1000) : null,
      sent_at: sent ? new Date() : null,
      next_attempt_at:
        status === "pending" ? sql<Date>`now() + ${sql.lit(`${backoff} seconds`)}::interval` : new Date(),
    })
    .where("id", "=", row.id)
    .where("status", "=", "pending")
    .execute();
  return status;
}

/** A full claim: another batch may be waiting, so the runner goes on (a big round settled). */
const SENDER_BATCH = 50;
/** Batches one pass works off at most before leaving the rest to the next tick. */
const SENDER_BATCHES_MAX = 20;

/**
 * The push sender for the job runner (server/kernel/jobs.ts): every 2 s in every process (rows are claimed, never
 * sent twice at once). Its first pass waits one interval: start-up (migrations, the round job's first pass) has
 * the database first.
 */
export function pushSenderJob(
  db: Kysely<DB>,
  provider: PushProvider,
  options: { intervalMs?: number | undefined; log?: Pick<FastifyBaseLogger, "warn"> | undefined } = {},
): JobSpec {
  return {
    name: "push sender",
    intervalMs: options.intervalMs ?? PUSH_SENDER_INTERVAL_MS,
    atStart: false,
    batchesMax: SENDER_BATCHES_MAX,
    run: async () => {
      const summary = await deliverDueNotifications(db, provider, {
        limit: SENDER_BATCH,
        ...(options.log ? { log: options.log } : {}),
      });
      return { more: summary.sent + summary.noDevice + summary.retry + summary.failed >= SENDER_BATCH };
    },
  };
}
