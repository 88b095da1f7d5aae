import { Trans } from "@lingui/react/macro";

/** A new build is waiting: the player chooses when to switch, so nothing changes under a running page. */
export default function UpdateOffer({ update, onLater }: { update: () => void; onLater: () => void }) {
  return (
    <div className="update-prompt" role="alert">
      <span>
        <Trans>A new version of LOTTOUP is available.</Trans>
      </span>
      <div className="actions">
        <button type="button" className="button" onClick={onLater}>
          <Trans>Later</Trans>
        </button>
        <button type="button" className="button button-primary" onClick={update}>
          <Trans>Update now</Trans>
        </button>
      </div>
    </div>
  );
}
