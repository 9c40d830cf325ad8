import { MoreHorizontal, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '~/client/components/ui/dropdown-menu';
import { cn } from '~/client/lib/cn';
import { adminPaths } from '../../../admin-paths';
import { adminNavItem } from '../../../layout/admin-nav-items';

/** SPEC's shortcuts to other areas, named and drawn as the navigation names them (issue 31). */
const areas = [
  adminPaths.calls,
  adminPaths.voiceMessages,
  adminPaths.reviews,
  adminPaths.analytics,
  adminPaths.purchasedVehicles,
].map(adminNavItem);
const archive = adminNavItem(adminPaths.archived);

/**
 * The dashboard's header buttons (SPEC section 2): the other back-office areas, the archive and
 * Refresh. On a wide screen all are buttons; narrower, the five areas fold into a "More" menu
 * so the row stays one tidy line.
 */
export function DashboardActions({ onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean }) {
  return (
    <>
      <div className="hidden gap-2 xl:flex">
        {areas.map(({ to, label, icon: Icon }) => (
          <Button key={to} asChild variant="outline" size="sm">
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </Button>
        ))}
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" className="flex-1 sm:flex-none xl:hidden">
            <MoreHorizontal aria-hidden="true" />
            More
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          {areas.map(({ to, label, icon: Icon }) => (
            <DropdownMenuItem key={to} asChild>
              <Link to={to}>
                <Icon aria-hidden="true" />
                {label}
              </Link>
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <Button asChild variant="outline" size="sm" className="flex-1 sm:flex-none">
        <Link to={archive.to}>
          <archive.icon aria-hidden="true" />
          {archive.label}
        </Link>
      </Button>
      <Button variant="brand" size="sm" className="flex-1 sm:flex-none" onClick={onRefresh} disabled={refreshing}>
        <RefreshCw aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
        Refresh
      </Button>
    </>
  );
}
