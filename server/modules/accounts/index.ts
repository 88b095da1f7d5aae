import type { FastifyInstance } from "fastify";
import type { ModuleBase } from "../../kernel/module.ts";
import { type CaptchaVerifier, disabledCaptcha, recaptchaVerifier } from "../../providers/captcha.ts";
import { httpSmsProvider, outboxSmsProvider, type SmsProvider } from "../../providers/sms.ts";
import { accountsRoutes } from "./routes.ts";
import { securityRoutes } from "./securityRoutes.ts";

/**
 * Accounts (README "Accounts", docs/security.md "Sessions, locks and LINE", "Account takeover"): sign-up, login,
 * the profile, PIN changes and resets, the member's security events, and the staff's correction of a frozen name.
 *
 * What it owns: members, sessions, otp_requests, login_name_locks, security_events, sms_outbox.
 * Invariants, and where they are kept:
 * - a PIN is checked in one place (pinConfirm.ts confirmWithPin), on the login lock's counter: five wrong PINs
 *   lock the account for a growing time and end every session (loginLock.ts);
 * - a session is live only while its row is (server/kernel/sessions.ts): logout, a lock, a suspension, a PIN
 *   reset or change revoke rows, and their sockets close once the revocation commits (sessionsEnded);
 * - unknown user names answer as real ones do, in text, status, time and lock (routes.ts users.login);
 * - every change that could hand the account over takes the PIN and is told to the member (accountChanges.ts).
 */
export interface AccountsOptions {
  /** Defaults to the configured provider: the embedded outbox (demo), or the HTTP gateway. */
  sms?: SmsProvider | undefined;
}

export default async function accountsModule(app: FastifyInstance, deps: ModuleBase & AccountsOptions) {
  const { config, database } = deps;
  const sms =
    deps.sms ??
    (config.sms.provider === "http"
      ? httpSmsProvider(database.db, config.sms.url, config.sms.token)
      : outboxSmsProvider(database.db, app.log));
  const captcha: CaptchaVerifier = config.recaptcha
    ? recaptchaVerifier(config.recaptcha.secret, config.recaptcha.verifyUrl)
    : disabledCaptcha;
  await accountsRoutes(app, { config, database, sms, captcha });
  await securityRoutes(app, { config, database });
}
