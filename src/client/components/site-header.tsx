import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { BrandLogo } from '~/client/components/brand-logo';
import { Button } from '~/client/components/ui/button';
import { Container } from '~/client/components/ui/container';
import { cx } from '~/client/lib/cx';
import { useSiteConfig } from '~/client/lib/site-config';
import { paths } from '~/shared/paths';

type NavItem = { to: string; label: string; mobileLabel?: string; end?: boolean };

/** SPEC section 2: the mobile menu says "Recently Purchased" where desktop says "Previously Purchased". */
export const headerNavItems: NavItem[] = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.howItWorks, label: 'How It Works' },
  { to: paths.recentlyPurchased, label: 'Previously Purchased', mobileLabel: 'Recently Purchased' },
  { to: paths.reviews, label: 'Reviews' },
  { to: paths.about, label: 'About Us' },
  { to: paths.contact, label: 'Contact' },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    'rounded-md px-3 py-2.5 text-base nav:py-2 nav:text-[0.95rem] font-medium transition-colors hover:bg-brand-50',
    isActive
      ? 'text-brand-600 underline decoration-plate-strong decoration-[3px] underline-offset-[6px]'
      : 'text-brand-900',
  );

function HeaderLink({ item, mobile = false }: { item: NavItem; mobile?: boolean }) {
  const label = mobile ? (item.mobileLabel ?? item.label) : item.label;
  // An in-page anchor is never "the current page", so it gets a plain Link.
  if (item.to.includes('#')) {
    return (
      <Link to={item.to} className={linkClass({ isActive: false })}>
        {label}
      </Link>
    );
  }
  return (
    <NavLink to={item.to} end={item.end} className={linkClass}>
      {label}
    </NavLink>
  );
}

export function SiteHeader() {
  const { tradingName } = useSiteConfig();
  const location = useLocation();
  // The menu remembers the page it was opened on, so navigating closes it.
  const [openOnPage, setOpenOnPage] = useState<string | null>(null);
  const menuOpen = openOnPage === location.key;
  const setMenuOpen = (open: boolean) => setOpenOnPage(open ? location.key : null);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes the menu and puts focus back on its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOnPage(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <Container className="flex h-16 items-center justify-between gap-4">
        {/* The name starts with the visible brand name (WCAG 2.5.3, label in name). */}
        <Link to={paths.home} className="rounded-md" aria-label={`${tradingName} home page`}>
          <BrandLogo />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 nav:flex">
          {headerNavItems.map((item) => (
            <HeaderLink key={item.to} item={item} />
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <Button asChild size="sm" className="max-sm:hidden">
            <Link to={paths.valuation}>Get My Valuation</Link>
          </Button>
          <Button
            ref={toggleRef}
            variant="ghost"
            size="icon"
            className="nav:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          </Button>
        </div>
      </Container>
      <nav id={menuId} aria-label="Main" hidden={!menuOpen} className="border-t border-line bg-white nav:hidden">
        <Container className="flex flex-col gap-1 py-3">
          {headerNavItems.map((item) => (
            <HeaderLink key={item.to} item={item} mobile />
          ))}
          <Button asChild className="mt-2 w-full sm:hidden">
            <Link to={paths.valuation}>Get My Valuation</Link>
          </Button>
        </Container>
      </nav>
    </header>
  );
}
