import { BrandLogo } from '~/client/components/brand-logo';
import { SpriteIcon } from '~/client/components/sprite-icon';
import { buttonVariants } from '~/client/components/ui/button-variants';
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

function HeaderLink({ item, currentPath, mobile = false }: { item: NavItem; currentPath: string; mobile?: boolean }) {
  const current = isCurrentPage(item, currentPath);
  return (
    <a href={item.to} className={linkClass(current)} aria-current={current ? 'page' : undefined}>
      {mobile ? (item.mobileLabel ?? item.label) : item.label}
    </a>
  );
}

export type SiteHeaderProps = {
  /** The page's path, for the current page's link. */
  currentPath: string;
};

/** The phone menu's id: one header per page. */
export const SITE_MENU_ID = 'site-menu';

/**
 * The public pages' header: brand, main navigation and, on phones, a menu button. Rendered on the
 * server only, with no script of its own (issue 33): the phone menu is a popover the browser opens
 * from its button, with JavaScript or without it, before any script has loaded. The browser closes
 * it on Escape (focus goes back to the button) or a tap outside it, and tells assistive technology
 * whether it is open. The pages' loader (src/client/entry-public.tsx) adds what a popover does not
 * do on its own: it sets the menu just under the header, closes it when one of its links stays on
 * the page (How It Works), and opens it in browsers without popovers.
 */
export function SiteHeader({ currentPath }: SiteHeaderProps) {
  const { tradingName } = useSiteConfig();
  return (
    <header
      data-site-header=""
      className="group/header sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85"
    >
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
            type="button"
            popoverTarget={SITE_MENU_ID}
            className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'nav:hidden' })}
          >
            {/* Its icon and name follow the menu's state through CSS (:popover-open), not a script. */}
            <SpriteIcon name="menu" className="group-has-[#site-menu:popover-open]/header:hidden" />
            <SpriteIcon name="x" className="hidden group-has-[#site-menu:popover-open]/header:block" />
            <span className="sr-only group-has-[#site-menu:popover-open]/header:hidden">Open menu</span>
            <span className="sr-only hidden group-has-[#site-menu:popover-open]/header:inline">Close menu</span>
          </button>
        </div>
      </Container>
      {/* A popover sits above the page, from the header's foot (4rem, or where the loader measures it). */}
      <nav
        id={SITE_MENU_ID}
        popover="auto"
        aria-label="Main"
        className="inset-x-0 top-[var(--site-menu-top,4rem)] bottom-auto m-0 h-auto max-h-[calc(100dvh-var(--site-menu-top,4rem))] w-full max-w-none overflow-y-auto border-0 border-b border-line bg-white p-0 text-ink shadow-[var(--shadow-card)] nav:hidden"
      >
        <Container className="flex flex-col gap-1 py-3">
          {headerNavItems.map((item) => (
            <HeaderLink key={item.to} item={item} currentPath={currentPath} mobile />
          ))}
          <a href={paths.valuation} className={buttonVariants({ className: 'mt-2 w-full sm:hidden' })}>
            Get My Valuation
          </a>
        </Container>
      </nav>
    </header>
  );
}
