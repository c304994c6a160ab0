/** Why something failed, as an alert, in the screen's class; nothing when there is no message. */
export function ErrorAlert({
  message,
  className,
  id,
}: {
  message: string | null | undefined;
  className: string;
  /** For a field's aria-describedby. */
  id?: string;
}) {
  return message ? (
    <p id={id} className={className} role="alert">
      {message}
    </p>
  ) : null;
}
