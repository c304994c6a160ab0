import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { VariantPicker } from "./variant-picker";

describe("variant picker", () => {
  it("shows 'pack size' as Count with Single and Pack of Two buttons", () => {
    const onChange = vi.fn();
    render(
      <VariantPicker
        variantList={{ "pack size": ["1", "2"] }}
        selection={{ "pack size": "1" }}
        onChange={onChange}
      />,
    );
    expect(screen.getByRole("group", { name: "Count" })).toBeTruthy();
    const single = screen.getByRole("button", { name: "Single" });
    const pack = screen.getByRole("button", { name: "Pack of Two" });
    expect(single.getAttribute("aria-pressed")).toBe("true");
    expect(pack.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(pack);
    expect(onChange).toHaveBeenCalledWith("pack size", "2");
  });

  it("uses a dropdown with 'Select Your {attribute}' for Font", () => {
    const onChange = vi.fn();
    render(
      <VariantPicker
        variantList={{ Font: ["Serif", "Script"] }}
        selection={{}}
        onChange={onChange}
      />,
    );
    const select = screen.getByLabelText("Font") as HTMLSelectElement;
    expect(select.value).toBe("");
    expect(screen.getByRole("option", { name: "Select Your Font" })).toBeTruthy();
    fireEvent.change(select, { target: { value: "Script" } });
    expect(onChange).toHaveBeenCalledWith("Font", "Script");
  });
});
