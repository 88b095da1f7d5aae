import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useState } from "react";
import { STAFF_TEXT_LENGTH } from "../../domain/contracts/common.ts";
import { useLoad } from "../../lib/load.ts";
import { useSubmit } from "../../lib/submit.ts";
import { showSnackbar } from "../../ui/snackbar.ts";
import { staffGet } from "./staffApi.ts";
import { staffErrorText } from "./staffMessages.ts";

/** The building blocks every back-office desk shares: a list kept current, one action at a time, a reason. */

/** A desk's list, kept current: asked every 15 s while the desk shows (lib/load.ts). */
export function useList<T>(path: string) {
  const { i18n } = useLingui();
  const list = useLoad(async () => (await staffGet<{ items: T[] }>(path)).items, [path], {
    refreshMs: 15_000,
  });
  return {
    items: list.data ?? null,
    error: list.error ? staffErrorText(i18n, list.error) : null,
    reload: list.reload,
  };
}

/**
 * Runs one desk action at a time (lib/submit.ts), then reports it and refreshes the list. `done` may depend on the
 * answer: an action that needs a second staff member answers with a proposal instead of its result
 * (proposalDone says so). `busy` is the id of the row whose action is running.
 */
export function useAction(reload: () => Promise<void>) {
  const { i18n } = useLingui();
  const submit = useSubmit({ errorText: staffErrorText });
  const run = async (
    id: string,
    action: () => Promise<unknown>,
    done: string | ((result: unknown) => string),
  ) => {
    await submit.run(
      async () => {
        const result = await action();
        showSnackbar({ txt: typeof done === "string" ? done : done(result), color: "success" });
      },
      {
        id,
        failed: (err) => {
          showSnackbar({ txt: staffErrorText(i18n, err), color: "error" });
          return true;
        },
      },
    );
    await reload();
  };
  return { busy: submit.pendingId, run };
}

export function ReasonForm({
  label,
  onSubmit,
  disabled,
}: {
  label: string;
  onSubmit: (reason: string) => void;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState("");
  return (
    <form
      className="inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim().length >= 2) onSubmit(reason.trim());
      }}
    >
      <input
        aria-label={t`Reason`}
        placeholder={t`Reason`}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={STAFF_TEXT_LENGTH.max}
      />
      <button type="submit" className="button button-danger" disabled={disabled || reason.trim().length < 2}>
        {label}
      </button>
    </form>
  );
}

/** One desk's list, kept current, and its actions (see useAction). */
export function useDesk<T>(path: string) {
  const { items, error, reload } = useList<T>(path);
  const { busy, run } = useAction(reload);
  return { items, error, busy, run };
}

/** A desk: what it is for, then its cards, or that they are loading, or that nothing waits. */
export function Desk({
  label,
  intro,
  items,
  error,
  children,
}: {
  label: string;
  intro?: ReactNode;
  items: unknown[] | null;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-label={label}>
      {intro}
      <Empty items={items} error={error} />
      <ul className="card-list">{children}</ul>
    </section>
  );
}

export function Member({ member }: { member: { userName: string; name: string | null } }) {
  return (
    <span>
      {member.userName}
      {member.name ? <small> · {member.name}</small> : null}
    </span>
  );
}

export function Empty({ items, error }: { items: unknown[] | null; error: string | null }) {
  if (error) return <p role="alert">{error}</p>;
  if (items === null)
    return (
      <p>
        <Trans>Loading…</Trans>
      </p>
    );
  if (items.length === 0)
    return (
      <p>
        <Trans>Nothing is waiting.</Trans>
      </p>
    );
  return null;
}
