import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { formatStatementTime } from "../../domain/bangkokTime.ts";
import type { SecurityEventView } from "../../domain/securityEvents.ts";
import { FormError } from "../../ui/form.tsx";
import { Member } from "./desk.tsx";
import { type StaffMemberRef, staffGet } from "./staffApi.ts";

/** One event as staff see it: the member's view plus the full address and who made the change. */
export interface StaffSecurityEvent extends SecurityEventView {
  ip: string | null;
  actor: string | null;
  member: StaffMemberRef;
}

/**
 * The security events of a member (logins, wrong PINs, locks, changes of name, phone, bank accounts, PIN),
 * looked up by user name, uuid or phone number: what staff read before deciding a suspicious withdrawal.
 */
export function SecurityDesk() {
  const { t } = useLingui();
  const [query, setQuery] = useState("");
  const [items, setItems] = useState<StaffSecurityEvent[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const search = async (event: React.FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    try {
      const found = await staffGet<{ items: StaffSecurityEvent[] }>(
        `security-events?${new URLSearchParams({ q }).toString()}`,
      );
      setItems(found.items);
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <section aria-label={t`Security events`}>
      <form className="inline-form" onSubmit={search}>
        <input
          aria-label={t`Member user name, uuid or phone number`}
          placeholder={t`Member user name, uuid or phone number`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          maxLength={50}
        />
        <button type="submit" className="button button-primary">
          <Trans>Search</Trans>
        </button>
      </form>
      <FormError message={error} />
      {items && items.length === 0 ? (
        <p className="form-note">
          <Trans>No events for this member.</Trans>
        </p>
      ) : null}
      {items && items.length > 0 ? (
        <ul className="card-list" aria-label={t`Security events`}>
          {items.map((e) => (
            <li key={e.id} className="card staff-card">
              <p>
                <strong>{e.type}</strong> · <Member member={e.member} /> · {formatStatementTime(e.createdAt)}
              </p>
              <p>
                {[e.ip, e.device, e.actor, ...Object.entries(e.detail).map(([k, v]) => `${k}: ${v}`)]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
