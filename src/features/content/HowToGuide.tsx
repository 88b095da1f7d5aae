import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { GUIDES, type HowtoSlug } from "./howtoGuides.ts";

export function HowToGuide({ slug }: { slug: HowtoSlug }) {
  const { t, i18n } = useLingui();
  const guide = GUIDES[slug];
  const title = i18n._(guide.title);
  usePageTitle(title);
  return (
    <article className="page guide">
      <nav className="breadcrumb" aria-label={t`Breadcrumb`}>
        <Link to="/how-to">
          <Trans>How to play</Trans>
        </Link>
      </nav>
      <h1>{title}</h1>
      <p className="lead">{i18n._(guide.summary)}</p>
      <ol className="steps">
        {guide.steps.map((step) => (
          <li key={step.title.id} className="step">
            <h2>{i18n._(step.title)}</h2>
            <p>{i18n._(step.body)}</p>
          </li>
        ))}
      </ol>
      {guide.tips.length > 0 ? (
        <aside className="tips" aria-labelledby="tips-title">
          <h2 id="tips-title">
            <Trans>Good to know</Trans>
          </h2>
          <ul>
            {guide.tips.map((tip) => (
              <li key={tip.id}>{i18n._(tip)}</li>
            ))}
          </ul>
        </aside>
      ) : null}
    </article>
  );
}
