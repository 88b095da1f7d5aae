import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { installPromptAtom, isIos, promptInstall, standaloneAtom } from "../../lib/install.ts";
import { useAtomValue } from "../../lib/store.ts";
import { usePageTitle } from "../../ui/usePageTitle.ts";

export function DownloadPage() {
  const { t } = useLingui();
  usePageTitle(t`Install the app`);
  const installEvent = useAtomValue(installPromptAtom);
  const standalone = useAtomValue(standaloneAtom);
  const [outcome, setOutcome] = useState<"accepted" | "dismissed" | "unavailable" | null>(null);
  const ios = isIos(navigator.userAgent);

  return (
    <div className="page">
      <h1>
        <Trans>Install the LOTTOUP app</Trans>
      </h1>
      <p className="lead">
        <Trans>
          LOTTOUP installs from this website straight to your home screen: no app store, nothing to download
          separately, and it updates itself. It opens like any other app, keeps your draft slips when the
          network drops and can notify you of results and money.
        </Trans>
      </p>

      <section className="install-box" aria-live="polite">
        {standalone ? (
          <p className="success-text">
            <Trans>You are using the installed app.</Trans>
          </p>
        ) : outcome === "accepted" ? (
          <p className="success-text">
            <Trans>Installed. You will find LOTTOUP on your home screen.</Trans>
          </p>
        ) : installEvent ? (
          <button
            type="button"
            className="button button-primary button-large"
            onClick={async () => setOutcome(await promptInstall())}
          >
            <Trans>Install app</Trans>
          </button>
        ) : (
          <p>
            {ios ? (
              <Trans>On iPhone and iPad, install from Safari with the steps below.</Trans>
            ) : (
              <Trans>
                Your browser has not offered a one-tap install here. Use the steps below for your phone, or
                open this page in Chrome.
              </Trans>
            )}
          </p>
        )}
      </section>

      <section aria-labelledby="android-title">
        <h2 id="android-title">
          <Trans>Android</Trans>
        </h2>
        <ol className="steps compact">
          <li>
            <Trans>Open this website in Chrome.</Trans>
          </li>
          <li>
            <Trans>
              Tap the Install app button above, or open the ⋮ menu and choose Install app (or Add to Home
              screen).
            </Trans>
          </li>
          <li>
            <Trans>Confirm with Install. The LOTTOUP icon appears on your home screen.</Trans>
          </li>
        </ol>
      </section>

      <section aria-labelledby="ios-title">
        <h2 id="ios-title">
          <Trans>iPhone and iPad</Trans>
        </h2>
        <ol className="steps compact">
          <li>
            <Trans>Open this website in Safari.</Trans>
          </li>
          <li>
            <Trans>Tap the Share button (the square with an arrow) at the bottom of the screen.</Trans>
          </li>
          <li>
            <Trans>Scroll down and tap Add to Home Screen, then Add.</Trans>
          </li>
          <li>
            <Trans>
              Open LOTTOUP from the new icon. To receive notifications on iPhone, the app must be opened from
              the home screen.
            </Trans>
          </li>
        </ol>
      </section>

      <section aria-labelledby="desktop-title">
        <h2 id="desktop-title">
          <Trans>Computer</Trans>
        </h2>
        <p>
          <Trans>
            In Chrome or Edge, click the install icon at the right of the address bar, then Install.
          </Trans>
        </p>
      </section>
    </div>
  );
}
