import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { findShotByHash, type YeekeeReport } from "./verify.ts";
import "./yeekee.css";

/** Shots per page of the list: a round can have thousands. */
export const SHOTS_PER_PAGE = 50;

export function ReceiptLookup({ shots }: { shots: YeekeeReport["shots"] }) {
  const id = useId();
  const [hash, setHash] = useState("");
  const typed = hash.trim() !== "";
  const found = typed ? findShotByHash(shots, hash) : null;
  const seq = found?.seq;
  const number = found?.yingNumber;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        <Trans>Find your shot</Trans>
      </h2>
      <div className="field">
        <label htmlFor={id}>
          <Trans>Paste a receipt hash</Trans>
        </label>
        <input
          id={id}
          className="ying-hash-input"
          autoComplete="off"
          spellCheck={false}
          value={hash}
          onChange={(e) => setHash(e.target.value)}
        />
      </div>
      {typed ? (
        <p role="status" className={found ? "success-text" : "form-note"}>
          {found ? (
            <Trans>
              This receipt is shot #{seq}, number {number}.
            </Trans>
          ) : (
            <Trans>This hash is not in this round's list.</Trans>
          )}
        </p>
      ) : null}
    </section>
  );
}

export const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

export function ShotList({ shots }: { shots: YeekeeReport["shots"] }) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(shots.length / SHOTS_PER_PAGE));
  const [page, setPage] = useState(1);
  const shown = shots.slice((page - 1) * SHOTS_PER_PAGE, page * SHOTS_PER_PAGE);
  const count = shots.length;
  return (
    <section aria-labelledby="verify-list-title">
      <h2 id="verify-list-title" className="section-title">
        <Trans>Every shot ({count})</Trans>
      </h2>
      {count === 0 ? (
        <p className="form-note">
          <Trans>No shots were fired in this round.</Trans>
        </p>
      ) : (
        <>
          <table className="verify-shots">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">
                  <Trans>Shot</Trans>
                </th>
                <th scope="col">
                  <Trans>Hash</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((shot) => (
                <tr key={shot.seq}>
                  <td>{shot.seq}</td>
                  <td className="slip-number">{shot.yingNumber}</td>
                  <td>
                    <code title={shot.hash}>{shortHash(shot.hash)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 ? (
            <nav className="verify-pages" aria-label={t`Pages of the shot list`}>
              <button
                type="button"
                className="button button-small"
                disabled={page <= 1}
                onClick={() => setPage((p) => Math.max(1, p - 1))}
              >
                <Trans>Previous</Trans>
              </button>
              <span>
                <Trans>
                  Page {page} of {pages}
                </Trans>
              </span>
              <button
                type="button"
                className="button button-small"
                disabled={page >= pages}
                onClick={() => setPage((p) => Math.min(pages, p + 1))}
              >
                <Trans>Next</Trans>
              </button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
