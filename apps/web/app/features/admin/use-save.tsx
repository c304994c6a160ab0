import { type ReactNode, useState } from "react";
import { useRevalidator } from "react-router";

/** A form that says what was saved or why not. */
export function useSave() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState("");
  async function run(send: () => Promise<unknown>, message: string) {
    setBusy(true);
    setError(null);
    setDone("");
    try {
      await send();
      setDone(message);
      await revalidator.revalidate();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  const outcome: ReactNode = <FormOutcome error={error} done={done} />;
  return { busy, run, outcome };
}

/** What a save said: why it failed (an alert), or what it did (a status, read out politely). */
export function FormOutcome({ error, done }: { error: string | null; done: string | null }) {
  return (
    <>
      {error ? (
        <p className="admin-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="admin-done" role="status">
        {done ?? ""}
      </p>
    </>
  );
}
