import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { appConfigAtom } from "../../lib/site.ts";
import { useAtomValue } from "../../lib/store.ts";
import { showSnackbar } from "../../ui/snackbar.ts";
import { dismissPushPrompt, enablePush, pushPermissionAtom, pushPromptDismissedAt } from "./push.ts";
import { choosePushProvider, shouldOfferPush } from "./pushState.ts";
import { firebaseWebConfig } from "./tokenSource.ts";

/**
 * The in-app explanation before the browser's own question (docs/rules.md "Guards and sessions": if undecided,
 * permission is requested): shown after login, only while the browser would still ask, and quiet for a month
 * after "Not now". Nothing is asked on the first paint or without the member's tap.
 */
export function PushCard() {
  const { t } = useLingui();
  const permission = useAtomValue(pushPermissionAtom);
  const server = useAtomValue(appConfigAtom)?.push;
  const [hidden, setHidden] = useState(false);
  const [asking, setAsking] = useState(false);
  // Once shown, the card stays until the member answers it: it never vanishes under their finger.
  const [shown, setShown] = useState(false);
  const offer = shouldOfferPush({
    provider: choosePushProvider(server, firebaseWebConfig() !== null),
    permission,
    dismissedAt: pushPromptDismissedAt(),
    now: Date.now(),
  });
  useEffect(() => {
    if (offer) setShown(true);
  }, [offer]);
  if (hidden || !(offer || shown)) return null;

  const allow = async () => {
    setAsking(true);
    try {
      const answer = await enablePush();
      if (answer === "granted") {
        showSnackbar({ txt: t`Notifications are on for this device.`, color: "success", timeout: 4000 });
      } else if (answer === "denied") {
        showSnackbar({
          txt: t`Notifications are blocked. Your profile page shows how to turn them on.`,
          color: "info",
          timeout: 5000,
        });
      } else {
        // Closed without an answer: treated like "Not now", the browser may ask again later.
        dismissPushPrompt();
      }
    } catch {
      showSnackbar({
        txt: t`This device could not be registered for notifications. Try again later.`,
        color: "error",
      });
    } finally {
      setAsking(false);
      setHidden(true);
    }
  };

  return (
    <section className="notice push-card" aria-labelledby="push-card-title">
      <h2 id="push-card-title">
        <Trans>Get notified</Trans>
      </h2>
      <p>
        <Trans>
          LOTTOUP can tell you when the results of your rounds are out, when a slip wins, and when a deposit
          or withdrawal is done, even when the app is closed. Nothing else, and you can turn it off at any
          time.
        </Trans>
      </p>
      <div className="actions">
        <button
          type="button"
          className="button button-primary"
          disabled={asking}
          onClick={() => void allow()}
        >
          <Trans>Allow notifications</Trans>
        </button>
        <button
          type="button"
          className="button"
          disabled={asking}
          onClick={() => {
            dismissPushPrompt();
            setHidden(true);
          }}
        >
          <Trans>Not now</Trans>
        </button>
      </div>
    </section>
  );
}
