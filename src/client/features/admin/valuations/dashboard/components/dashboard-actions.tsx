import {
  Archive,
  BarChart3,
  ChevronDown,
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
      {areas.map(({ to, label, icon: Icon }) => (
        <Button key={to} asChild variant="outline" size="sm" className="hidden xl:inline-flex">
          <Link to={to}>
            <Icon aria-hidden="true" />
            {label}
          </Link>
        </Button>
      ))}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" className="xl:hidden">
            <MoreHorizontal aria-hidden="true" />
            More
            <ChevronDown aria-hidden="true" className="-ml-1 !size-4" />
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
      <Button asChild variant="outline" size="sm">
        <Link to={adminPaths.archived}>
          <Archive aria-hidden="true" />
          Archived
        </Link>
      </Button>
      <Button variant="brand" size="sm" onClick={onRefresh} disabled={refreshing}>
        <RefreshCw aria-hidden="true" className={cn(refreshing && 'animate-spin')} />
        Refresh
      </Button>
    </>
  );
}
