// Its styles come with it: a feature index has no side effects, so an import there is dropped.
import "./admin.css";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";

/** The screens of the store's admin, in the side navigation's order. */
const SECTIONS = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/products", label: "Products" },
  { to: "/admin/collections", label: "Collections" },
  { to: "/admin/discounts", label: "Discount codes" },
  { to: "/admin/pages", label: "Pages" },
  { to: "/admin/storefront", label: "Callout, chat and mail" },
  { to: "/admin/reviews", label: "Reviews" },
  { to: "/admin/trade", label: "Trade applications" },
  { to: "/admin/design-requests", label: "Design requests" },
  { to: "/admin/chats", label: "Chat conversations" },
  { to: "/admin/abandoned-carts", label: "Abandoned carts" },
] as const;

/**
 * The admin's frame: a skip link, the store's name with a way back to the storefront, the side
 * navigation and the screen. Nothing of the storefront's frame (header, cart, chat) is in it.
 */
export function AdminFrame({
  brandName,
  email,
  children,
}: {
  brandName: string;
  email: string;
  children: ReactNode;
}) {
  return (
    <div className="admin">
      <a className="admin-skip" href="#admin-main">
        Skip to content
      </a>
      <header className="admin-top">
        <p className="admin-brand">
          <Link to="/admin">{brandName}</Link> <span className="admin-brand-note">Admin</span>
        </p>
        <p className="admin-user">
          <span className="admin-user-email">{email}</span>
          <Link to="/">View store</Link>
        </p>
      </header>
      <div className="admin-body">
        <nav className="admin-nav" aria-label="Admin">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={"end" in section}>
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
