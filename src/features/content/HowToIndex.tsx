import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { GUIDES, HOWTO_SLUGS } from "./howtoGuides.ts";

export function HowToIndex() {
  const { t, i18n } = useLingui();
  usePageTitle(t`How to play`);
  return (
    <div className="page">
      <h1>
        <Trans>How to play</Trans>
      </h1>
      <p className="lead">
        <Trans>
          Step-by-step guides for everything on LOTTOUP, from signing up to collecting your winnings.
        </Trans>
      </p>
      <ul className="card-list">
        {HOWTO_SLUGS.map((slug) => (
          <li key={slug} className="card">
            <Link to={`/howto/${slug}`} className="card-link">
              <h2>{i18n._(GUIDES[slug].title)}</h2>
              <p>{i18n._(GUIDES[slug].summary)}</p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
