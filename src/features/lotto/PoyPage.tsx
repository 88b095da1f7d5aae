import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type ComponentType, useState } from "react";
import { formatStatementTime } from "../../domain/bangkokTime.ts";
import { canCancel, isFamily } from "../../domain/lotto/index.ts";
import { formatBaht } from "../../lib/format.ts";
import { useLoad } from "../../lib/load.ts";
import { balanceMoved } from "../../lib/realtime.ts";
import { useSubmit } from "../../lib/submit.ts";
import { FormError } from "../../ui/form.tsx";
import { LoadState } from "../../ui/Load.tsx";
import { Badge, type Tone } from "../../ui/Outcome.tsx";
import { Breadcrumb, Page } from "../../ui/Page.tsx";
import { showSnackbar } from "../../ui/snackbar.ts";
import { LineOutcome, OutcomeNote, OutcomeTotals, SlipResult, wonLines } from "./SlipOutcome.tsx";
import "./lotto.css";
import { cancelPoy, fetchPoys, type Poy, type PoyLine } from "./lottoApi.ts";
import { FAMILY_TEXT, lottoErrorText, poyStatusText, roundName, wireOptionText } from "./messages.ts";

/** What /poy offers another feature to put under a placed slip (number sets: save it as one), given by the route. */
export interface PoyToolsProps {
  lines: readonly PoyLine[];
  suggestedName: string;
}

/**
 * /poy: the member's slips, newest first, with a cancel button where the family allows it. /poy/{betGroup} shows
 * one family's, /poy/lottery/{betType} one 4-digit lottery's; a poyId opens that slip's lines and scrolls to it.
 */
export function PoyPage({
  betGroup,
  betName,
  poyId,
  poyTools,
}: {
  betGroup?: string;
  betName?: string;
  poyId?: string;
  poyTools?: ComponentType<PoyToolsProps>;
} = {}) {
  const { t, i18n } = useLingui();
  const poys = useLoad(() => fetchPoys({ betGroup, betName }), [betGroup, betName]);
  const family = betGroup && isFamily(betGroup) ? i18n._(FAMILY_TEXT[betGroup]) : null;
  return (
    <Page
      title={family ? t`My slips: ${family}` : betName ? t`My slips: ${betName}` : t`My slips`}
      top={
        <Breadcrumb>
          <Link to="/lotto">
            <Trans>Lotto</Trans>
          </Link>
        </Breadcrumb>
      }
    >
      <LoadState loaded={poys} wording={lottoErrorText} />
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
            <PoyCard
              key={poy.id}
              poy={poy}
              onChanged={poys.reload}
              focused={poy.id === poyId}
              PoyTools={poyTools}
            />
          ))}
        </ul>
      ) : null}
    </Page>
  );
}

const POY_TONE: Record<string, Tone> = {
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
  PoyTools,
}: {
  poy: Poy;
  onChanged: () => Promise<void>;
  focused: boolean;
  PoyTools?: ComponentType<PoyToolsProps> | undefined;
}) {
  const { t, i18n } = useLingui();
  const sending = useSubmit({ errorText: lottoErrorText });
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
        <Badge tone={POY_TONE[poy.status] ?? "off"}>{poyStatusText(i18n, poy.status)}</Badge>
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
      {PoyTools ? <PoyTools lines={poy.lines} suggestedName={t`${name} slip #${id}`} /> : null}
      <FormError message={sending.error?.() ?? null} />
      {canCancel(poy, Date.now()) ? (
        confirming ? (
          <div className="actions">
            <button
              type="button"
              className="button button-danger"
              disabled={sending.pending}
              onClick={() =>
                void sending.run(async () => {
                  await cancelPoy(poy.id);
                  showSnackbar({
                    txt: t`Slip #${id} cancelled; the stake is back in your balance.`,
                    color: "success",
                  });
                  void balanceMoved();
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
