import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { LottoFamily } from "../../domain/lotto/index.ts";
import { useLoad } from "../wallet/hooks.ts";
import { LoadState, WalletPage } from "../wallet/WalletUi.tsx";
import { fetchFourDigit, fetchLatest, type Round } from "./lottoApi.ts";
import { FAMILY_TEXT, MARKET_TEXT } from "./messages.ts";
import { closeAtOf, flagEmoji, isFamily, isOpenNow, orderedRounds, splitCountdown } from "./rounds.ts";
import { useTicker } from "./ticker.ts";
import "./lotto.css";

const LIST_FAMILIES: Exclude<LottoFamily, "set4">[] = ["yeekee", "yeekee5Min", "pingpong", "gov", "stock"];
/** How many rounds of a family the overview shows; its own page lists them all. */
const OVERVIEW_ROUNDS = 4;

/** The round's name in the player's language: Thai names in Thai; elsewhere "Yeekee round 12" or the English name. */
export function roundName(
  i18n: I18n,
  round: Pick<Round, "name" | "nameEn" | "betGroup" | "roundNo" | "betName">,
): string {
  if (i18n.locale === "th") return round.name;
  if (round.betGroup === "gov") return i18n._(FAMILY_TEXT.gov);
  const market =
    round.betGroup === "stock" || round.betGroup === "set4" ? MARKET_TEXT[round.betName] : undefined;
  if (market) return i18n._(market);
  const n = round.roundNo;
  if (n !== null && round.betGroup !== "stock" && round.betGroup !== "set4") {
    const family = i18n._(FAMILY_TEXT[round.betGroup]);
    return i18n._(msg`${family} round ${n}`);
  }
  return round.nameEn;
}

/** Close time (Bangkok) as HH:mm. */
function closeClock(round: Round): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Bangkok",
    hour: "2-digit",
    minute: "2-digit",
  }).format(closeAtOf(round));
}

export function Countdown({ round }: { round: Round }) {
  const now = useTicker();
  if (!isOpenNow(round, now))
    return (
      <span className="badge badge-off">
        <Trans>Closed</Trans>
      </span>
    );
  const { days, rest } = splitCountdown(closeAtOf(round).getTime() - now);
  return (
    <span className="countdown" role="timer">
      {days > 0 ? (
        <Trans>
          {days} d {rest} left
        </Trans>
      ) : (
        <Trans>{rest} left</Trans>
      )}
    </span>
  );
}

function RoundItem({ round }: { round: Round }) {
  const { i18n } = useLingui();
  const now = useTicker();
  const open = isOpenNow(round, now);
  const flag = flagEmoji(round.flag);
  const name = roundName(i18n, round);
  const clock = closeClock(round);
  const body = (
    <>
      <span className="round-name">
        {flag ? <span aria-hidden="true">{flag} </span> : null}
        {name}
      </span>
      <span className="round-meta">
        <span>
          <Trans>Closes {clock}</Trans>
        </span>
        <Countdown round={round} />
      </span>
    </>
  );
  return (
    <li className={`round-item ${open ? "" : "is-closed"}`}>
      {open ? (
        <Link
          to="/lotto/$betGroup/$betId"
          params={{ betGroup: round.betGroup, betId: String(round.betId) }}
          className="round-link"
        >
          {body}
        </Link>
      ) : (
        <div className="round-link" aria-disabled="true">
          {body}
        </div>
      )}
    </li>
  );
}

function RoundList({ family, rounds, limit }: { family: LottoFamily; rounds: Round[]; limit?: number }) {
  const now = useTicker();
  const ordered = orderedRounds(family, rounds, now);
  const shown = limit === undefined ? ordered : ordered.slice(0, limit);
  if (shown.length === 0)
    return (
      <p className="form-note">
        <Trans>No rounds open right now.</Trans>
      </p>
    );
  return (
    <ul className="round-list">
      {shown.map((round) => (
        <RoundItem key={round.betId} round={round} />
      ))}
    </ul>
  );
}

function LottoNav() {
  const { t, i18n } = useLingui();
  return (
    <nav className="wallet-nav" aria-label={t`Lotto`}>
      <Link to="/lotto" activeOptions={{ exact: true }}>
        <Trans>All</Trans>
      </Link>
      {LIST_FAMILIES.map((family) => (
        <Link key={family} to="/lotto/$betGroup" params={{ betGroup: family }}>
          {i18n._(FAMILY_TEXT[family])}
        </Link>
      ))}
      <Link to="/lotto/4d">{i18n._(FAMILY_TEXT.set4)}</Link>
      <Link to="/poy">
        <Trans>My slips</Trans>
      </Link>
    </nav>
  );
}

/** /lotto: every family with its first rounds and live countdowns. */
export function LottoPage() {
  const { t, i18n } = useLingui();
  const lists = useLoad(fetchLatest);
  return (
    <WalletPage title={t`Lotto`} top={<LottoNav />}>
      <LoadState loaded={lists} />
      {lists.data
        ? LIST_FAMILIES.map((family) => (
            <section key={family} className="family-section" aria-labelledby={`family-${family}`}>
              <div className="family-head">
                <h2 id={`family-${family}`}>{i18n._(FAMILY_TEXT[family])}</h2>
                <Link to="/lotto/$betGroup" params={{ betGroup: family }} className="button button-small">
                  <Trans>See all</Trans>
                </Link>
              </div>
              <RoundList family={family} rounds={lists.data?.[family] ?? []} limit={OVERVIEW_ROUNDS} />
            </section>
          ))
        : null}
      {lists.data ? (
        <section className="family-section" aria-labelledby="family-set4">
          <div className="family-head">
            <h2 id="family-set4">{i18n._(FAMILY_TEXT.set4)}</h2>
            <Link to="/lotto/4d" className="button button-small">
              <Trans>See all</Trans>
            </Link>
          </div>
        </section>
      ) : null}
    </WalletPage>
  );
}

/** /lotto/$betGroup: one family's rounds. */
export function FamilyPage({ betGroup }: { betGroup: string }) {
  const { t, i18n } = useLingui();
  const lists = useLoad(fetchLatest);
  const family = isFamily(betGroup) && betGroup !== "set4" ? betGroup : null;
  return (
    <WalletPage title={family ? i18n._(FAMILY_TEXT[family]) : t`Lotto`} top={<LottoNav />}>
      {family ? (
        <>
          <LoadState loaded={lists} />
          {lists.data ? <RoundList family={family} rounds={lists.data[family] ?? []} /> : null}
        </>
      ) : (
        <p className="form-note">
          <Trans>This lottery was not found.</Trans>
        </p>
      )}
    </WalletPage>
  );
}

/** /lotto/4d: Hanoi, Lao, Lao Super and Malay, each with its next (or last) round. */
export function FourDigitPage() {
  const { i18n } = useLingui();
  const latest = useLoad(fetchFourDigit);
  const rounds = latest.data
    ? [latest.data.hanoy, latest.data.lao, latest.data.laoSuper, latest.data.malay].filter(
        (r): r is Round => r !== null,
      )
    : [];
  return (
    <WalletPage title={i18n._(FAMILY_TEXT.set4)} top={<LottoNav />}>
      <LoadState loaded={latest} />
      {latest.data ? <RoundList family="set4" rounds={rounds} /> : null}
    </WalletPage>
  );
}
