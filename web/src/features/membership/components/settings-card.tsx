import { Save } from 'lucide-react';
import { useState } from 'react';
import { PROFILE_MESSAGES, type NotificationSettingKey, type PrivacySettingKey, type TAuthUser } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { serverMessageOr } from '@/lib/api-client';
import { useUpdateProfileMutation } from '../api/profile';

const PRIVACY_LABELS: Record<PrivacySettingKey, string> = {
  profilePublic: 'Public profile',
  chartsPublic: 'Show my charts',
  playlistsPublic: 'Show my playlists',
  recordBinPublic: 'Show my record bin',
  commentsPublic: 'Show my comments',
  videoCommentsPublic: 'Show my video comments',
  videosPublic: 'Show my videos',
  livestreamsPublic: 'Show my livestreams',
  addedArtistsPublic: 'Show the artists I added',
  upvotesPublic: 'Show my upvotes',
  artistsContact: 'Let my artists contact me',
};

const NOTIFICATION_LABELS: Record<NotificationSettingKey, string> = {
  profileNotifications: 'Profile activity',
  chartsNotifications: 'Charts',
  playlistsNotifications: 'Playlists',
  recordBinNotifications: 'Record bin',
  commentsNotifications: 'Comments',
  videoCommentsNotifications: 'Video comments',
  videosNotifications: 'Videos',
  livestreamsNotifications: 'Livestreams',
  addedArtistsNotifications: 'Artists I added',
  upvotesNotifications: 'Upvotes',
  artistsContactNotifications: 'Messages from artists',
};

type Kind = 'privacySettings' | 'notificationSettings';

/** Cards 3 and 4: Visibility + Sharing Settings and Notification Settings, each toggle with its default. */
export function SettingsCard({ user, kind }: { user: TAuthUser; kind: Kind }) {
  const labels: Record<string, string> = kind === 'privacySettings' ? PRIVACY_LABELS : NOTIFICATION_LABELS;
  const [values, setValues] = useState<Record<string, boolean>>(() => ({ ...user[kind] }));
  const update = useUpdateProfileMutation(user.id);
  const dirty = Object.keys(labels).some((key) => values[key] !== (user[kind] as Record<string, boolean>)[key]);

  function save() {
    update.mutate(
      { [kind]: values },
      {
        onSuccess: (next) => {
          setValues({ ...next[kind] });
          toast({ title: PROFILE_MESSAGES.profileSaved, description: PROFILE_MESSAGES.profileSavedDetail });
        },
        onError: (error) =>
          toast({
            title: PROFILE_MESSAGES.profileSaveFailedTitle,
            description: serverMessageOr(error, PROFILE_MESSAGES.profileSaveFailed),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <Card className="p-6 sm:p-7">
      <h2 className="font-display text-xl font-semibold tracking-tight">
        {kind === 'privacySettings' ? 'Visibility + Sharing Settings' : 'Notification Settings'}
      </h2>
      <div className="mt-6 flex flex-col gap-4">
        {Object.entries(labels).map(([key, label]) => (
          <Switch
            key={key}
            label={label}
            checked={values[key] ?? false}
            onCheckedChange={(checked) => setValues((current) => ({ ...current, [key]: checked }))}
          />
        ))}
      </div>
      <Button
        className="mt-6 self-start"
        onClick={save}
        disabled={!dirty}
        loading={update.isPending}
        loadingText="Saving..."
      >
        <Save aria-hidden="true" />
        Save Settings
      </Button>
    </Card>
  );
}
