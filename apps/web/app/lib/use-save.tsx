import { type ReactNode, useState } from "react";
import { useRevalidator } from "react-router";
import { ErrorAlert } from "~/components/error-alert";

/** The class names a screen gives its messages (the admin's by default). */
export interface OutcomeClasses {
  error: string;
  done: string;
}

const ADMIN_CLASSES: OutcomeClasses = { error: "admin-error", done: "admin-done" };

/**
 * A form that says what was saved or why not: `run` sends, then reads the page's data again;
 * it answers whether the send succeeded.
 */
export function useSave(classes: OutcomeClasses = ADMIN_CLASSES) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState("");
  async function run(send: () => Promise<unknown>, message: string): Promise<boolean> {
    setBusy(true);
    setError(null);
    setDone("");
    try {
      await send();
      setDone(message);
      await revalidator.revalidate();
      return true;
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      return false;
    } finally {
      setBusy(false);
    }
  }
  const outcome: ReactNode = <FormOutcome error={error} done={done} classes={classes} />;
  return { busy, run, outcome };
}

/** What a save said: why it failed (an alert), or what it did (a status, read out politely). */
export function FormOutcome({
  error,
  done,
  classes = ADMIN_CLASSES,
}: {
  error: string | null;
  done: string | null;
  classes?: OutcomeClasses;
}) {
  return (
    <>
      <ErrorAlert className={classes.error} message={error} />
      <p className={classes.done || undefined} role="status">
        {done ?? ""}
      </p>
    </>
  );
}
