import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useSubmit } from "../../lib/submit.ts";
import { FormError } from "../../ui/form.tsx";
import { accountErrorText } from "./accountMessages.ts";
import { type DemoSms, demoSmsOutbox } from "./forgotPin.ts";

/** Demo mode: the SMS the player would have received, since the demo's SMS provider sends nothing. */
export function DemoSmsInbox({ phoneNumber }: { phoneNumber: string }) {
  const { i18n } = useLingui();
  const [message, setMessage] = useState<DemoSms | "none" | null>(null);
  const show = useSubmit({ errorText: accountErrorText });

  const open = () =>
    show.run(
      async () => {
        const messages = await demoSmsOutbox(phoneNumber);
        setMessage(messages[0] ?? "none");
      },
      {
        failed: () => {
          setMessage(null);
          return false;
        },
      },
    );

  return (
    <section className="notice demo-sms" aria-labelledby="demo-sms-title">
      <h2 id="demo-sms-title">
        <Trans>Demo SMS inbox</Trans>
      </h2>
      <p>
        <Trans>In demo mode no SMS is sent; this is the message the player would receive.</Trans>
      </p>
      <button type="button" className="button" onClick={() => void open()} disabled={show.pending}>
        <Trans>Show the demo SMS</Trans>
      </button>
      <div aria-live="polite">
        {message === "none" ? (
          <p>
            <Trans>
              No SMS was sent to this number in the last hour. When the username and phone number do not match
              an account, no SMS is sent.
            </Trans>
          </p>
        ) : message ? (
          <blockquote className="demo-sms-message">
            <p>{message.body}</p>
            <footer>
              <time dateTime={message.createdAt}>
                {i18n.date(message.createdAt, { dateStyle: "medium", timeStyle: "short" })}
              </time>
            </footer>
          </blockquote>
        ) : null}
      </div>
      <FormError message={show.error?.() ?? null} />
    </section>
  );
}
