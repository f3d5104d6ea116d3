import { BadgeCheck, Coins, Hash, Sparkles, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { TAuthUser } from '@app/contracts';
import { AppPage } from '@/components/ui/app-page';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session/auth-user-query';
import { readSelectedRole } from '@/lib/session/local-account';
import { roleLabel } from '@/lib/session/roles';
import { fanNumberLabel, formatPayola, userFullName, userInitials } from '@/lib/session/user-identity';
import { AccountSettingsCard } from './account-settings-card';
import { ExportDataSection } from './export-data-section';
import { DeleteAccountSection } from './delete-account-section';
import { ProfileDetailsCard } from './profile-details-card';
import { SettingsCard } from './settings-card';

/** docs/product.md §2 "My Profile": identity and badges, then the four cards. Guarded by the _app layout. */
export function ProfilePage() {
  const { user } = useSession();
  if (!user) return <PageSpinner />;
  return <Profile user={user} />;
}

function Profile({ user }: { user: TAuthUser }) {
  // Spec: the fan badges show when the locally selected role (default fan) or the account's role is fan.
  const [selectedRole] = useState(() => readSelectedRole() ?? 'fan');
  const showFanBadges = selectedRole === 'fan' || user.role === 'fan';

  return (
    <AppPage eyebrow="Account" title="My Profile">
      <Card className="mt-8 animate-rise overflow-hidden [animation-delay:80ms]">
        <div
          aria-hidden="true"
          className="h-24 bg-[radial-gradient(90%_140%_at_0%_0%,rgb(198_244_50/0.35),transparent_60%),linear-gradient(120deg,#1c1c22,#0d0d10)] sm:h-28"
        />
        <div className="flex flex-col gap-5 px-6 pb-7 sm:flex-row sm:items-end sm:gap-6 sm:px-8">
          <Avatar
            src={user.profileImageUrl}
            fallback={userInitials(user)}
            size="lg"
            className="-mt-10 size-20 text-2xl ring-4 ring-surface sm:-mt-12 sm:size-24 sm:text-3xl"
          />
          <div className="min-w-0 flex-1">
            <h2 className="font-display text-2xl break-words font-bold tracking-tight sm:text-3xl">
              {userFullName(user)}
            </h2>
            <p className="mt-1 text-sm font-semibold text-accent">{roleLabel(user.role)}</p>
            <p className="mt-0.5 text-sm break-words text-muted-foreground">
              {/* A long address wraps before the @ rather than mid-word. */}
              {user.email.split('@')[0]}
              <wbr />@{user.email.split('@').slice(1).join('@')}
            </p>
          </div>
        </div>
        <ul aria-label="Badges" className="flex flex-wrap gap-2 border-t border-border px-6 py-5 sm:px-8">
          {fanNumberLabel(user) && (
            <ProfileBadge icon={Hash} variant="default">
              {fanNumberLabel(user)}
            </ProfileBadge>
          )}
          {showFanBadges && (
            <>
              <ProfileBadge icon={Sparkles} variant="accent">
                Founding Fan
              </ProfileBadge>
              <ProfileBadge icon={Coins} variant="soft" srPrefix="Payola balance:">
                {formatPayola(user.payolaBalance)} PYL
              </ProfileBadge>
            </>
          )}
          <ProfileBadge icon={BadgeCheck} variant="soft">
            Verified
          </ProfileBadge>
        </ul>
      </Card>

      <div className="mt-6 grid animate-rise grid-cols-1 gap-6 [animation-delay:120ms] lg:grid-cols-2">
        <ProfileDetailsCard user={user} />
        <AccountSettingsCard user={user} />
        <SettingsCard user={user} kind="privacySettings" />
        <SettingsCard user={user} kind="notificationSettings" />
      </div>
      <ExportDataSection />
      <DeleteAccountSection user={user} />
    </AppPage>
  );
}

interface ProfileBadgeProps {
  icon: LucideIcon;
  variant: 'default' | 'accent' | 'soft';
  /** Read before the visible text by screen readers, when the text alone is terse. */
  srPrefix?: string;
  children: ReactNode;
}

function ProfileBadge({ icon: Icon, variant, srPrefix, children }: ProfileBadgeProps) {
  return (
    <li>
      <Badge variant={variant} size="lg">
        <Icon aria-hidden="true" />
        {srPrefix && <span className="sr-only">{srPrefix} </span>}
        {children}
      </Badge>
    </li>
  );
}
