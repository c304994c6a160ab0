import { cardBrand, cardDigits } from "@storefront/domain";
import { Field } from "~/components/form-field";
import type { FieldErrors } from "~/lib/use-form-fields";
import type { CardInput } from "./checkout-api";
import { formatCardNumber, formatExpiry } from "./payment";

/**
 * The built-in test processor's card fields (the store has no Stripe keys), with a notice that
 * nothing real is charged and the test cards to use.
 */
export function TestCardFields({
  card,
  errors,
  onChange,
  onBlur,
}: {
  card: CardInput;
  errors: FieldErrors;
  onChange(card: CardInput): void;
  onBlur(field: keyof CardInput): void;
}) {
  const amex = cardBrand(card.number) === "amex";
  return (
    <div className="test-card">
      <div className="test-mode-notice" role="note">
        <p>
          <strong>TEST MODE</strong> — no real charge. Use card <code>4242 4242 4242 4242</code>{" "}
          with any future date and any CVC.
        </p>
        <p>
          Card <code>4000 0000 0000 0002</code> is declined.
        </p>
      </div>
      <Field
        label="Card number"
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        value={card.number}
        error={errors["card.number"]}
        onChange={(v) => onChange({ ...card, number: formatCardNumber(v) })}
        onBlur={() => cardDigits(card.number) !== "" && onBlur("number")}
      />
      <div className="field-row">
        <Field
          label="Expiry (MM/YY)"
          name="cc-exp"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          maxLength={7}
          value={card.expiry}
          error={errors["card.expiry"]}
          onChange={(v) => onChange({ ...card, expiry: formatExpiry(v) })}
          onBlur={() => card.expiry !== "" && onBlur("expiry")}
        />
        <Field
          label="CVC"
          name="cvc"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder={amex ? "1234" : "123"}
          maxLength={4}
          value={card.cvc}
          error={errors["card.cvc"]}
          onChange={(v) => onChange({ ...card, cvc: v.replace(/\D/g, "") })}
          onBlur={() => card.cvc !== "" && onBlur("cvc")}
        />
      </div>
    </div>
  );
}
