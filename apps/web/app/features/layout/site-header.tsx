import type { StoreInfo } from "@storefront/domain";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { AccountButton } from "~/features/account";
import { CartButton, CurrencySwitcher } from "~/features/cart";

// The server renders the search in full (a plain form to the results page until the code comes);
// the browser loads its code apart from the first page's, and hydrates it then.
const SearchBar = lazy(() => import("~/features/search"));
// One element for every render: an update reaching the boundary before its code has loaded would
// make React drop the server's HTML and render it afresh (a flash, and a shift of the tools).
const searchBar = (
  <Suspense>
    <SearchBar />
  </Suspense>
);

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
 * a panel behind the Menu button below it. Open menus close when the route changes, on Escape
 * (giving the focus back to their button), on a press outside them and when the focus leaves
 * them; the panel also closes on Escape, giving the focus back to Menu.
 */
export function SiteHeader({ store }: { store: StoreInfo }) {
  const atTop = useAtTop();
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const ref = useRef<HTMLElement>(null);
  // The Dogs and Cats menus: disclosure buttons, one open at a time.
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  // A pointer is down: a focus change now is the press's, which the handlers below deal with.
  const pressing = useRef(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design.
  useEffect(() => {
    setMenuOpen(false);
    setOpenMenu(null);
  }, [location.pathname, location.search]);
  // Escape closes the open menu, else the Menu panel, and gives the focus back to its button; a
  // press outside every menu closes the open one (another menu's button opens that one instead).
  useEffect(() => {
    if (openMenu === null && !menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const button = ref.current?.querySelector<HTMLElement>(
        openMenu === null ? ".menu-toggle" : ".dropdown-toggle[aria-expanded=true]",
      );
      if (openMenu === null) setMenuOpen(false);
      else setOpenMenu(null);
      button?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      pressing.current = true;
      if (!(event.target as Element).closest?.(".dropdown")) setOpenMenu(null);
    };
    const onRelease = () => {
      pressing.current = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("pointerup", onRelease);
    document.addEventListener("pointercancel", onRelease);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("pointerup", onRelease);
      document.removeEventListener("pointercancel", onRelease);
      pressing.current = false;
    };
  }, [openMenu, menuOpen]);
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
          {searchBar}
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
            {menus.map((menu, i) => {
              const open = openMenu === menu.label;
              const listId = `${navId}-menu-${i}`;
              return (
                <li
                  key={menu.label}
                  className="dropdown"
                  // Focus moved out of an open menu by keyboard (Tab past its last link) closes
                  // it. A press is left to the press handlers: closing at once would move the
                  // other menu's button away under the pointer (the narrow panel's list).
                  onBlur={(event) => {
                    const next = event.relatedTarget as Node | null;
                    if (!open || pressing.current || !next) return;
                    if (!event.currentTarget.contains(next)) setOpenMenu(null);
                  }}
                >
                  <button
                    type="button"
                    className="dropdown-toggle"
                    aria-expanded={open}
                    aria-controls={listId}
                    onClick={() => setOpenMenu(open ? null : menu.label)}
                  >
                    {menu.label}
                  </button>
                  <ul id={listId} hidden={!open}>
                    {menu.items.map((item) => (
                      <li key={item.href}>
                        <Link to={item.href}>{item.label}</Link>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
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
