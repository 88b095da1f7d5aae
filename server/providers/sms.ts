import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/** Sends a text message. Implementations must not log the body outside demo mode (it can carry an OTP). */
export interface SmsProvider {
  readonly name: string;
  /** True for providers that only make sense in the demo (refused in production). */
  readonly demoOnly: boolean;
  send(phoneNumber: string, body: string): Promise<void>;
}

/**
 * The embedded default: every message goes to the sms_outbox table and, in the demo, to the server log, so
 * a newcomer (and the tests) can read the OTP without an SMS account.
 */
export function outboxSmsProvider(db: Kysely<DB>, log: FastifyBaseLogger): SmsProvider {
  return {
    name: "outbox",
    demoOnly: true,
    async send(phoneNumber, body) {
      await db
        .insertInto("sms_outbox")
        .values({ phone_number: phoneNumber, body, provider: "outbox" })
        .execute();
      log.info({ phoneNumber, body }, "demo SMS (outbox only, not sent)");
    },
  };
}

/**
 * A gateway reached over HTTPS: POST {to, message} with a bearer token. The outbox keeps a record of each
 * message with its digits masked, so codes are not readable from the database.
 */
export function httpSmsProvider(db: Kysely<DB>, url: string, token: string): SmsProvider {
  return {
    name: "http",
    demoOnly: false,
    async send(phoneNumber, body) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ to: phoneNumber, message: body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
      await db
        .insertInto("sms_outbox")
        .values({
          phone_number: phoneNumber,
          body: body.replace(/\d/g, "•"),
          provider: "http",
          sent_at: new Date(),
        })
        .execute();
    },
  };
}
