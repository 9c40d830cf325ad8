import { ChevronDown, KeyRound, LogOut, Users } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/client/components/ui/dropdown-menu';
import { adminPaths } from '../admin-paths';
import { displayName, initials, useAdminUser } from '../auth/admin-user-context';
import { ChangePasswordDialog } from '../auth/change-password-dialog';
import { useSignOut } from '../auth/use-sign-out';

/** The signed-in admin's menu (SPEC section 2): Manage Users, Change Password, Log out. */
export function AccountMenu() {
  const user = useAdminUser();
  const signOut = useSignOut();
  const [changingPassword, setChangingPassword] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const name = displayName(user);

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          ref={triggerRef}
          aria-label={`Account menu, signed in as ${name}`}
          className="flex items-center gap-2 rounded-full p-1 text-sm sm:pr-2 font-semibold text-white transition-colors hover:bg-white/10 data-[state=open]:bg-white/10"
        >
          <span
            aria-hidden="true"
            className="flex size-9 items-center justify-center rounded-full bg-plate text-sm font-bold text-brand-950"
          >
            {initials(user)}
          </span>
          <span className="hidden max-w-40 truncate sm:inline">{name}</span>
          <ChevronDown aria-hidden="true" className="hidden size-4 text-brand-100 sm:block" />
        </DropdownMenuTrigger>
        <DropdownMenuContent className="w-64">
          <DropdownMenuLabel>
            <span className="block truncate font-semibold text-brand-950">{name}</span>
            <span className="block truncate text-muted">
              {name === user.username ? '' : `${user.username} · `}
              {user.isAdmin ? 'Admin' : 'Staff'}
            </span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to={adminPaths.users}>
              <Users aria-hidden="true" />
              Manage Users
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setChangingPassword(true)}>
            <KeyRound aria-hidden="true" />
            Change Password
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem disabled={signOut.pending} onSelect={signOut.run}>
            <LogOut aria-hidden="true" />
            Log out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ChangePasswordDialog open={changingPassword} onOpenChange={setChangingPassword} finalFocus={triggerRef} />
    </>
  );
}
