import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { FAMILY_OPTIONS, type LottoFamily, optionWire } from "../../domain/lotto/index.ts";
import { useLoad } from "../../lib/load.ts";
import { fetchLatest, type Round } from "../lotto/index.ts";
import { ReasonForm, useAction } from "./desk.tsx";
import { type StaffProfile, type StaffRestrictions, staffGet, staffPost } from "./staffApi.ts";
import { staffErrorText } from "./staffMessages.ts";

const FAMILIES: LottoFamily[] = ["gov", "yeekee", "yeekee5Min", "pingpong", "stock", "set4"];

/**
 * Restricted numbers (เลขอั้น) of an open round: cut a number's rate or close it (rate 0). The automatic tiers
 * still apply on top; slips already placed keep the rate they were accepted at.
 */
export function RestrictionsDesk({ profile }: { profile: StaffProfile }) {
  const { t, i18n } = useLingui();
  const canSet = profile.role !== "staff";
  const [betId, setBetId] = useState<number | null>(null);
  const openRounds = useLoad(async () => {
    const lists = await fetchLatest();
    return FAMILIES.flatMap((f) => (lists[f as keyof typeof lists] ?? []) as Round[]).filter((r) => r.active);
  });
  const restrictions = useLoad(
    () => staffGet<StaffRestrictions>(`lotto/restrictions?betId=${betId}`),
    [betId],
    {
      enabled: betId !== null,
    },
  );
  const rounds = openRounds.data ?? null;
  const data = restrictions.data ?? null;
  const failure = restrictions.error ?? openRounds.error;
  const error = failure ? staffErrorText(i18n, failure) : null;
  const { busy, run } = useAction(restrictions.reload);
  const round = rounds?.find((r) => r.betId === betId) ?? null;
  const options = round ? FAMILY_OPTIONS[round.betGroup as LottoFamily].map(optionWire) : [];
  const [option, setOption] = useState("");
  const [number, setNumber] = useState("");
  const [multiply, setMultiply] = useState("");
  return (
    <section aria-label={t`Restricted numbers`}>
      <p>
        <Trans>
          Cut the rate of a number in an open round, or set it to 0 to close the number. Slips already placed
          keep their rate.
        </Trans>
      </p>
      {error ? <p role="alert">{error}</p> : null}
      <label className="field">
        <span>
          <Trans>Round</Trans>
        </span>
        <select
          value={betId ?? ""}
          onChange={(e) => {
            setBetId(e.target.value ? Number(e.target.value) : null);
            setOption("");
          }}
        >
          <option value="">{rounds === null ? t`Loading…` : t`Choose an open round`}</option>
          {rounds?.map((r) => (
            <option key={r.betId} value={r.betId}>
              {r.name} · {r.dt} {r.closeTime}
            </option>
          ))}
        </select>
      </label>
      {round && data ? (
        <>
          {canSet ? (
            <form
              className="inline-form"
              aria-label={t`Restrict a number`}
              onSubmit={(e) => {
                e.preventDefault();
                if (!option || !number) return;
                void run(
                  `${option}:${number}`,
                  () =>
                    staffPost("lotto/restrictions.set", {
                      betId: round.betId,
                      option,
                      number,
                      multiply: multiply.trim() === "" ? null : multiply.trim(),
                    }),
                  multiply.trim() === "" ? t`Restriction removed.` : t`Restriction saved.`,
                );
              }}
            >
              <select aria-label={t`Bet type`} value={option} onChange={(e) => setOption(e.target.value)}>
                <option value="">{t`Bet type`}</option>
                {options.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
              <input
                aria-label={t`Number`}
                placeholder={t`Number`}
                inputMode="numeric"
                maxLength={4}
                value={number}
                onChange={(e) => setNumber(e.target.value)}
              />
              <input
                aria-label={t`New rate (0 closes; empty removes)`}
                placeholder={t`New rate (0 closes; empty removes)`}
                inputMode="decimal"
                value={multiply}
                onChange={(e) => setMultiply(e.target.value)}
              />
              <button type="submit" className="button button-primary" disabled={busy !== null}>
                <Trans>Save</Trans>
              </button>
            </form>
          ) : null}
          {canSet ? (
            <details>
              <summary>
                <Trans>Close betting on this round now</Trans>
              </summary>
              <ReasonForm
                label={t`Close betting now`}
                disabled={busy !== null}
                onSubmit={(reason) =>
                  void run(
                    "close",
                    async () => {
                      await staffPost("lotto/rounds.close", { betId: round.betId, reason });
                      setBetId(null);
                      // The closed round leaves the list of open ones.
                      await openRounds.reload();
                    },
                    t`Betting on ${round.name} is closed.`,
                  )
                }
              />
            </details>
          ) : null}
          <table className="staff-table">
            <caption>
              <Trans>Rates now below the default</Trans>
            </caption>
            <thead>
              <tr>
                <th>
                  <Trans>Bet type</Trans>
                </th>
                <th>
                  <Trans>Number</Trans>
                </th>
                <th>
                  <Trans>Rate now</Trans>
                </th>
                <th>
                  <Trans>Set by</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rateNow.length === 0 ? (
                <tr>
                  <td colSpan={4}>
                    <Trans>No number is restricted.</Trans>
                  </td>
                </tr>
              ) : (
                data.rateNow.map((r) => {
                  const manual = data.restrictions.find(
                    (x) => x.option === r.option && x.number === r.number,
                  );
                  return (
                    <tr key={`${r.option}:${r.number}`}>
                      <td>{r.option}</td>
                      <td>{r.number}</td>
                      <td>{r.multiply}</td>
                      <td>{manual ? manual.setBy : t`automatic tier`}</td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
