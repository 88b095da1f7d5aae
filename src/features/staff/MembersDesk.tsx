import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { STAFF_TEXT_LENGTH } from "../../domain/contracts/common.ts";
import { Desk, Member, useAction } from "./desk.tsx";
import { type StaffMemberRow, staffGet, staffPost } from "./staffApi.ts";

/**
 * Balance adjustments (administrators): find the member, then propose an increase or decrease with its reason.
 * Nothing moves until a second administrator confirms it on the "Waiting for a second staff member" tab.
 */
export function MembersDesk() {
  const { t } = useLingui();
  const [query, setQuery] = useState("");
  const [items, setItems] = useState<StaffMemberRow[] | null>([]);
  const [error, setError] = useState<string | null>(null);
  const search = async () => {
    try {
      setItems(
        (await staffGet<{ members: StaffMemberRow[] }>(`members?q=${encodeURIComponent(query.trim())}`))
          .members,
      );
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const { busy, run } = useAction(search);
  return (
    <Desk
      label={t`Members`}
      intro={
        <form
          className="inline-form"
          aria-label={t`Find a member`}
          onSubmit={(e) => {
            e.preventDefault();
            void search();
          }}
        >
          <input
            aria-label={t`Username, phone number or name`}
            placeholder={t`Username, phone number or name`}
            value={query}
            maxLength={50}
            onChange={(e) => setQuery(e.target.value)}
          />
          <button type="submit" className="button">
            <Trans>Search</Trans>
          </button>
        </form>
      }
      items={items}
      error={error}
    >
      {items?.map((m) => (
        <li key={m.uuid} className="card staff-card" aria-label={t`Member ${m.userName}`}>
          <p>
            <Member member={m} />
            {m.phoneNumber ? <> · {m.phoneNumber}</> : null}
          </p>
          <AdjustForm
            disabled={busy === m.uuid}
            onSubmit={(type, amount, reason) =>
              run(
                m.uuid,
                () =>
                  staffPost("members.adjust", {
                    uuid: m.uuid,
                    type,
                    amount,
                    reason,
                    idempotencyKey: crypto.randomUUID(),
                  }),
                t`Adjustment proposed: waiting for a second staff member to confirm it.`,
              )
            }
          />
        </li>
      ))}
    </Desk>
  );
}

type AdjustType = "ADMIN_INCREASE" | "ADMIN_DECREASE";

function AdjustForm({
  disabled,
  onSubmit,
}: {
  disabled: boolean;
  onSubmit: (type: AdjustType, amount: string, reason: string) => void;
}) {
  const { t } = useLingui();
  const [type, setType] = useState<AdjustType>("ADMIN_INCREASE");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const ready = amount.trim() !== "" && reason.trim().length >= 2;
  return (
    <form
      className="inline-form"
      aria-label={t`Adjust the balance`}
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) onSubmit(type, amount.trim(), reason.trim());
      }}
    >
      <select aria-label={t`Adjustment`} value={type} onChange={(e) => setType(e.target.value as AdjustType)}>
        <option value="ADMIN_INCREASE">{t`Add to the balance`}</option>
        <option value="ADMIN_DECREASE">{t`Take from the balance`}</option>
      </select>
      <input
        aria-label={t`Amount (baht)`}
        placeholder={t`Amount (baht)`}
        inputMode="decimal"
        value={amount}
        maxLength={20}
        onChange={(e) => setAmount(e.target.value)}
      />
      <input
        aria-label={t`Reason`}
        placeholder={t`Reason`}
        value={reason}
        maxLength={STAFF_TEXT_LENGTH.max}
        onChange={(e) => setReason(e.target.value)}
      />
      <button type="submit" className="button button-primary" disabled={disabled || !ready}>
        <Trans>Propose adjustment</Trans>
      </button>
    </form>
  );
}
