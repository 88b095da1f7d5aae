import { PasswordField } from "../../ui/form.tsx";
import { PasswordChecklist } from "./PasswordChecklist.tsx";

interface NewPinFieldsProps {
  pinLabel: string;
  confirmationLabel: string;
  pinName: string;
  pin: string;
  confirmation: string;
  onPinChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
  onConfirmationChange: (event: React.ChangeEvent<HTMLInputElement>) => void;
  pinError?: string | undefined;
  confirmationError?: string | undefined;
}

/** A new PIN, the live rules under it, and its confirmation: sign-up, PIN change and PIN reset. */
export function NewPinFields(props: NewPinFieldsProps) {
  return (
    <>
      <PasswordField
        label={props.pinLabel}
        name={props.pinName}
        autoComplete="new-password"
        value={props.pin}
        onChange={props.onPinChange}
        error={props.pinError}
      />
      <PasswordChecklist password={props.pin} />
      <PasswordField
        label={props.confirmationLabel}
        name="confirmation"
        autoComplete="new-password"
        value={props.confirmation}
        onChange={props.onConfirmationChange}
        error={props.confirmationError}
      />
    </>
  );
}
