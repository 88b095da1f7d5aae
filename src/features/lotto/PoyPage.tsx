import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { formatStatementTime } from "../../domain/bangkokTime.ts";
import { FormError } from "../../ui/form.tsx";
import { showSnackbar } from "../../ui/snackbar.ts";
import { poyAsSetLines } from "../numberSets/load.ts";
import { SaveNumberSet } from "../numberSets/NumberSetTools.tsx";
import { LineOutcome, OutcomeNote, OutcomeTotals, SlipResult, wonLines } from "../results/SlipOutcome.tsx";
import { formatBaht } from "../wallet/format.ts";
import { useLoad, useSending } from "../wallet/hooks.ts";
import { refreshBalance } from "../wallet/liveBalance.ts";
import { LoadState, WalletPage } from "../wallet/WalletUi.tsx";
import { cancelPoy, fetchPoys, type Poy } from "./lottoApi.ts";
import { FAMILY_TEXT, lottoErrorText, poyStatusText, wireOptionText } from "./messages.ts";
import { roundName } from "./RoundsPage.tsx";
import { canCancel, isFamily } from "./rounds.ts";
import "./lotto.css";

/**
 * /poy: the member's slips, newest first, with a cancel button where the family allows it. /poy/{betGroup} shows
 * one family's, /poy/lottery/{betType} one 4-digit lottery's; a poyId opens that slip's lines and scrolls to it.
 */
export function PoyPage({
  betGroup,
  betName,
  poyId,
}: {
  betGroup?: string;
  betName?: string;
  poyId?: string;
} = {}) {
  const { t, i18n } = useLingui();
  const poys = useLoad(() => fetchPoys({ betGroup, betName }), [betGroup, betName]);
  const family = betGroup && isFamily(betGroup) ? i18n._(FAMILY_TEXT[betGroup]) : null;
  return (
    <WalletPage
      title={family ? t`My slips: ${family}` : betName ? t`My slips: ${betName}` : t`My slips`}
      top={
        <p className="breadcrumb">
          <Link to="/lotto">
            <Trans>Lotto</Trans>
          </Link>
        </p>
      }
    >
      <LoadState loaded={poys} />
      {poys.data && poys.data.poys.length === 0 ? (
        <p className="form-note">
          <Trans>You have no slips yet.</Trans>{" "}
          <Link to="/lotto">
            <Trans>Choose a lottery</Trans>
          </Link>
        </p>
      ) : null}
      {poys.data ? (
        <ul className="card-list poy-list">
          {poys.data.poys.map((poy) => (
            <PoyCard key={poy.id} poy={poy} onChanged={poys.reload} focused={poy.id === poyId} />
          ))}
        </ul>
      ) : null}
    </WalletPage>
  );
}

const POY_TONE: Record<string, string> = {
  waiting: "wait",
  won: "ok",
  lost: "off",
  cancelled: "bad",
  refunded: "off",
};

export function PoyCard({
  poy,
  onChanged,
  focused,
}: {
  poy: Poy;
  onChanged: () => Promise<void>;
  focused: boolean;
}) {
  const { t, i18n } = useLingui();
  const sending = useSending(lottoErrorText);
  const [confirming, setConfirming] = useState(false);
  const name = roundName(i18n, {
    name: poy.roundName,
    nameEn: poy.roundNameEn,
    betGroup: poy.betGroup,
    betName: poy.betName,
    roundNo: poy.roundNo,
  });
  const id = poy.id;
  const time = formatStatementTime(poy.createdAt);
  const lines = poy.lineCount;
  const won = wonLines(poy);
  return (
    <li
      className={`card poy-card ${focused ? "poy-focused" : ""}`}
      aria-current={focused ? "true" : undefined}
      ref={(node) => {
        if (focused && node) node.scrollIntoView({ block: "center" });
      }}
    >
      <div className="poy-head">
        <h2>{name}</h2>
        <span className={`badge badge-${POY_TONE[poy.status] ?? "off"}`}>
          {poyStatusText(i18n, poy.status)}
        </span>
      </div>
      <p className="form-note">
        <Trans>
          Slip #{id} · {time}
        </Trans>
      </p>
      <OutcomeTotals poy={poy} />
      <OutcomeNote status={poy.status} />
      <SlipResult poy={poy} />
      <details open={focused}>
        <summary>
          <Plural value={lines} one="# line" other="# lines" />
          {poy.status === "won" ? (
            <>
              {" · "}
              <Plural value={won} one="# won" other="# won" />
            </>
          ) : null}
        </summary>
        <ul className="poy-lines">
          {poy.lines.map((line) => (
            <li
              key={`${line.option}:${line.number}`}
              className={
                line.status === "won" ? "poy-line-won" : line.status === "lost" ? "poy-line-lost" : ""
              }
            >
              <span className="slip-number">{line.number}</span> {wireOptionText(i18n, line.option)} ×
              {line.multiply} · {formatBaht(line.price)} <LineOutcome line={line} />
            </li>
          ))}
        </ul>
      </details>
      <SaveNumberSet lines={poyAsSetLines(poy.lines)} suggestedName={t`${name} slip #${id}`} />
      <FormError message={sending.error?.() ?? null} />
      {canCancel(poy, Date.now()) ? (
        confirming ? (
          <div className="actions">
            <button
              type="button"
              className="button button-danger"
              disabled={sending.busy}
              onClick={() =>
                void sending.run(async () => {
                  await cancelPoy(poy.id);
                  showSnackbar({
                    txt: t`Slip #${id} cancelled; the stake is back in your balance.`,
                    color: "success",
                  });
                  void refreshBalance();
                  await onChanged();
                })
              }
            >
              <Trans>Yes, cancel slip</Trans>
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              <Trans>Keep it</Trans>
            </button>
          </div>
        ) : (
          <button type="button" className="button button-danger-outline" onClick={() => setConfirming(true)}>
            <Trans>Cancel slip</Trans>
          </button>
        )
      ) : null}
    </li>
  );
}
