import { useEffect, useId, useRef, useState } from 'react';
import { BrandLogo } from '~/client/components/brand-logo';
import { SpriteIcon } from '~/client/components/sprite-icon';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { Container } from '~/client/components/ui/container';
import { cx } from '~/client/lib/cx';
import { island } from '~/client/lib/island';
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

const linkClass = (isActive: boolean) =>
  cx(
    'rounded-md px-3 py-2.5 text-base nav:py-2 nav:text-[0.95rem] font-medium transition-colors hover:bg-brand-50',
    isActive
      ? 'text-brand-600 underline decoration-plate-strong decoration-[3px] underline-offset-[6px]'
      : 'text-brand-900',
  );

/** Whether `item` is the page at `currentPath` (an in-page anchor never is). */
export function isCurrentPage(item: NavItem, currentPath: string): boolean {
  if (item.to.includes('#')) return false;
  return item.end ? currentPath === item.to : currentPath === item.to || currentPath.startsWith(`${item.to}/`);
}

function HeaderLink({
  item,
  currentPath,
  mobile = false,
  onFollow,
}: {
  item: NavItem;
  currentPath: string;
  mobile?: boolean;
  onFollow?: () => void;
}) {
  const current = isCurrentPage(item, currentPath);
  return (
    <a href={item.to} className={linkClass(current)} aria-current={current ? 'page' : undefined} onClick={onFollow}>
      {mobile ? (item.mobileLabel ?? item.label) : item.label}
    </a>
  );
}

export type SiteHeaderProps = {
  /** The page's path, for the current page's link. */
  currentPath: string;
};

/**
 * The public pages' header: brand, main navigation and, on phones, a menu button. An island
 * (src/client/lib/island.tsx): the menu opens and closes in the browser, and following one of its
 * links closes it (an in-page one, like How It Works, stays on the page).
 */
export function SiteHeader({ currentPath }: SiteHeaderProps) {
  const { tradingName } = useSiteConfig();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Escape closes the menu and puts focus back on its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <Container className="flex h-16 items-center justify-between gap-4">
        {/* The name starts with the visible brand name (WCAG 2.5.3, label in name). */}
        <a href={paths.home} className="rounded-md" aria-label={`${tradingName} home page`}>
          <BrandLogo />
        </a>
        <nav aria-label="Main" className="hidden items-center gap-1 nav:flex">
          {headerNavItems.map((item) => (
            <HeaderLink key={item.to} item={item} currentPath={currentPath} />
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <a href={paths.valuation} className={buttonVariants({ size: 'sm', className: 'max-sm:hidden' })}>
            Get My Valuation
          </a>
          <button
            ref={toggleRef}
            type="button"
            className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'nav:hidden' })}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <SpriteIcon name={menuOpen ? 'x' : 'menu'} />
            <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          </button>
        </div>
      </Container>
      <nav id={menuId} aria-label="Main" hidden={!menuOpen} className="border-t border-line bg-white nav:hidden">
        <Container className="flex flex-col gap-1 py-3">
          {headerNavItems.map((item) => (
            <HeaderLink
              key={item.to}
              item={item}
              currentPath={currentPath}
              mobile
              onFollow={() => setMenuOpen(false)}
            />
          ))}
          <a href={paths.valuation} className={buttonVariants({ className: 'mt-2 w-full sm:hidden' })}>
            Get My Valuation
          </a>
        </Container>
      </nav>
    </header>
  );
}

export const SiteHeaderIsland = island('components/site-header', SiteHeader);
