import { Trans, useLingui } from "@lingui/react/macro";
import { appConfigAtom } from "../../lib/site.ts";
import { useAtomValue } from "../../lib/store.ts";
import { useSubmit } from "../../lib/submit.ts";
import { enablePush, pushPermissionAtom, pushSyncAtom, syncPushToken } from "./push.ts";
import { choosePushProvider } from "./pushState.ts";
import { firebaseWebConfig } from "./tokenSource.ts";

/**
 * The profile page's notifications section: whether this device receives them, a button while the browser would
 * still ask, and, once the member has blocked them, how to allow them again (only the browser can undo a block).
 */
export function PushSettings() {
  const { t } = useLingui();
  const permission = useAtomValue(pushPermissionAtom);
  const sync = useAtomValue(pushSyncAtom);
  const server = useAtomValue(appConfigAtom)?.push;
  const submit = useSubmit();
  if (!choosePushProvider(server, firebaseWebConfig() !== null)) return null;

  // A failure needs no message of its own: pushSyncAtom says "failed" and the section shows it with a retry.
  const run = (action: () => Promise<unknown>) => () => void submit.run(action, { failed: () => true });
  const busy = submit.pending;

  return (
    <section className="card push-settings" aria-labelledby="push-settings-title">
      <h2 id="push-settings-title">
        <Trans>Notifications</Trans>
      </h2>
      {permission === "unsupported" ? (
        <p>
          <Trans>
            This browser cannot show notifications. On an iPhone, add LOTTOUP to your home screen first (iOS
            16.4 or later) and open it from there.
          </Trans>
        </p>
      ) : permission === "default" ? (
        <>
          <p>
            <Trans>
              Notifications are off on this device. Turn them on to hear about your results, wins, deposits
              and withdrawals.
            </Trans>
          </p>
          <button type="button" className="button button-primary" disabled={busy} onClick={run(enablePush)}>
            <Trans>Turn on notifications</Trans>
          </button>
        </>
      ) : permission === "granted" ? (
        sync === "failed" ? (
          <>
            <p className="form-error" role="alert">
              <Trans>This device could not be registered for notifications.</Trans>
            </p>
            <button type="button" className="button" disabled={busy} onClick={run(syncPushToken)}>
              <Trans>Try again</Trans>
            </button>
          </>
        ) : (
          <p className="success-text">
            <Trans>Notifications are on for this device: results, wins, deposits and withdrawals.</Trans>
          </p>
        )
      ) : (
        <div role="note" aria-label={t`How to turn notifications back on`}>
          <p>
            <Trans>
              Notifications are blocked for LOTTOUP in this browser. Only the browser can undo that; to turn
              them back on:
            </Trans>
          </p>
          <ul>
            <li>
              <Trans>
                Chrome on Android: tap ⋮, then Settings, Site settings, Notifications; find this site and
                choose Allow.
              </Trans>
            </li>
            <li>
              <Trans>
                On a computer: click the icon left of the address bar, open Site settings and set
                Notifications to Allow.
              </Trans>
            </li>
            <li>
              <Trans>
                iPhone, with LOTTOUP on the home screen: open Settings, Notifications, LOTTOUP and turn on
                Allow Notifications.
              </Trans>
            </li>
          </ul>
          <p className="form-note">
            <Trans>Then come back to this page: it notices the change by itself.</Trans>
          </p>
        </div>
      )}
    </section>
  );
}
