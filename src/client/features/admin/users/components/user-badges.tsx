import { ShieldCheck } from 'lucide-react';
import { Badge } from '~/client/components/ui/badge';
import { initials } from '../../auth';

/** "You" on the signed-in admin's own row, and the account's role. */
export function UserBadges({ isSelf, isAdmin }: { isSelf: boolean; isAdmin: boolean }) {
  return (
    <>
      {isSelf ? <Badge variant="plate">You</Badge> : null}
      {isAdmin ? (
        <Badge variant="subtle">
          <ShieldCheck aria-hidden="true" />
          Admin
        </Badge>
      ) : (
        <Badge variant="neutral">Staff</Badge>
      )}
    </>
  );
}

export function UserAvatar({
  user,
}: {
  user: { username: string; firstName: string | null; lastName: string | null };
}) {
  return (
    <span
      aria-hidden="true"
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-800"
    >
      {initials(user)}
    </span>
  );
}

/** First and last name, or null when neither is recorded. */
export function fullName(user: { firstName: string | null; lastName: string | null }): string | null {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || null;
}
