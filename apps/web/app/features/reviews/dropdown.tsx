import { type KeyboardEvent, useEffect, useId, useRef } from "react";

export interface DropdownOption<V> {
  value: V;
  label: string;
}

/**
 * A labelled button that opens a menu of choices (menuitemradio). Open state belongs to the
 * caller, so a list can keep one dropdown open at a time. Arrow keys, Home and End move between
 * choices; Escape closes and returns to the button; leaving with Tab closes.
 */
export function Dropdown<V extends string | number | null>({
  label,
  options,
  value,
  isOpen,
  onToggle,
  onClose,
  onChange,
}: {
  label: string;
  options: readonly DropdownOption<V>[];
  value: V;
  isOpen: boolean;
  onToggle(): void;
  onClose(): void;
  onChange(value: V): void;
}) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const current = options.find((o) => o.value === value) ?? options[0];

  // Opening moves focus to the chosen item, as a menu does.
  useEffect(() => {
    if (!isOpen) return;
    menu.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]')?.focus();
  }, [isOpen]);

  function items(): HTMLButtonElement[] {
    return Array.from(menu.current?.querySelectorAll<HTMLButtonElement>("button") ?? []);
  }

  function onMenuKey(event: KeyboardEvent) {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const go = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    if (event.key === "ArrowDown") go(at + 1);
    else if (event.key === "ArrowUp") go(at - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(all.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      onClose();
      button.current?.focus();
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the whole dropdown (Tab) closes it; the wrapper itself takes no input.
    <div
      className="review-dropdown"
      data-dropdown
      onBlur={(event) => {
        if (isOpen && !event.currentTarget.contains(event.relatedTarget as Node | null)) onClose();
      }}
    >
      <span className="review-control-label" id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        className="review-dropdown-button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? `${id}-menu` : undefined}
        aria-labelledby={`${id}-label ${id}-button`}
        onClick={onToggle}
        onKeyDown={(event) => {
          if (!isOpen && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
            event.preventDefault();
            onToggle();
          }
        }}
      >
        {current?.label}
      </button>
      {isOpen ? (
        <div
          ref={menu}
          id={`${id}-menu`}
          className="review-dropdown-menu"
          role="menu"
          aria-labelledby={`${id}-label`}
          onKeyDown={onMenuKey}
        >
          {options.map((option) => (
            <button
              key={String(option.value)}
              type="button"
              role="menuitemradio"
              aria-checked={option.value === value}
              onClick={() => {
                onChange(option.value);
                button.current?.focus();
              }}
            >
              {option.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
