import { ArrowRight, KeyRound, Mail, UsersRound } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import type { RouteHandle } from '~/client/lib/page-meta';
import { adminPaths } from '../admin-paths';
import { ChangePasswordDialog, displayName, initials, useAdminUser } from '../auth';
import { PageHeader } from '../layout/page-header';

export const handle: RouteHandle = { meta: { title: 'Dashboard', noindex: true } };

/**
 * /admin until the valuations dashboard arrives: a welcome, the areas that
 * exist and the signed-in account. No figures until there are real ones.
 */
export function Component() {
  const user = useAdminUser();
  return (
    <>
      <PageHeader
        title={`Welcome, ${user.firstName || user.username}`}
        description="This is the back office. Valuation requests, reviews, calls and the other areas appear here as they are switched on."
      />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <li>
          <AreaCard
            to={adminPaths.users}
            icon={<UsersRound aria-hidden="true" className="size-6" />}
            title="Admin users"
            text="Create accounts for staff, edit their details and remove access."
          />
        </li>
        <li>
          <AreaCard
            to={adminPaths.messages}
            icon={<Mail aria-hidden="true" className="size-6" />}
            title="Messages"
            text="Every e-mail and text message the site sends, whether it went, and a test message to check the set-up."
          />
        </li>
        <li>
          <AccountCard />
        </li>
      </ul>
    </>
  );
}

function AreaCard({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Card className="group relative flex h-full flex-col p-5 transition-shadow focus-within:ring-3 focus-within:ring-brand-500/40 hover:shadow-lg sm:p-6">
      <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">{icon}</span>
      <h2 className="mt-4 text-lg font-bold text-brand-950">
        <Link
          to={to}
          className="after:absolute after:inset-0 after:rounded-[var(--radius-card)] focus-visible:outline-none"
        >
          {title}
        </Link>
      </h2>
      <p className="mt-1 text-sm text-muted">{text}</p>
      <span
        aria-hidden="true"
        className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-semibold text-brand-600 transition-[gap] group-hover:gap-2"
      >
        Open
        <ArrowRight className="size-4" />
      </span>
    </Card>
  );
}

function AccountCard() {
  const user = useAdminUser();
  const [changing, setChanging] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <Card className="flex h-full flex-col p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-11 items-center justify-center rounded-full bg-plate text-sm font-bold text-brand-950"
        >
          {initials(user)}
        </span>
        <div className="min-w-0">
          <h2 className="text-lg leading-tight font-bold text-brand-950">Your account</h2>
          <p className="truncate text-sm text-muted">
            {displayName(user) === user.username ? 'Signed in now' : displayName(user)}
          </p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Username</dt>
        <dd className="min-w-0 truncate font-medium">{user.username}</dd>
        <dt className="text-muted">Access</dt>
        <dd>
          <Badge variant="subtle">{user.isAdmin ? 'Admin' : 'Staff'}</Badge>
        </dd>
      </dl>
      <div className="mt-auto pt-4">
        <Button ref={buttonRef} variant="outline" size="sm" onClick={() => setChanging(true)}>
          <KeyRound aria-hidden="true" />
          Change password
        </Button>
      </div>
      <ChangePasswordDialog open={changing} onOpenChange={setChanging} finalFocus={buttonRef} />
    </Card>
  );
}
