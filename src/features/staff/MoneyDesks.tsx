import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { formatStatementTime } from "../../domain/bangkokTime.ts";
import { formatBaht } from "../../lib/format.ts";
import { Desk, Member, ReasonForm, useDesk } from "./desk.tsx";
import "./staff.css";
import { STAFF_TEXT_LENGTH } from "../../domain/contracts/common.ts";
import { type StaffDeposit, type StaffWithdrawal, staffPost } from "./staffApi.ts";
import { isProposal } from "./staffMessages.ts";

export function DepositDesk() {
  const { t } = useLingui();
  const { items, error, busy, run } = useDesk<StaffDeposit>("deposits");
  return (
    <Desk label={t`Deposits to check`} items={items} error={error}>
      {items?.map((d) => (
        <li key={d.id} className="card staff-card" aria-label={t`Deposit ${d.id}`}>
          <p>
            <strong>{formatBaht(d.prepareAmount)}</strong> · {d.channel} · {d.status}
          </p>
          <p>
            <Member member={d.member} /> · {formatStatementTime(d.createdAt)}
            {d.depositAt ? (
              <>
                {" "}
                · <Trans>transferred at {formatStatementTime(d.depositAt)}</Trans>
              </>
            ) : null}
          </p>
          {d.receiving ? (
            <p>
              <Trans>
                To {d.receiving.bankCode.toUpperCase()} {d.receiving.accountNumber}
              </Trans>
            </p>
          ) : null}
          <div className="staff-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={busy === d.id}
              onClick={() =>
                run(
                  d.id,
                  () => staffPost("deposits.approve", { id: d.id }),
                  (result) =>
                    isProposal(result)
                      ? t`Deposit ${d.id}: waiting for a second staff member to confirm.`
                      : t`Deposit ${d.id} approved.`,
                )
              }
            >
              <Trans>Approve</Trans>
            </button>
            <OverrideForm
              disabled={busy === d.id}
              onSubmit={(amount, reason) =>
                run(
                  d.id,
                  () => staffPost("deposits.approve", { id: d.id, amount, reason }),
                  t`Deposit ${d.id}: waiting for a second staff member to confirm.`,
                )
              }
            />
            <ReasonForm
              label={t`Reject`}
              disabled={busy === d.id}
              onSubmit={(reason) =>
                run(
                  d.id,
                  () => staffPost("deposits.reject", { id: d.id, reason }),
                  t`Deposit ${d.id} rejected.`,
                )
              }
            />
          </div>
        </li>
      ))}
    </Desk>
  );
}

export function WithdrawalDesk() {
  const { t } = useLingui();
  const { items, error, busy, run } = useDesk<StaffWithdrawal>("withdrawals");
  return (
    <Desk label={t`Withdrawals to pay`} items={items} error={error}>
      {items?.map((w) => (
        <li key={w.id} className="card staff-card" aria-label={t`Withdrawal ${w.id}`}>
          <p>
            <strong>{formatBaht(w.amount)}</strong> · <Member member={w.member} /> ·{" "}
            {formatStatementTime(w.createdAt)}
          </p>
          <p>
            {w.bank.bankCode.toUpperCase()} {w.bank.accountNumber} · {w.bank.accountName}
          </p>
          {w.review === "required" ? (
            <p className="notice-inline" role="status">
              <Trans>
                First withdrawal to this bank account: waiting for review. Check the member's security events
                (a recent name, phone or bank change, a new device) before approving it.
              </Trans>
            </p>
          ) : null}
          <div className="staff-actions">
            {w.review === "required" ? (
              <button
                type="button"
                className="button"
                disabled={busy === w.id}
                onClick={() =>
                  run(
                    w.id,
                    () => staffPost("withdrawals.review", { id: w.id }),
                    t`Withdrawal ${w.id} reviewed: it can now be paid.`,
                  )
                }
              >
                <Trans>Reviewed: approve for payment</Trans>
              </button>
            ) : null}
            <button
              type="button"
              className="button button-primary"
              disabled={busy === w.id || w.review === "required"}
              onClick={() =>
                run(
                  w.id,
                  () => staffPost("withdrawals.pay", { id: w.id }),
                  (result) =>
                    isProposal(result)
                      ? t`Withdrawal ${w.id}: waiting for a second staff member to confirm the payment.`
                      : t`Withdrawal ${w.id} marked as paid.`,
                )
              }
            >
              <Trans>Mark as paid</Trans>
            </button>
            <ReasonForm
              label={t`Reject`}
              disabled={busy === w.id}
              onSubmit={(reason) =>
                run(
                  w.id,
                  () => staffPost("withdrawals.reject", { id: w.id, reason }),
                  t`Withdrawal ${w.id} rejected; the money went back to the member.`,
                )
              }
            />
          </div>
        </li>
      ))}
    </Desk>
  );
}

/** Approve another amount than the request's, or a request that expired: an override a second person confirms. */
export function OverrideForm({
  disabled,
  onSubmit,
}: {
  disabled: boolean;
  onSubmit: (amount: string, reason: string) => void;
}) {
  const { t } = useLingui();
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const ready = amount.trim() !== "" && reason.trim().length >= 2;
  return (
    <details>
      <summary>
        <Trans>Approve another amount (override)</Trans>
      </summary>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) onSubmit(amount.trim(), reason.trim());
        }}
      >
        <input
          aria-label={t`Amount received (baht)`}
          placeholder={t`Amount received (baht)`}
          inputMode="decimal"
          maxLength={20}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <input
          aria-label={t`Reason`}
          placeholder={t`Reason`}
          maxLength={STAFF_TEXT_LENGTH.max}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <button type="submit" className="button" disabled={disabled || !ready}>
          <Trans>Propose override</Trans>
        </button>
      </form>
    </details>
  );
}
