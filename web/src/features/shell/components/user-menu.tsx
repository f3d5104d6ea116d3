import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronDown, Coins, LogOut, ScanLine, UserRound } from 'lucide-react';
import type { TAuthUser } from '@app/contracts';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { logOut } from '@/lib/session/log-out';
import { useChecksCodes } from '@/lib/shop-door';
import { roleLabel } from '@/lib/session/roles';
import { fanNumberLabel, formatPayola, userFirstName, userFullName, userInitials } from '@/lib/session/user-identity';

export function UserMenu({ user }: { user: TAuthUser }) {
  const queryClient = useQueryClient();
  const isFan = user.role === 'fan';
  const checksCodes = useChecksCodes(user.paymentCompleted);

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className="group flex items-center gap-3 rounded-full py-1 pr-3 pl-1 transition-colors hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=open]:bg-surface-raised">
        <Avatar src={user.profileImageUrl} fallback={userInitials(user)} size="sm" />
        <span className="flex flex-col items-start text-left leading-tight">
          <span className="max-w-32 truncate text-sm font-semibold">{userFirstName(user)}</span>
          <span className="text-xs text-muted-foreground">{roleLabel(user.role)}</span>
        </span>
        <span className="sr-only">, account menu</span>
        <ChevronDown
          aria-hidden="true"
          className="size-4 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180"
        />
      </DropdownMenuTrigger>

      <DropdownMenuContent className="w-72">
        <DropdownMenuLabel className="flex items-center gap-3 px-3 pt-3 pb-3">
          <Avatar src={user.profileImageUrl} fallback={userInitials(user)} size="md" />
          <span className="flex min-w-0 flex-col">
            <span className="truncate text-sm font-semibold">{userFullName(user)}</span>
            <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
          </span>
        </DropdownMenuLabel>
        {isFan && (
          <div className="flex flex-wrap gap-2 px-3 pb-3">
            {fanNumberLabel(user) && (
              <Badge variant="default" size="sm">
                {fanNumberLabel(user)}
              </Badge>
            )}
            <Badge variant="accent" size="sm">
              Founding Fan
            </Badge>
          </div>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem asChild>
            <Link to="/profile">
              <UserRound aria-hidden="true" />
              My Profile
            </Link>
          </DropdownMenuItem>
          {user.payolaBalance > 0 && (
            <DropdownMenuItem asChild>
              <Link to="/payola">
                <Coins aria-hidden="true" />
                Payola Balance: {formatPayola(user.payolaBalance)}
              </Link>
            </DropdownMenuItem>
          )}
          {checksCodes && (
            <DropdownMenuItem asChild>
              <Link to="/shop/check">
                <ScanLine aria-hidden="true" />
                Check a code
              </Link>
            </DropdownMenuItem>
          )}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => logOut(queryClient)}>
          <LogOut aria-hidden="true" />
          Log Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
