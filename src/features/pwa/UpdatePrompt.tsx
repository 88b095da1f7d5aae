import { useRegisterSW } from "virtual:pwa-register/react";
import { Trans } from "@lingui/react/macro";

/** A new build is waiting: the player chooses when to switch, so nothing changes under a running page. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });
  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="alert">
      <span>
        <Trans>A new version of LOTTOUP is available.</Trans>
      </span>
      <div className="actions">
        <button type="button" className="button" onClick={() => setNeedRefresh(false)}>
          <Trans>Later</Trans>
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void updateServiceWorker(true)}
        >
          <Trans>Update now</Trans>
        </button>
      </div>
    </div>
  );
}
