import { REVIEW_RATING_MAX } from "@storefront/domain";
import type { CSSProperties } from "react";

/**
 * Five stars filled to `value` (fractions too: 4.5 fills four and a half), drawn by CSS on one
 * element (a product page shows 25 of these). One image for screen readers: "Rated 4.5 out of 5
 * stars".
 */
export function Stars({ value, className }: { value: number; className?: string }) {
  const percent = Math.max(0, Math.min(100, (value / REVIEW_RATING_MAX) * 100));
  return (
    <span
      className={className ? `stars ${className}` : "stars"}
      role="img"
      aria-label={`Rated ${value} out of ${REVIEW_RATING_MAX} stars`}
      style={{ "--stars-filled": `${percent}%` } as CSSProperties}
    />
  );
}
