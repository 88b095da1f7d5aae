import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState } from "react";
import { ApiError } from "../../lib/api.ts";
import { FormError } from "../../ui/form.tsx";
import { yeekeeErrorText } from "./messages.ts";
import { randomShot, type ShootBlock, shootBlock, YING_INTERVAL_SECONDS } from "./shots.ts";
import { type ResultRound, shoot, type YingReceipt } from "./yeekeeApi.ts";
import "./yeekee.css";
import { useNow } from "../../lib/clock.ts";
import { later, type Text, useSubmit } from "../../lib/submit.ts";
import { NumberPad } from "../../ui/NumberPad.tsx";
import { cleanEntry } from "../lotto/index.ts";

/** The 5-digit pad and the shoot button (exported for its component test). */
export function ShootForm({
  round,
  online,
  onShot,
  onClosed,
}: {
  round: ResultRound;
  online: boolean;
  onShot: (receipt: YingReceipt) => void;
  onClosed: () => void;
}) {
  const { t } = useLingui();
  const [entry, setEntry] = useState("");
  const [nextAt, setNextAt] = useState(0);
  const [note, setNote] = useState<Text | null>(null);
  const sending = useSubmit({ errorText: yeekeeErrorText });
  const waitMs = useWaitUntil(nextAt);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const block = shootBlock({ open: true, online, waitMs, number: entry, sending: sending.pending });

  const fire = async () => {
    if (block !== null) return;
    const number = entry;
    await sending.run(
      async () => {
        const receipt = await shoot(round.betId, number);
        setNextAt(Date.now() + YING_INTERVAL_SECONDS * 1000);
        onShot(receipt);
        setEntry("");
        const seq = receipt.seq;
        setNote(later(() => t`Shot ${number} counted as #${seq}.`));
      },
      {
        failed: (err) => {
          setNote(null);
          if (err instanceof ApiError && err.code === "YING_TOO_FAST") {
            const seconds = Number(err.details.retryAfter);
            setNextAt(
              Date.now() + (Number.isFinite(seconds) && seconds > 0 ? seconds : YING_INTERVAL_SECONDS) * 1000,
            );
          }
          if (err instanceof ApiError && err.code === "SHOOTING_CLOSED") onClosed();
          return false;
        },
      },
    );
    input.current?.focus();
  };

  return (
    <section className="ying-shoot" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        <Trans>Shoot a number</Trans>
      </h2>
      <label htmlFor={id} className="visually-hidden">
        <Trans>Your number (5 digits)</Trans>
      </label>
      <div className="entry-row">
        <input
          id={id}
          ref={input}
          className="entry-input"
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          placeholder="00000"
          value={entry}
          onChange={(e) => setEntry(cleanEntry(e.target.value, 5))}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void fire();
            }
          }}
        />
        <button type="button" className="button" onClick={() => setEntry(randomShot())}>
          <Trans>Random</Trans>
        </button>
      </div>
      <NumberPad value={entry} onChange={(next) => setEntry(cleanEntry(next, 5))} />
      <FormError message={sending.error?.() ?? null} />
      <BlockNote block={block} waitMs={waitMs} />
      {note && !sending.error ? (
        <p className="form-note ying-note" role="status">
          {note()}
        </p>
      ) : null}
      <button
        type="button"
        className="button button-primary button-block button-large"
        disabled={block !== null}
        onClick={() => void fire()}
      >
        {sending.pending ? (
          <Trans>Shooting…</Trans>
        ) : entry.length === 5 ? (
          <Trans>Shoot {entry}</Trans>
        ) : (
          <Trans>Shoot</Trans>
        )}
      </button>
    </section>
  );
}

/**
 * Milliseconds left until `until`: re-rendered each second by the shared ticker (for the text) and once exactly
 * when the wait ends (so the button comes back on time, not up to a tick late).
 */
export function useWaitUntil(until: number): number {
  useNow();
  const [, setEnded] = useState(0);
  useEffect(() => {
    const left = until - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setEnded((n) => n + 1), left + 10);
    return () => clearTimeout(timer);
  }, [until]);
  return Math.max(0, until - Date.now());
}

/** Why shooting is off, in words (the disabled button alone does not say). */
export function BlockNote({ block, waitMs }: { block: ShootBlock | null; waitMs: number }) {
  if (block === "offline")
    return (
      <p className="form-note" role="status">
        <Trans>You are offline. Shots can only be sent online.</Trans>
      </p>
    );
  if (block === "wait") {
    const seconds = Math.ceil(waitMs / 1000);
    return (
      <p className="form-note" role="status">
        <Trans>One shot every 3 seconds: next shot in {seconds} s.</Trans>
      </p>
    );
  }
  if (block === "incomplete")
    return (
      <p className="form-note">
        <Trans>Type 5 digits or press Random.</Trans>
      </p>
    );
  return null;
}
