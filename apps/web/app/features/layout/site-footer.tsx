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
                {/* A known network shows its mark instead of the label (styles/product-and-footer.css), named by it. */}
                <a href={s.href} rel="noopener" data-network={s.network}>
                  <span>{s.label}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {/* Its {{year}} is filled in by the page's loader (footerNote). */}
        {footer.note ? <p className="footer-note">{footer.note}</p> : null}
      </div>
    </footer>
  );
}
