import { type AdminOrderView, ShipmentRequestSchema } from "@storefront/domain";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { ErrorAlert } from "~/components/error-alert";
import * as api from "~/lib/api";

/**
 * Marks a paid order shipped with its carrier and tracking number, or corrects them; the buyer
 * is mailed each time. The fields are checked with the API's own schema first.
 */
export function ShipmentForm({ order }: { order: AdminOrderView }) {
  const id = useId();
  const revalidator = useRevalidator();
  const [carrier, setCarrier] = useState(order.shipment?.carrier ?? "");
  const [tracking, setTracking] = useState(order.shipment?.trackingNumber ?? "");
  const [errors, setErrors] = useState<{
    carrier?: string;
    trackingNumber?: string;
    form?: string;
  }>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    const parsed = ShipmentRequestSchema.safeParse({ carrier, trackingNumber: tracking });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === "carrier" ? "carrier" : "trackingNumber";
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = found.carrier ? `${id}-carrier` : `${id}-tracking`;
      document.getElementById(first)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await api.adminOrders.ship(parsed.data, { params: { number: order.number } });
      setDone(
        order.shipment
          ? "Tracking updated. The buyer was mailed the new number."
          : "Marked as shipped. The buyer was mailed the tracking number.",
      );
      await revalidator.revalidate();
    } catch (err) {
      setErrors({ form: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  }

  const described = (field: "carrier" | "trackingNumber", input: string) =>
    errors[field] ? { "aria-invalid": true, "aria-describedby": `${id}-${input}-error` } : {};

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Shipment</h2>
      {order.shipment ? (
        <p>
          Shipped with {order.shipment.carrier}, tracking number{" "}
          <strong className="admin-code">{order.shipment.trackingNumber}</strong>
        </p>
      ) : null}
      <form className="admin-refund" onSubmit={submit} noValidate>
        <div className="admin-field">
          <label htmlFor={`${id}-carrier`}>Carrier</label>
          <input
            id={`${id}-carrier`}
            value={carrier}
            maxLength={60}
            onChange={(e) => setCarrier(e.target.value)}
            {...described("carrier", "carrier")}
          />
          {errors.carrier ? (
            <p id={`${id}-carrier-error`} className="admin-field-error">
              {errors.carrier}
            </p>
          ) : null}
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-tracking`}>Tracking number</label>
          <input
            id={`${id}-tracking`}
            value={tracking}
            maxLength={60}
            onChange={(e) => setTracking(e.target.value)}
            {...described("trackingNumber", "tracking")}
          />
          {errors.trackingNumber ? (
            <p id={`${id}-tracking-error`} className="admin-field-error">
              {errors.trackingNumber}
            </p>
          ) : null}
        </div>
        <button type="submit" className="admin-button admin-button-primary" disabled={busy}>
          {order.shipment ? "Update tracking" : "Mark as shipped"}
        </button>
        <ErrorAlert className="admin-error" message={errors.form} />
      </form>
      <p className="admin-done" role="status">
        {done ?? ""}
      </p>
    </section>
  );
}

/** Cancels an order still awaiting payment, after the admin confirms it. */
export function CancelOrder({ order }: { order: AdminOrderView }) {
  const id = useId();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The button pressed is replaced by the next step's: focus goes to it, never to the page.
  const yes = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) {
      asked.current = true;
      yes.current?.focus();
    } else if (asked.current) {
      start.current?.focus();
    }
  }, [confirming]);

  async function cancel() {
    setBusy(true);
    try {
      await api.adminOrders.cancel(undefined, { params: { number: order.number } });
      await revalidator.revalidate();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Awaiting payment</h2>
      <p>The items are held for this order until it is paid or its hold ends.</p>
      {confirming ? (
        <div className="admin-filter-actions">
          <button
            ref={yes}
            type="button"
            className="admin-button admin-button-primary"
            onClick={cancel}
            disabled={busy}
          >
            Yes, cancel order #{order.number}
          </button>
          <button type="button" className="admin-button" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <button
          ref={start}
          type="button"
          className="admin-button"
          onClick={() => setConfirming(true)}
        >
          Cancel order
        </button>
      )}
      <ErrorAlert className="admin-error" message={error} />
    </section>
  );
}
