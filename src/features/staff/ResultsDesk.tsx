import { Trans, useLingui } from "@lingui/react/macro";
import { formatStatementTime } from "../../domain/bangkokTime.ts";
import { headlineOf, type LottoFamily, parseResultPayload, payloadFields } from "../../domain/lotto/index.ts";
import { Desk, ReasonForm, useDesk } from "./desk.tsx";
import { ResultForm, usePayloadLabels } from "./ResultForm.tsx";
import { type StaffProfile, type StaffRoundResult, staffPost } from "./staffApi.ts";

/**
 * Results, four eyes: one staff member enters a result, another confirms it, and only a confirmed result is
 * settled. A correction is entered and confirmed the same way. Internal draws (yeekee, ping-pong) are shown
 * read-only: the system draws them from public data.
 */
export function ResultsDesk({ profile }: { profile: StaffProfile }) {
  const { t } = useLingui();
  const { items, error, busy, run } = useDesk<StaffRoundResult>("lotto/results");
  const canCancel = profile.role !== "staff";
  return (
    <Desk
      label={t`Results`}
      intro={
        <p>
          <Trans>
            Enter each result exactly as published. A second staff member checks it against the official
            source and confirms it; winners are paid only then.
          </Trans>
        </p>
      }
      items={items}
      error={error}
    >
      {items?.map((round) => {
        const internal = ["yeekee", "yeekee5Min", "pingpong"].includes(round.betGroup);
        const key = String(round.betId);
        const mine = round.proposal !== null && enteredByMe(round.proposal.enteredBy, profile.userName);
        return (
          <li key={round.betId} className="card staff-card" aria-label={`${round.name} ${round.dt}`}>
            <p>
              <strong>{round.name}</strong> · {round.dt} · {round.betType}
            </p>
            <p>
              <Trans>
                Closed {formatStatementTime(round.closeAt)} · result due {formatStatementTime(round.resultAt)}
              </Trans>{" "}
              · {round.status}
              {round.waitingSlips > 0 ? (
                <>
                  {" "}
                  · <Trans>{round.waitingSlips} slips waiting</Trans>
                </>
              ) : null}
            </p>
            {round.confirmed ? (
              <div className="staff-result">
                <Trans>Confirmed result (version {round.confirmed.version}):</Trans>{" "}
                <ResultDigits
                  family={round.betGroup}
                  betName={round.betName}
                  payload={round.confirmed.payload}
                />
                <small>
                  {" "}
                  <Trans>
                    entered by {actorName(round.confirmed.enteredBy)}, confirmed by{" "}
                    {actorName(round.confirmed.confirmedBy)}
                  </Trans>
                </small>
              </div>
            ) : null}
            {round.proposal ? (
              <div className="staff-result">
                <p>
                  <Trans>
                    Waiting for confirmation (version {round.proposal.version}), entered by{" "}
                    {actorName(round.proposal.enteredBy)}:
                  </Trans>{" "}
                  <ResultDigits
                    family={round.betGroup}
                    betName={round.betName}
                    payload={round.proposal.payload}
                  />
                </p>
                {round.proposal.note ? <p>{round.proposal.note}</p> : null}
                {mine ? (
                  <p>
                    <Trans>You entered this result: another staff member must confirm it.</Trans>
                  </p>
                ) : null}
                <div className="staff-actions">
                  <button
                    type="button"
                    className="button button-primary"
                    disabled={mine || busy === key}
                    onClick={() =>
                      run(
                        key,
                        () => staffPost("lotto/results.confirm", { resultId: round.proposal?.resultId }),
                        t`Result confirmed; settlement has started.`,
                      )
                    }
                  >
                    <Trans>Confirm result</Trans>
                  </button>
                  <ReasonForm
                    label={t`Reject result`}
                    disabled={busy === key}
                    onSubmit={(note) =>
                      run(
                        key,
                        () => staffPost("lotto/results.reject", { resultId: round.proposal?.resultId, note }),
                        t`Result rejected.`,
                      )
                    }
                  />
                </div>
              </div>
            ) : null}
            {internal ? (
              round.confirmed ? null : (
                <p>
                  <Trans>Drawn by the system from public data; nothing to enter.</Trans>
                </p>
              )
            ) : round.proposal || round.status === "cancelled" ? null : (
              <ResultForm
                round={round}
                correction={round.confirmed !== null}
                disabled={busy === key}
                onSubmit={(payload, note) =>
                  run(
                    key,
                    () =>
                      staffPost("lotto/results.propose", {
                        betId: round.betId,
                        payload,
                        ...(note ? { note } : {}),
                      }),
                    t`Result entered; waiting for a second staff member to confirm.`,
                  )
                }
              />
            )}
            {canCancel && !round.confirmed && round.status !== "cancelled" ? (
              <details>
                <summary>
                  <Trans>Cancel this round and refund every slip</Trans>
                </summary>
                <ReasonForm
                  label={t`Cancel round`}
                  disabled={busy === key}
                  onSubmit={(reason) =>
                    run(
                      key,
                      () => staffPost("lotto/rounds.cancel", { betId: round.betId, reason }),
                      t`Round cancelled; every slip is being refunded.`,
                    )
                  }
                />
              </details>
            ) : null}
          </li>
        );
      })}
    </Desk>
  );
}

const enteredByMe = (actor: string, userName: string) => actor.split(":").slice(2).join(":") === userName;

/** "staff:3:somchai" → "somchai"; "feed:demo" → "feed:demo". */
function actorName(actor: string | null): string {
  if (!actor) return "";
  return actor.startsWith("staff:") ? actor.split(":").slice(2).join(":") : actor;
}

function ResultDigits({
  family,
  betName,
  payload,
}: {
  family: LottoFamily;
  betName: string;
  payload: Record<string, unknown>;
}) {
  const labels = usePayloadLabels(family);
  let headline: ReturnType<typeof headlineOf> | null = null;
  try {
    headline = headlineOf(parseResultPayload(family, betName, payload).outcome);
  } catch {
    // A stored payload is always valid; an unknown shape is still shown field by field below.
  }
  const entered = payloadFields(family, betName)
    .map((field) => {
      const value = payload[field.key];
      const text = Array.isArray(value) ? value.join(", ") : String(value ?? "");
      return `${labels[field.key]} ${text}`;
    })
    .join(" · ");
  return (
    <span className="staff-digits">
      {entered}
      {headline ? (
        <>
          {" "}
          → <Trans>3-top</Trans> <strong>{headline.top3}</strong> · <Trans>2-top</Trans>{" "}
          <strong>{headline.top2}</strong> · <Trans>2-bottom</Trans> <strong>{headline.bottom2}</strong>
          {headline.four ? (
            <>
              {" "}
              · <Trans>4 digits</Trans> <strong>{headline.four}</strong>
            </>
          ) : null}
        </>
      ) : null}
    </span>
  );
}
