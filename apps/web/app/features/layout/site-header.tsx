import type { StoreInfo } from "@storefront/domain";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { AccountButton } from "~/features/account";
import { CartButton, CurrencySwitcher } from "~/features/cart";

/** True while the page is scrolled to the very top. */
function useAtTop(): boolean {
  const [atTop, setAtTop] = useState(true);
  useEffect(() => {
    const update = () => setAtTop(window.scrollY <= 0);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return atTop;
}

/**
 * One navigation for every width: a row with Dogs and Cats dropdowns from the medium breakpoint,
 * a panel behind the Menu button below it. Open menus close when the route changes.
 */
export function SiteHeader({ store }: { store: StoreInfo }) {
  const atTop = useAtTop();
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const ref = useRef<HTMLElement>(null);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design.
  useEffect(() => {
    setMenuOpen(false);
    for (const d of ref.current?.querySelectorAll("details[open]") ?? []) d.removeAttribute("open");
  }, [location.pathname]);
  const { menus, links } = store.Navbar;
  return (
    <header ref={ref} className="site-header" data-scrolled={atTop ? undefined : ""}>
      <div className="site-header-inner">
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <Link to="/" className="logo" aria-label={`${store.brandName} home`}>
          <img src={store.logo} alt={store.brandName} width={600} height={200} />
        </Link>
        <div className="header-tools">
          <CurrencySwitcher />
          <AccountButton />
          <CartButton />
        </div>
        <nav
          id={navId}
          className="main-nav"
          aria-label="Main"
          data-open={menuOpen ? "" : undefined}
        >
          <ul>
            {menus.map((menu) => (
              <li key={menu.label}>
                <details className="dropdown">
                  <summary>{menu.label}</summary>
                  <ul>
                    {menu.items.map((item) => (
                      <li key={item.href}>
                        <Link to={item.href}>{item.label}</Link>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ))}
            {links.map((link) => (
              <li key={link.href}>
                <Link to={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
