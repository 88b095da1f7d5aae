import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { usePageTitle } from "../../ui/usePageTitle.ts";

export function MaintenancePage() {
  const { t } = useLingui();
  usePageTitle(t`Under Maintenance`);
  return (
    <section className="error-screen" aria-labelledby="maintenance-title">
      <h1 id="maintenance-title">
        <Trans>Under Maintenance</Trans>
      </h1>
      <p>
        <Trans>
          We are improving LOTTOUP and will be back shortly. Your balance and your slips are safe; rounds that
          close during maintenance are settled as usual.
        </Trans>
      </p>
      <div className="actions">
        <button type="button" className="button" onClick={() => window.history.back()}>
          <Trans>Go back</Trans>
        </button>
        <Link to="/how-to" className="button button-primary">
          <Trans>More Information</Trans>
        </Link>
      </div>
    </section>
  );
}
