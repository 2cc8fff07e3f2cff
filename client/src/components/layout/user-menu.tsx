import Church from 'lucide-react/icons/church';
import LogOut from 'lucide-react/icons/log-out';
import Settings from 'lucide-react/icons/settings';
import Shield from 'lucide-react/icons/shield';
import { useLocation } from 'wouter';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Trans, useT } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { initials } from '@/lib/utils';

/** The user menu: Profile Settings, Switch Communities, Administration, Sign Out. */
export function UserMenu() {
  const t = useT();
  const { user, logoutMutation } = useAuth();
  const [, navigate] = useLocation();
  if (!user) return null;
  return (
    <DropdownMenu>
      {/* Named by its text ('<name>, account menu'), so the name a voice-control user reads on screen works. */}
      <DropdownMenuTrigger
        title={user.displayName}
        className="flex min-w-0 items-center gap-2 rounded-full p-0.5 pr-0.5 transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:pr-3"
      >
        <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-700 text-sm font-semibold text-primary-foreground">
          {initials(user.displayName)}
        </span>
        <Trans
          id="<0>{name}</0><1>{name}</1><2>, account menu</2>"
          values={{ name: user.displayName }}
          components={{
            0: <span className="sr-only md:hidden" />,
            1: <span className="hidden max-w-48 truncate text-sm font-medium md:block" />,
            2: <span className="sr-only" />,
          }}
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block truncate font-semibold">{user.displayName}</span>
          {user.email ? <span className="block truncate text-xs text-muted-foreground">{user.email}</span> : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/profile')}>
          <Settings aria-hidden="true" />
          {t('Profile Settings')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/community-access')}>
          <Church aria-hidden="true" />
          {t('Switch Communities')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/admin')}>
          <Shield aria-hidden="true" />
          {t('Administration')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logoutMutation.isPending} onSelect={() => logoutMutation.mutate()}>
          <LogOut aria-hidden="true" />
          {logoutMutation.isPending ? t('Signing Out...') : t('Sign Out')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
