import { Trans, useLingui } from "@lingui/react/macro";
import { useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { buildNotification, pushLocale } from "../../../sw/pushMessages.ts";
import { formatStatementTime } from "../../domain/bangkokTime.ts";
import { CATALOG_LOCALE } from "../../domain/locale.ts";
import { api, getJson } from "../../lib/api.ts";
import { useLoad } from "../../lib/load.ts";
import { localeAtom } from "../../lib/localeState.ts";
import { onlineAtom } from "../../lib/network.ts";
import { useAtomValue } from "../../lib/store.ts";
import { isForegroundPush } from "./push.ts";
import "./push.css";

/** How many of the latest notifications the member home lists. */
export const NOTIFICATIONS_SHOWN = 10;

export interface NotificationItem {
  id: string;
  type: string;
  params: Record<string, string>;
  url: string;
  createdAt: string;
}

export async function fetchNotifications(limit = NOTIFICATIONS_SHOWN): Promise<NotificationItem[]> {
  const { items } = await getJson<{ items: NotificationItem[] }>(api, `notifications?limit=${limit}`);
  return items;
}

/**
 * The member's latest notifications (GET /api/notifications, the outbox), worded exactly as the push was, by the
 * worker's own table, in the app's language: what a member who missed a push, or never allowed them, still needs
 * to see. A tap opens the page the push would have opened; a push arriving while the list is shown adds to it.
 */
export function NotificationList() {
  const { t } = useLingui();
  const online = useAtomValue(onlineAtom);
  const locale = pushLocale(CATALOG_LOCALE[useAtomValue(localeAtom)]);
  const router = useRouter();
  // Loaded again when the connection comes back; offline, what was loaded stays on screen.
  const { data, error, reload } = useLoad(fetchNotifications, [online]);
  const failed = online && error !== null;

  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      if (isForegroundPush(event.data)) void reload();
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    return () => navigator.serviceWorker.removeEventListener("message", onMessage);
  }, [reload]);

  const items = (data ?? []).flatMap((item) => {
    const built = buildNotification({ type: item.type, params: item.params, url: item.url }, locale);
    return built ? [{ ...item, ...built }] : [];
  });
  return (
    <section className="notification-list" aria-labelledby="notifications-title">
      <h2 id="notifications-title">
        <Trans>Your notifications</Trans>
      </h2>
      {!online && !data ? (
        <p className="form-note">
          <Trans>No connection: your notifications show when you are back online.</Trans>
        </p>
      ) : failed ? (
        <p className="form-note" role="alert">
          <Trans>Your notifications could not be loaded.</Trans>{" "}
          <button type="button" className="button button-small" onClick={() => void reload()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : null}
      {data && items.length === 0 ? (
        <p className="form-note">
          <Trans>
            Nothing yet. Results of your slips, wins and the state of your deposits and withdrawals will show
            here.
          </Trans>
        </p>
      ) : null}
      {items.length > 0 ? (
        <ul aria-label={t`Latest notifications`}>
          {items.map((item) => (
            <li key={item.id}>
              <a
                href={item.url}
                onClick={(event) => {
                  event.preventDefault();
                  void router.navigate({ href: item.url });
                }}
              >
                <strong>{item.title}</strong>
                <span>{item.body}</span>
                <time dateTime={item.createdAt}>{formatStatementTime(item.createdAt)}</time>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
