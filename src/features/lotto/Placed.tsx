import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { isShootingFamily } from "../../domain/lotto/index.ts";
import { formatBaht } from "../../lib/format.ts";
import { Outcome } from "../../ui/Outcome.tsx";
import type { Poy } from "./lottoApi.ts";
import { FAMILY_TEXT } from "./messages.ts";

/** Yeekee rounds: to the round's shooting screen (shots decide the result; open until 2 minutes after closing). */
export function ShootLink({ betGroup, betId }: { betGroup: string; betId: number }) {
  return (
    <Link
      to="/lotto/$betGroup/$betId/ying"
      params={{ betGroup, betId: String(betId) }}
      className="button button-small"
    >
      <Trans>Shoot numbers</Trans>
    </Link>
  );
}

/** The slip the server placed: what it is, and where to go next. */
export function Placed({ poy, onAgain }: { poy: Poy; onAgain: () => void }) {
  const { i18n } = useLingui();
  const total = formatBaht(poy.total);
  const count = poy.lineCount;
  const family = i18n._(FAMILY_TEXT[poy.betGroup]);
  const id = poy.id;
  return (
    <Outcome
      tone="ok"
      focus
      title={<Trans>Your bet is placed</Trans>}
      actions={
        <>
          {poy.betGroup === "set4" ? (
            <Link
              to="/poy/lottery/{-$betType}/{-$poyId}"
              params={{ betType: poy.betName, poyId: poy.id }}
              className="button button-primary"
            >
              <Trans>See my slips</Trans>
            </Link>
          ) : (
            <Link
              to="/poy/$betGroup/{-$poyId}"
              params={{ betGroup: poy.betGroup, poyId: poy.id }}
              className="button button-primary"
            >
              <Trans>See my slips</Trans>
            </Link>
          )}
          {isShootingFamily(poy.betGroup) ? <ShootLink betGroup={poy.betGroup} betId={poy.betId} /> : null}
          <button type="button" className="button" onClick={onAgain}>
            <Trans>Bet again in this round</Trans>
          </button>
        </>
      }
    >
      <p>
        <Trans>
          Slip #{id}, {family}: <Plural value={count} one="# line" other="# lines" />, {total} staked.
        </Trans>
      </p>
    </Outcome>
  );
}
