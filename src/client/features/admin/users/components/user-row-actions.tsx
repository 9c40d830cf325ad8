import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '~/client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '~/client/components/ui/dropdown-menu';
import type { AdminUser } from '~/shared/auth-schemas';

export type UserAction = (user: AdminUser, returnFocusTo: HTMLElement | null) => void;

/** The row menu: Edit, and Delete except on your own row (SPEC section 6). */
export function UserRowActions({
  user,
  isSelf,
  onEdit,
  onDelete,
}: {
  user: AdminUser;
  isSelf: boolean;
  onEdit: UserAction;
  onDelete: UserAction;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button ref={triggerRef} variant="ghost" size="icon" aria-label={`Actions for ${user.username}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-40">
        <DropdownMenuItem onSelect={() => onEdit(user, triggerRef.current)}>
          <Pencil aria-hidden="true" />
          Edit
        </DropdownMenuItem>
        {isSelf ? null : (
          <DropdownMenuItem variant="destructive" onSelect={() => onDelete(user, triggerRef.current)}>
            <Trash2 aria-hidden="true" />
            Delete
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
