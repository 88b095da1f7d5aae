import type { FastifyInstance } from "fastify";
import type { ModuleBase } from "../../kernel/module.ts";
import { firebasePushProvider, localPushProvider, type PushProvider } from "../../providers/push.ts";
import { pushRoutes } from "./routes.ts";
import { pushSenderJob } from "./sender.ts";

/**
 * Push notifications (docs/decisions.md "Push notifications"): the member's devices, their notifications and
 * the sender job.
 *
 * What it owns: push_tokens and notification_outbox. Invariants, and where they are kept:
 * - a notification is written in the transaction of the event that causes it (outbox.ts enqueueNotification takes
 *   a transaction on purpose), once per event (a unique dedupe key);
 * - a row is sent by one process at a time (claimed `for update skip locked` with a lease, sender.ts), outside
 *   any transaction; tokens of revoked sessions are forgotten before sending;
 * - one token per browser install, at most MAX_DEVICES_PER_MEMBER devices per member (routes.ts).
 * Types and their parameters are the contract's (src/domain/contracts/notifications.ts).
 */
export interface PushOptions {
  /** Push delivery; default: Firebase with FIREBASE_SERVICE_ACCOUNT, else the local outbox-only provider. */
  push?: PushProvider | undefined;
  /** How often the sender looks for due notifications (default 2 s); 0 turns the sender off (tests). */
  pushSenderIntervalMs?: number | undefined;
}

export default async function pushModule(app: FastifyInstance, deps: ModuleBase & PushOptions) {
  const { config, database } = deps;
  await pushRoutes(app, { config, database });
  const provider =
    deps.push ??
    (config.push.provider === "firebase"
      ? firebasePushProvider(config.push.serviceAccount)
      : localPushProvider);
  deps.jobs.add(
    pushSenderJob(database.db, provider, { intervalMs: deps.pushSenderIntervalMs, log: app.log }),
  );
}
