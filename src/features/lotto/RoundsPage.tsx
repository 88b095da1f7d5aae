import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { closeAtOf, isFamily, isOpenNow, type LottoFamily, orderedRounds } from "../../domain/lotto/index.ts";
import { useNow } from "../../lib/clock.ts";
import { useLoad } from "../../lib/load.ts";
import { Flag } from "../../ui/Flag.tsx";
import { LoadState } from "../../ui/Load.tsx";
import { Page, PageNav } from "../../ui/Page.tsx";
import { Countdown } from "./Countdown.tsx";
import "./lotto.css";
import { fetchFourDigit, fetchLatest, type Round } from "./lottoApi.ts";
import { FAMILY_TEXT, lottoErrorText, roundName } from "./messages.ts";

const LIST_FAMILIES: Exclude<LottoFamily, "set4">[] = ["yeekee", "yeekee5Min", "pingpong", "gov", "stock"];
/** How many rounds of a family the overview shows; its own page lists them all. */
const OVERVIEW_ROUNDS = 4;

/** Close time (Bangkok) as HH:mm. */
function closeClock(round: Round): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Bangkok",
    hour: "2-digit",
    minute: "2-digit",
  }).format(closeAtOf(round));
}

function RoundItem({ round }: { round: Round }) {
  const { i18n } = useLingui();
  const now = useNow();
  const open = isOpenNow(round, now);
  const name = roundName(i18n, round);
  const clock = closeClock(round);
  const body = (
    <>
      <span className="round-name">
        <Flag code={round.flag} />
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
  const now = useNow();
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
    <PageNav label={t`Lotto`}>
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
    </PageNav>
  );
}

/** /lotto: every family with its first rounds and live countdowns. */
export function LottoPage() {
  const { t, i18n } = useLingui();
  const lists = useLoad(fetchLatest);
  return (
    <Page title={t`Lotto`} top={<LottoNav />}>
      <LoadState loaded={lists} wording={lottoErrorText} />
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
    </Page>
  );
}

/** /lotto/$betGroup: one family's rounds. */
export function FamilyPage({ betGroup }: { betGroup: string }) {
  const { t, i18n } = useLingui();
  const lists = useLoad(fetchLatest);
  const family = isFamily(betGroup) && betGroup !== "set4" ? betGroup : null;
  return (
    <Page title={family ? i18n._(FAMILY_TEXT[family]) : t`Lotto`} top={<LottoNav />}>
      {family ? (
        <>
          <LoadState loaded={lists} wording={lottoErrorText} />
          {lists.data ? <RoundList family={family} rounds={lists.data[family] ?? []} /> : null}
        </>
      ) : (
        <p className="form-note">
          <Trans>This lottery was not found.</Trans>
        </p>
      )}
    </Page>
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
    <Page title={i18n._(FAMILY_TEXT.set4)} top={<LottoNav />}>
      <LoadState loaded={latest} wording={lottoErrorText} />
      {latest.data ? <RoundList family="set4" rounds={rounds} /> : null}
    </Page>
  );
}
