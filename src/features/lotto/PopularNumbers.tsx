import { Trans, useLingui } from "@lingui/react/macro";
import { type AnyOption, optionFromWire } from "../../domain/lotto/index.ts";
import { getJson, poyApi } from "../../lib/api.ts";
import { useLoad } from "../../lib/load.ts";
import type { Round } from "./lottoApi.ts";
import { optionText } from "./messages.ts";

interface Recommend {
  option: string;
  number: string;
  count: number;
}

/** The round's most played numbers (number-reachs.rate-recommend.all): a count of others' bets, not a prediction. */
export function fetchPopular(round: Pick<Round, "betId" | "betType">) {
  const query = `betId=${round.betId}&betType=${encodeURIComponent(round.betType)}&limit=5`;
  return getJson<{ recommend: Recommend[] }>(poyApi, `number-reachs.rate-recommend.all?${query}`);
}

/** Tap a popular number to add it for its bet type; shown only for the bet types chosen and only when any exist. */
export function PopularNumbers({
  round,
  chosen,
  onAdd,
}: {
  round: Pick<Round, "betId" | "betType">;
  chosen: readonly AnyOption[];
  onAdd: (option: AnyOption, number: string) => void;
}) {
  const { t, i18n } = useLingui();
  const popular = useLoad(() => fetchPopular(round), [round.betId, round.betType]);
  const entries = (popular.data?.recommend ?? [])
    .map((r) => ({ ...r, option: optionFromWire(r.option) }))
    .filter((r): r is Recommend & { option: AnyOption } => r.option !== null && chosen.includes(r.option));
  if (entries.length === 0) return null;
  return (
    <section className="popular" aria-label={t`Popular in this round`}>
      <p className="helper-label">
        <Trans>Popular in this round (what other players chose, not a prediction)</Trans>
      </p>
      <div className="toggle-row">
        {entries.map((r) => {
          const option = optionText(i18n, r.option);
          const number = r.number;
          return (
            // Named by its content, not aria-label: the name says what the button does and still contains the
            // number and bet type it shows (WCAG 2.5.3, label in name).
            <button
              key={`${r.option}:${r.number}`}
              type="button"
              className="button button-small"
              onClick={() => onAdd(r.option, r.number)}
            >
              <span className="visually-hidden">{t`Add ${number} for ${option}`}</span>
              <span aria-hidden="true">
                <span className="slip-number">{r.number}</span> <small>{option}</small>
              </span>
            </button>
          );
        })}
      </div>
    </section>
  );
}
