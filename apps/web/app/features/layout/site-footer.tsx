import type { StoreInfo } from "@storefront/domain";
import { Link } from "react-router";

function isExternal(href: string): boolean {
  return /^[a-z]+:\/\//i.test(href);
}

function FooterLink({ href, label }: { href: string; label: string }) {
  return isExternal(href) ? (
    <a href={href} rel="noopener">
      {label}
    </a>
  ) : (
    <Link to={href}>{label}</Link>
  );
}

/**
 * The footer's note with `{{year}}` filled in with this year, so a "© {{year}}" line never goes
 * out of date.
 */
export function footerNote(note: string, now: Date = new Date()): string {
  return note.replaceAll("{{year}}", String(now.getFullYear()));
}

export function SiteFooter({ store }: { store: StoreInfo }) {
  const footer = store.Footer;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <p className="footer-brand-name">{store.brandName}</p>
          <p>{store.brandDescription}</p>
          {footer.storeLocator ? (
            <p>
              <FooterLink href={footer.storeLocator.href} label={footer.storeLocator.label} />
            </p>
          ) : null}
        </div>
        {footer.columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="footer-title">{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.href}>
                  <FooterLink href={link.href} label={link.label} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container footer-bottom">
        {footer.social.length > 0 ? (
          <ul className="social" aria-label="Follow us">
            {footer.social.map((s) => (
              <li key={s.href}>
                <a href={s.href} rel="noopener">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {footer.note ? (
          // A page rendered on New Year's Eve may be hydrated in the new year.
          <p className="footer-note" suppressHydrationWarning>
            {footerNote(footer.note)}
          </p>
        ) : null}
      </div>
    </footer>
  );
}
