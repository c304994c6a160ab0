import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Field } from "~/components/form-field";
import { type FieldErrors, useFormFields } from "./use-form-fields";

type Values = { email: string; name: string };

function TestForm({ check, shown }: { check?(values: Values): FieldErrors; shown: FieldErrors }) {
  const form = useFormFields<Values>({ email: "", name: "" }, { check });
  return (
    <form>
      <Field label="Email" type="email" autoComplete="email" {...form.bind("email")} />
      <Field label="Name" autoComplete="name" {...form.bind("name")} />
      <button type="button" onClick={() => form.setErrors(shown)}>
        Check
      </button>
    </form>
  );
}

const emailRequired = (v: Values): FieldErrors =>
  v.email.includes("@") ? {} : { email: v.email ? "Enter a valid email" : "Email is required" };

describe("useFormFields", () => {
  it("binds value, change, message, aria-invalid and aria-describedby to a field", () => {
    render(<TestForm shown={{ email: "Email is required" }} />);
    const email = screen.getByLabelText("Email *");
    expect(email.getAttribute("aria-invalid")).toBeNull();
    fireEvent.change(email, { target: { value: "a" } });
    expect((email as HTMLInputElement).value).toBe("a");
    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email).toHaveProperty("name", "email");
    const messageId = email.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(messageId)?.textContent).toBe("Email is required");
  });

  it("without a check, typing into a field takes its own message away", () => {
    render(<TestForm shown={{ email: "Email is required", name: "Name is required" }} />);
    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    fireEvent.change(screen.getByLabelText("Email *"), { target: { value: "a" } });
    expect(screen.queryByText("Email is required")).toBeNull();
    expect(screen.getByText("Name is required")).toBeTruthy();
  });

  it("with a check, a message shown follows the value and no new one appears", () => {
    render(<TestForm check={emailRequired} shown={{ email: "Email is required" }} />);
    const email = screen.getByLabelText("Email *");
    fireEvent.change(email, { target: { value: "a" } });
    expect(screen.queryByText("Enter a valid email")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    fireEvent.change(email, { target: { value: "ab" } });
    expect(screen.getByText("Enter a valid email")).toBeTruthy();
    fireEvent.change(email, { target: { value: "a@b" } });
    expect(screen.queryByText("Enter a valid email")).toBeNull();
    expect(email.getAttribute("aria-invalid")).toBeNull();
  });
});
