import {
  Archive,
  BarChart3,
  MessageSquareQuote,
  MoreHorizontal,
  Phone,
  RefreshCw,
  Truck,
  Voicemail,
  type LucideIcon,
} from 'lucide-react';
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

const areas: { to: string; label: string; icon: LucideIcon }[] = [
  { to: adminPaths.calls, label: 'Calls', icon: Phone },
  { to: adminPaths.voiceMessages, label: 'Voice Messages', icon: Voicemail },
  { to: adminPaths.reviews, label: 'Reviews', icon: MessageSquareQuote },
  { to: adminPaths.analytics, label: 'Analytics', icon: BarChart3 },
  { to: adminPaths.purchasedVehicles, label: 'Purchased Vehicles', icon: Truck },
];

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
        <Link to={adminPaths.archived}>
          <Archive aria-hidden="true" />
          Archived
        </Link>
      </Button>
      <Button variant="brand" size="sm" className="flex-1 sm:flex-none" onClick={onRefresh} disabled={refreshing}>
        <RefreshCw aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
        Refresh
      </Button>
    </>
  );
}
