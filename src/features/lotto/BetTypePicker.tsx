import { Trans, useLingui } from "@lingui/react/macro";
import {
  type AnyOption,
  type Choice,
  type FlagHelper,
  groupOptions,
  ONE_SHOT_HELPERS,
  type OneShotHelper,
  type RateTable,
  toggleOption,
} from "../../domain/lotto/index.ts";
import { FLAG_TEXT, ONE_SHOT_TEXT, optionText } from "./messages.ts";

const FLAGS: FlagHelper[] = ["nineteenDoor", "roodNha", "roodLung", "shuffle2", "shuffle3"];

/**
 * The builder's choice of bet types (with their rates), the helpers that expand each number added, and the
 * one-tap sets of 2-digit numbers.
 */
export function BetTypePicker({
  options,
  defaultRate,
  fourDigit,
  selected,
  onSelect,
  onOneShot,
}: {
  options: readonly AnyOption[];
  defaultRate: RateTable;
  /** 4-digit lotteries have neither helpers nor sets. */
  fourDigit: boolean;
  selected: Choice[];
  onSelect: (next: Choice[]) => void;
  onOneShot: (helper: OneShotHelper) => void;
}) {
  const { i18n } = useLingui();
  const groups = groupOptions(options, defaultRate);
  const twoDigit = !fourDigit && (options.includes("tengBon2") || options.includes("tengLang2"));
  const toggle = (choice: Choice) => onSelect(toggleOption(selected, choice));
  return (
    <section aria-labelledby="bet-types">
      <h2 id="bet-types" className="section-title">
        <Trans>Bet type</Trans>
      </h2>
      {groups.map((group) => (
        <div key={group.digits} className="toggle-row">
          {group.options.map((option) => {
            const rate = defaultRate[option];
            return (
              <button
                key={option}
                type="button"
                className="toggle"
                aria-pressed={selected.includes(option)}
                onClick={() => toggle(option)}
              >
                <span>{optionText(i18n, option)}</span>
                {rate ? <span className="toggle-rate">×{rate}</span> : null}
              </button>
            );
          })}
        </div>
      ))}
      {!fourDigit ? (
        <>
          <p className="helper-label">
            <Trans>Helpers: each number you add is expanded</Trans>
          </p>
          <div className="toggle-row">
            {FLAGS.map((flag) => (
              <button
                key={flag}
                type="button"
                className="toggle toggle-flag"
                aria-pressed={selected.includes(flag)}
                onClick={() => toggle(flag)}
              >
                {i18n._(FLAG_TEXT[flag])}
              </button>
            ))}
          </div>
        </>
      ) : null}
      {twoDigit ? (
        <>
          <p className="helper-label">
            <Trans>Add a whole set of 2-digit numbers at once</Trans>
          </p>
          <div className="toggle-row">
            {ONE_SHOT_HELPERS.map((helper: OneShotHelper) => (
              <button
                key={helper}
                type="button"
                className="button button-small"
                onClick={() => onOneShot(helper)}
              >
                {i18n._(ONE_SHOT_TEXT[helper])}
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
