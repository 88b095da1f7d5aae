import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { formatStatementTime } from "../../domain/bangkokTime.ts";
import { formatBaht } from "../../lib/format.ts";
import { Desk, Member, useDesk } from "./desk.tsx";
import "./staff.css";
import { STAFF_TEXT_LENGTH } from "../../domain/contracts/common.ts";
import { type StaffMemberBank, type StaffStatementLine, staffPost } from "./staffApi.ts";
import { isProposal } from "./staffMessages.ts";

export function LineDesk() {
  const { t } = useLingui();
  const { items, error, busy, run } = useDesk<StaffStatementLine>("statement-lines");
  const [targets, setTargets] = useState<Record<string, string>>({});
  const [reasons, setReasons] = useState<Record<string, string>>({});
  return (
    <Desk
      label={t`Unmatched transfers`}
      intro={
        <p>
          <Trans>
            Transfers the bank reported that matched no request automatically. Pair each with its deposit.
          </Trans>
        </p>
      }
      items={items}
      error={error}
    >
      {items?.map((line) => (
        <li key={line.id} className="card staff-card">
          <p>
            <strong>{formatBaht(line.amount)}</strong> · {formatStatementTime(line.occurredAt)} ·{" "}
            {line.source}
            {line.reference ? ` · ${line.reference}` : ""}
          </p>
          <form
            className="inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              const depositId = (targets[line.id] ?? line.depositId ?? "").trim();
              if (/^\d+$/.test(depositId))
                void run(
                  line.id,
                  () =>
                    staffPost("statement-lines.assign", {
                      lineId: line.id,
                      depositId,
                      ...(reasons[line.id]?.trim() ? { reason: reasons[line.id]?.trim() } : {}),
                    }),
                  (result) =>
                    isProposal(result)
                      ? t`Pairing with deposit ${depositId}: waiting for a second staff member to confirm.`
                      : t`Transfer paired with deposit ${depositId}.`,
                );
            }}
          >
            <input
              aria-label={t`Deposit number`}
              placeholder={t`Deposit number`}
              inputMode="numeric"
              value={targets[line.id] ?? line.depositId ?? ""}
              onChange={(e) => setTargets({ ...targets, [line.id]: e.target.value })}
            />
            <input
              aria-label={t`Reason, if the amounts differ`}
              placeholder={t`Reason, if the amounts differ`}
              maxLength={STAFF_TEXT_LENGTH.max}
              value={reasons[line.id] ?? ""}
              onChange={(e) => setReasons({ ...reasons, [line.id]: e.target.value })}
            />
            <button type="submit" className="button button-primary" disabled={busy === line.id}>
              <Trans>Pair and credit</Trans>
            </button>
          </form>
        </li>
      ))}
    </Desk>
  );
}

export function BankDesk() {
  const { t } = useLingui();
  const { items, error, busy, run } = useDesk<StaffMemberBank>("member-banks");
  const [names, setNames] = useState<Record<string, string>>({});
  return (
    <Desk label={t`Bank accounts to verify`} items={items} error={error}>
      {items?.map((bank) => {
        const holder = names[bank.id] ?? bank.accountName ?? "";
        return (
          <li key={bank.id} className="card staff-card">
            <p>
              {bank.bankCode.toUpperCase()} {bank.accountNumber} · {bank.status} ·{" "}
              <Member member={bank.member} />
            </p>
            <form
              className="inline-form"
              onSubmit={(e) => {
                e.preventDefault();
                if (holder.trim().length >= 2)
                  void run(
                    bank.id,
                    () =>
                      staffPost("member-banks.verify", {
                        id: bank.id,
                        accountName: holder.trim(),
                        status: "verified",
                      }),
                    t`Verification proposed: waiting for a second staff member to confirm.`,
                  );
              }}
            >
              <input
                aria-label={t`Holder name at the bank`}
                placeholder={t`Holder name at the bank`}
                value={holder}
                onChange={(e) => setNames({ ...names, [bank.id]: e.target.value })}
              />
              <button type="submit" className="button button-primary" disabled={busy === bank.id}>
                <Trans>Verify</Trans>
              </button>
              <button
                type="button"
                className="button button-danger"
                disabled={busy === bank.id}
                onClick={() =>
                  run(
                    bank.id,
                    () =>
                      staffPost("member-banks.verify", {
                        id: bank.id,
                        accountName: holder.trim() || "(not given)",
                        status: "rejected",
                      }),
                    t`Bank account rejected.`,
                  )
                }
              >
                <Trans>Reject</Trans>
              </button>
            </form>
          </li>
        );
      })}
    </Desk>
  );
}
