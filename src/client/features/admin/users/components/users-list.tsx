import { EmailAddress } from '~/client/components/email-address';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import type { AdminUser } from '~/shared/auth-schemas';
import { formatUkDate } from '../../lib/format-date';
import { fullName, UserAvatar, UserBadges } from './user-badges';
import { UserRowActions, type UserAction } from './user-row-actions';

type UsersListProps = {
  users: AdminUser[];
  currentUserId: number;
  onEdit: UserAction;
  onDelete: UserAction;
};

function NotGiven() {
  return (
    <>
      <span aria-hidden="true" className="text-slate-400">
        —
      </span>
      <span className="sr-only">Not given</span>
    </>
  );
}

/**
 * The admin users (SPEC section 2): a table from tablet width up, and a list
 * of stacked cards on a phone. Only one of the two is displayed (and so in
 * the accessibility tree) at a time.
 */
export function UsersList(props: UsersListProps) {
  return (
    <>
      <UsersTable {...props} />
      <UsersCards {...props} />
    </>
  );
}

function UsersTable({ users, currentUserId, onEdit, onDelete }: UsersListProps) {
  return (
    <Table wrapperClassName="hidden md:block">
      <caption className="sr-only">Admin users</caption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Username</TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Email</TableHead>
          <TableHead>Created</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => {
          const isSelf = user.id === currentUserId;
          return (
            <TableRow key={user.id}>
              <TableCell>
                <div className="flex items-center gap-3">
                  <UserAvatar user={user} />
                  <div className="flex flex-wrap items-center gap-1.5">
                    <span className="font-semibold text-brand-950">{user.username}</span>
                    <UserBadges isSelf={isSelf} isAdmin={user.isAdmin} />
                  </div>
                </div>
              </TableCell>
              <TableCell>{fullName(user) ?? <NotGiven />}</TableCell>
              <TableCell className="max-w-72">
                {user.email ? <EmailAddress address={user.email} /> : <NotGiven />}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <time dateTime={user.createdAt}>{formatUkDate(user.createdAt)}</time>
              </TableCell>
              <TableCell className="text-right">
                <UserRowActions user={user} isSelf={isSelf} onEdit={onEdit} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function UsersCards({ users, currentUserId, onEdit, onDelete }: UsersListProps) {
  return (
    <ul aria-label="Admin users" className="divide-y divide-line md:hidden">
      {users.map((user) => {
        const isSelf = user.id === currentUserId;
        const name = fullName(user);
        return (
          <li key={user.id} className="flex items-start gap-3 px-4 py-4">
            <UserAvatar user={user} />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-1.5">
                <span className="font-semibold break-all text-brand-950">{user.username}</span>
                <UserBadges isSelf={isSelf} isAdmin={user.isAdmin} />
              </p>
              <dl className="mt-1.5 grid gap-0.5 text-sm">
                <div className="flex gap-1.5">
                  <dt className="sr-only">Name</dt>
                  <dd className={name ? 'text-ink' : 'text-slate-500'}>{name ?? 'No name given'}</dd>
                </div>
                <div className="flex gap-1.5">
                  <dt className="sr-only">Email</dt>
                  <dd className="min-w-0 text-muted">
                    {user.email ? <EmailAddress address={user.email} /> : 'No email address'}
                  </dd>
                </div>
                <div className="flex gap-1.5 text-muted">
                  <dt>Created</dt>
                  <dd>
                    <time dateTime={user.createdAt}>{formatUkDate(user.createdAt)}</time>
                  </dd>
                </div>
              </dl>
            </div>
            <div className="-mt-1.5 -mr-2">
              <UserRowActions user={user} isSelf={isSelf} onEdit={onEdit} onDelete={onDelete} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
