import { Trans, useLingui } from "@lingui/react/macro";
import { formatStatementTime } from "../../domain/bangkokTime.ts";
import { formatBaht } from "../../lib/format.ts";
import { Desk, Member, ReasonForm, useDesk } from "./desk.tsx";
import { type StaffProposal, staffPost } from "./staffApi.ts";

/**
 * Four eyes on money: what one staff member proposed (an adjustment, a payment or approval above the threshold,
 * an override, a bank-holder verification, a change to where members send deposits) waits here until a different staff member confirms or rejects it.
 * Its proposer sees it waiting, without a Confirm button, and may withdraw it.
 */
export function ProposalsDesk() {
  const { t } = useLingui();
  const { items, error, busy, run } = useDesk<StaffProposal>("proposals");
  return (
    <Desk
      label={t`Waiting for a second staff member`}
      intro={
        <p>
          <Trans>
            Money moves only when a second staff member confirms. Check each proposal against its evidence
            before confirming it.
          </Trans>
        </p>
      }
      items={items}
      error={error}
    >
      {items?.map((p) => (
        <li key={p.id} className="card staff-card" aria-label={t`Proposal ${p.id}`}>
          <p>
            <strong>
              <ProposalWhat proposal={p} />
            </strong>
            {p.amount ? <> · {formatBaht(p.amount)}</> : null}
          </p>
          <p>
            {p.member ? (
              <>
                <Member member={p.member} /> ·{" "}
              </>
            ) : null}
            <Trans>
              proposed by {p.proposedBy} at {formatStatementTime(p.createdAt)}
            </Trans>
          </p>
          {p.reason ? (
            <p>
              <Trans>Reason: {p.reason}</Trans>
            </p>
          ) : null}
          {p.proposedByMe ? (
            <>
              <p role="status">
                <Trans>You proposed this: waiting for a second staff member.</Trans>
              </p>
              <ReasonForm
                label={t`Withdraw proposal`}
                disabled={busy === p.id}
                onSubmit={(reason) =>
                  run(
                    p.id,
                    () => staffPost("proposals.reject", { id: p.id, reason }),
                    t`Proposal ${p.id} withdrawn.`,
                  )
                }
              />
            </>
          ) : p.canConfirm ? (
            <div className="staff-actions">
              <button
                type="button"
                className="button button-primary"
                disabled={busy === p.id}
                onClick={() =>
                  run(
                    p.id,
                    () => staffPost("proposals.confirm", { id: p.id }),
                    t`Proposal ${p.id} confirmed.`,
                  )
                }
              >
                <Trans>Confirm</Trans>
              </button>
              <ReasonForm
                label={t`Reject`}
                disabled={busy === p.id}
                onSubmit={(reason) =>
                  run(
                    p.id,
                    () => staffPost("proposals.reject", { id: p.id, reason }),
                    t`Proposal ${p.id} rejected.`,
                  )
                }
              />
            </div>
          ) : (
            <p>
              <Trans>An administrator confirms this.</Trans>
            </p>
          )}
        </li>
      ))}
    </Desk>
  );
}

/** What confirming the proposal does, in words. */
function ProposalWhat({ proposal }: { proposal: StaffProposal }) {
  const d = proposal.details;
  switch (proposal.kind) {
    case "deposit.approve":
      return <Trans>Approve deposit {d.depositId}</Trans>;
    case "deposit.override":
      return (
        <Trans>
          Approve deposit {d.depositId} as an override (requested {formatBaht(d.requestedAmount)}, request{" "}
          {d.requestStatus})
        </Trans>
      );
    case "withdrawal.pay":
      return (
        <Trans>
          Pay withdrawal {d.withdrawalId} to {d.bankCode?.toUpperCase()} {d.accountNumber}
        </Trans>
      );
    case "member.adjust":
      return d.type === "ADMIN_DECREASE" ? (
        <Trans>Take from the member's balance</Trans>
      ) : (
        <Trans>Add to the member's balance</Trans>
      );
    case "member-bank.verify":
      return (
        <Trans>
          Verify bank account {d.bankCode?.toUpperCase()} {d.accountNumber} under the name {d.accountName}
        </Trans>
      );
    case "receiving-account.save":
      // Members are told to send their deposits to this account: the checker compares it with the company's own.
      return d.change === "add" ? (
        <Trans>
          Add receiving account {d.bankCode?.toUpperCase()} {d.accountNumber} ({d.accountName}) for{" "}
          {d.channels}
        </Trans>
      ) : d.active === "false" ? (
        <Trans>
          Deactivate receiving account {d.bankCode?.toUpperCase()} {d.accountNumber} ({d.accountName})
        </Trans>
      ) : (
        <Trans>
          Change receiving account {d.bankCode?.toUpperCase()} {d.accountNumber} to the name {d.accountName},
          PromptPay {d.promptpayId ?? "-"}, for {d.channels}
        </Trans>
      );
  }
}
