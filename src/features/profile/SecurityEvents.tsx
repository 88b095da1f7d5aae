import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { formatStatementTime } from "../../domain/bangkokTime.ts";
import type { SecurityEventType, SecurityEventView } from "../../domain/securityEvents.ts";
import { useLoad } from "../../lib/load.ts";
import { fetchSecurityEvents } from "./profile.ts";
import "./profile.css";

const EVENT_TEXT: Record<SecurityEventType, MessageDescriptor> = {
  login: msg`Logged in`,
  "new-device": msg`Login from a new device`,
  "pin-failed": msg`Wrong PIN entered`,
  locked: msg`Account locked after too many wrong PINs`,
  "pin-changed": msg`PIN changed`,
  "pin-reset": msg`PIN reset by SMS code`,
  "name-changed": msg`Name changed`,
  "phone-changed": msg`Phone number changed`,
  "bank-added": msg`Bank account added`,
  "line-linked": msg`LINE connected`,
  "line-unlinked": msg`LINE disconnected`,
};

/** One event as the member reads it: what happened, and the details that help them recognise it. */
function eventTitle(i18n: I18n, event: SecurityEventView): string {
  const text = EVENT_TEXT[event.type];
  return text ? i18n._(text) : event.type;
}

function EventDetail({ event }: { event: SecurityEventView }) {
  const last4 = event.detail.last4;
  const bank = event.detail.bank?.toUpperCase();
  return (
    <>
      {event.type === "bank-added" && bank && last4 ? (
        <span>
          <Trans>
            {bank} account ending in {last4}
          </Trans>
        </span>
      ) : null}
      {event.type === "phone-changed" && last4 ? (
        <span>
          <Trans>New number ending in {last4}</Trans>
        </span>
      ) : null}
      {event.type === "pin-failed" && event.detail.where === "confirm" ? (
        <span>
          <Trans>When confirming a change</Trans>
        </span>
      ) : null}
      {event.byStaff ? (
        <span>
          <Trans>Made by our staff</Trans>
        </span>
      ) : null}
      {event.device || event.network ? (
        <span className="security-event-where">
          {[event.device, event.network].filter(Boolean).join(" · ")}
        </span>
      ) : null}
    </>
  );
}

/**
 * The member's account activity on /profile: the last logins, wrong PINs and changes to the account, so a
 * change the member did not make stands out. Only their own: the server answers for the session's member.
 */
export function SecurityEvents() {
  const { t, i18n } = useLingui();
  const { data, error, reload } = useLoad(fetchSecurityEvents, []);
  return (
    <section className="security-events" aria-labelledby="security-events-title">
      <h2 id="security-events-title">
        <Trans>Account activity</Trans>
      </h2>
      <p className="form-note">
        <Trans>
          Logins and changes to your account. If you see one you did not make, change your PIN and contact us.
        </Trans>
      </p>
      {error ? (
        <p className="form-note" role="alert">
          <Trans>Your account activity could not be loaded.</Trans>{" "}
          <button type="button" className="button button-small" onClick={() => void reload()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : null}
      {data && data.length > 0 ? (
        <ul aria-label={t`Account activity`}>
          {data.map((event) => (
            <li
              key={event.id}
              className={
                event.type === "pin-failed" || event.type === "locked" || event.type === "new-device"
                  ? "security-event security-event-alert"
                  : "security-event"
              }
            >
              <strong>{eventTitle(i18n, event)}</strong>
              <EventDetail event={event} />
              <time dateTime={event.createdAt}>{formatStatementTime(event.createdAt)}</time>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
