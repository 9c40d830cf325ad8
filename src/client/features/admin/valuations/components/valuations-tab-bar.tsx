import { NavLink } from 'react-router';
import { cn } from '~/client/lib/cn';
import { adminPaths } from '../../admin-paths';
import { useValuationList } from '../api/list-valuations';
import { noListSearch } from '../lib/list-search';
import { formatTotal } from './valuations-pager';

const tabs = [
  { to: adminPaths.dashboard, label: 'Active Valuations', end: true },
  { to: adminPaths.archived, label: 'Archived' },
  { to: adminPaths.users, label: 'Users' },
  { to: adminPaths.purchasedVehicles, label: 'Purchased Vehicles' },
  { to: adminPaths.reviews, label: 'Reviews' },
  { to: adminPaths.calls, label: 'Call Logs' },
] as const;

/** SPEC section 2's tab bar of the archive: the lists and areas beside it, with the archive's count. */
export function ValuationsTabBar() {
  const archived = useValuationList('archived', noListSearch).data;
  return (
    <nav aria-label="Valuation lists and areas" className="mb-6 border-b border-line">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map((tab) => (
          <li key={tab.to} className="shrink-0">
            <NavLink
              to={tab.to}
              end={'end' in tab}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-2 border-b-[3px] px-3 py-2.5 text-sm font-semibold whitespace-nowrap transition-colors',
                  isActive
                    ? 'border-brand-700 text-brand-950'
                    : 'border-transparent text-muted hover:border-brand-200 hover:text-brand-900',
                )
              }
            >
              {tab.label}
              {tab.to === adminPaths.archived && archived ? (
                <>
                  <span
                    aria-hidden="true"
                    className="rounded-full bg-brand-50 px-2 text-xs leading-5 text-brand-800 tabular-nums"
                  >
                    {formatTotal(archived.total, archived.totalCapped)}
                  </span>
                  <span className="sr-only">({formatTotal(archived.total, archived.totalCapped)})</span>
                </>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
