import { Trans, useLingui } from "@lingui/react/macro";
import { formatBaht } from "../../lib/format.ts";
import { useLoad } from "../../lib/load.ts";
import { LoadState } from "../../ui/Load.tsx";
import { Page } from "../../ui/Page.tsx";
import { WalletNav } from "./WalletUi.tsx";
import { fetchTurnover, type TurnoverPeriod } from "./walletApi.ts";

const PERIODS: TurnoverPeriod[] = ["today", "7d", "30d"];

/** /credit/turnover: total stakes today, over 7 and over 30 days, split into lotto and games. */
export function TurnoverPage() {
  const { t } = useLingui();
  const data = useLoad(() => Promise.all(PERIODS.map(fetchTurnover)));
  const label: Record<TurnoverPeriod, string> = {
    today: t`Today`,
    "7d": t`Last 7 days`,
    "30d": t`Last 30 days`,
  };

  return (
    <Page title={t`Turnover`} top={<WalletNav />}>
      <p className="lead">
        <Trans>
          Turnover is the total of your stakes: every bet you place, minus bets that were cancelled and
          refunded. Promotions that ask you to play your bonus through count it against this turnover.
        </Trans>
      </p>
      <LoadState loaded={data} />
      {data.data ? (
        <ul className="card-list turnover-list">
          {data.data.map((item) => (
            <li key={item.period} className="card">
              <h2>{label[item.period]}</h2>
              <p className="turnover-value">{formatBaht(item.turnover)}</p>
              <dl className="turnover-split">
                <dt>
                  <Trans>Lotto</Trans>
                </dt>
                <dd>{formatBaht(item.byGroup.lotto)}</dd>
                <dt>
                  <Trans>Games</Trans>
                </dt>
                <dd>{formatBaht(item.byGroup.games)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="form-note">
        <Trans>Days run from midnight to midnight, Thailand time.</Trans>
      </p>
    </Page>
  );
}
