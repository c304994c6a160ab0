import { REVIEW_RATING_MAX } from "@storefront/domain";

/**
 * Five stars filled to `value` (fractions too: 4.5 fills four and a half). One image for screen
 * readers: "Rated 4.5 out of 5 stars".
 */
export function Stars({ value, className }: { value: number; className?: string }) {
  const percent = Math.max(0, Math.min(100, (value / REVIEW_RATING_MAX) * 100));
  return (
    <span
      className={className ? `stars ${className}` : "stars"}
      role="img"
      aria-label={`Rated ${value} out of ${REVIEW_RATING_MAX} stars`}
    >
      <span className="stars-empty" aria-hidden="true">
        ★★★★★
      </span>
      <span className="stars-filled" aria-hidden="true" style={{ width: `${percent}%` }}>
        ★★★★★
      </span>
    </span>
  );
}
