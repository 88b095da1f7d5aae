import { useLingui } from "@lingui/react/macro";

const DIGITS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];

/**
 * A phone-sized digit pad under a number field (the slip builder, the shooting screen): digits, C to clear, ⌫ to
 * take the last digit back. `onChange` gets the next text; the caller keeps it to its length.
 */
export function NumberPad({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  const { t } = useLingui();
  return (
    <div className="number-pad">
      {DIGITS.map((d) => (
        <button key={d} type="button" onClick={() => onChange(value + d)}>
          {d}
        </button>
      ))}
      <button type="button" onClick={() => onChange("")} aria-label={t`Clear the number`}>
        C
      </button>
      <button type="button" onClick={() => onChange(`${value}0`)}>
        0
      </button>
      <button type="button" onClick={() => onChange(value.slice(0, -1))} aria-label={t`Delete a digit`}>
        ⌫
      </button>
    </div>
  );
}
