import type { TopCallOut } from "@storefront/domain";

export function TopCallout({ callout }: { callout: TopCallOut }) {
  if (callout.messages.length === 0) return null;
  return (
    <aside className="top-callout" aria-label="Announcements">
      <ul>
        {callout.messages.map((m) => (
          <li key={m.label}>{m.href ? <a href={m.href}>{m.label}</a> : m.label}</li>
        ))}
      </ul>
    </aside>
  );
}
