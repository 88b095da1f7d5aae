import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { showSnackbar } from "../../ui/snackbar.ts";
import { staffGet } from "./staffApi.ts";

/** The building blocks every back-office desk shares: a list kept current, one action at a time, a reason. */

export function useList<T>(path: string) {
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setItems((await staffGet<{ items: T[] }>(path)).items);
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  }, [path]);
  useEffect(() => {
    void reload();
    const timer = setInterval(() => void reload(), 15_000);
    return () => clearInterval(timer);
  }, [reload]);
  return { items, error, reload };
}

/** Runs one desk action, then reports it and refreshes the list. */
export function useAction(reload: () => Promise<void>) {
  const { t } = useLingui();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (id: string, action: () => Promise<unknown>, done: string) => {
    setBusy(id);
    try {
      await action();
      showSnackbar({ txt: done, color: "success" });
    } catch (err) {
      showSnackbar({
        txt: (err as Error).message || t`Oops! Something went wrong. Please try again later.`,
        color: "error",
      });
    } finally {
      setBusy(null);
      await reload();
    }
  };
  return { busy, run };
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
        maxLength={300}
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
