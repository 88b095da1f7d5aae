import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { installPromptAtom, isIos, promptInstall, standaloneAtom } from "../../lib/install.ts";
import { dismissedAt, dismissInstallOffer, shouldOfferInstall, visitsSoFar } from "../../lib/installOffer.ts";
import { useAtomValue } from "../../lib/store.ts";

/** A returning player's offer to install the app: one tap where the browser allows it, else the iOS steps. */
export function InstallCard() {
  const { t } = useLingui();
  const installEvent = useAtomValue(installPromptAtom);
  const standalone = useAtomValue(standaloneAtom);
  const [hidden, setHidden] = useState(false);
  const ios = isIos(navigator.userAgent);
  const offer = shouldOfferInstall({
    standalone,
    canPrompt: installEvent !== null,
    ios,
    visits: visitsSoFar(),
    dismissedAt: dismissedAt(),
    now: Date.now(),
  });
  if (hidden || !offer) return null;
  const dismiss = () => {
    dismissInstallOffer(Date.now());
    setHidden(true);
  };
  return (
    <section className="notice install-card" aria-label={t`Install the app`}>
      <p>
        <Trans>
          Add LOTTOUP to your home screen: it opens like an app, keeps your draft slips offline and can tell
          you about results and money.
        </Trans>
      </p>
      <div className="actions">
        {installEvent ? (
          <button
            type="button"
            className="button button-primary"
            onClick={async () => {
              const outcome = await promptInstall();
              if (outcome !== "accepted") dismissInstallOffer(Date.now());
              setHidden(true);
            }}
          >
            <Trans>Install app</Trans>
          </button>
        ) : (
          <Link to="/download" className="button button-primary">
            <Trans>How to add it on iPhone</Trans>
          </Link>
        )}
        <button type="button" className="button" onClick={dismiss}>
          <Trans>Not now</Trans>
        </button>
      </div>
    </section>
  );
}
