import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { usePageTitle } from "../../ui/usePageTitle.ts";
import { LoginForm } from "../auth/index.ts";

export function Landing() {
  const { t } = useLingui();
  usePageTitle(t`Thai lottery online`);
  return (
    <div className="page landing">
      <div className="landing-top">
        <section className="hero">
          <h1>
            <Trans>Thai lottery, yeekee and world lotteries in one place</Trans>
          </h1>
          <p className="lead">
            <Trans>
              Buy government lottery, yeekee, stock and 4-digit lottery numbers, follow every draw live and
              get your winnings in your balance automatically.
            </Trans>
          </p>
          <div className="actions">
            <Link to="/how-to" className="button button-primary">
              <Trans>How to play</Trans>
            </Link>
            <Link to="/download" className="button">
              <Trans>Install the app</Trans>
            </Link>
          </div>
        </section>
        <LoginForm />
      </div>

      <section aria-labelledby="families-title">
        <h2 id="families-title">
          <Trans>What you can play</Trans>
        </h2>
        <ul className="card-list">
          <li className="card">
            <h3>
              <Trans>Government lottery</Trans>
            </h3>
            <p>
              <Trans>
                Drawn on the 1st and 16th of every month: 3 top, tode, 3 front, 3 back, 2 top and 2 bottom.
              </Trans>
            </p>
          </li>
          <li className="card">
            <h3>
              <Trans>Yeekee</Trans>
            </h3>
            <p>
              <Trans>
                A round every 15 minutes (and every 5 minutes). The result is computed from the numbers the
                members shoot, so anyone can check it.
              </Trans>
            </p>
          </li>
          <li className="card">
            <h3>
              <Trans>Stock lotteries</Trans>
            </h3>
            <p>
              <Trans>Numbers from the closing index of markets in Asia, Europe and the United States.</Trans>
            </p>
          </li>
          <li className="card">
            <h3>
              <Trans>Ping-pong</Trans>
            </h3>
            <p>
              <Trans>A round every hour, with a published fingerprint of the draw before it starts.</Trans>
            </p>
          </li>
          <li className="card">
            <h3>
              <Trans>4-digit lotteries</Trans>
            </h3>
            <p>
              <Trans>
                Hanoi, Lao, Lao Super and Malay draws with 4 top, 4 tode and the 3- and 2-digit options.
              </Trans>
            </p>
          </li>
        </ul>
      </section>

      <section aria-labelledby="start-title">
        <h2 id="start-title">
          <Trans>Start in three steps</Trans>
        </h2>
        <ol className="steps compact">
          <li>
            <Link to="/howto/register-addbank">
              <Trans>Sign up and add your bank account</Trans>
            </Link>
          </li>
          <li>
            <Link to="/howto/deposit">
              <Trans>Deposit credit</Trans>
            </Link>
          </li>
          <li>
            <Link to="/howto/lotto">
              <Trans>Choose a round and place your slip</Trans>
            </Link>
          </li>
        </ol>
      </section>

      <section className="notice" aria-labelledby="responsible-title">
        <h2 id="responsible-title">
          <Trans>Play responsibly</Trans>
        </h2>
        <p>
          <Trans>
            LOTTOUP is for adults aged 18 and over. Bet only what you can afford to lose; results are never
            steered and no bots play against you.
          </Trans>
        </p>
      </section>
    </div>
  );
}
