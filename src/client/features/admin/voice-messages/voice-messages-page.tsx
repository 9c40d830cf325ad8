import { Phone } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast';
import type { RouteHandle } from '~/client/lib/page-meta';
import { useSiteConfig } from '~/client/lib/site-config';
import {
  defaultVoiceMessages,
  voiceMessageLabels,
  voiceMessageMessages as vm,
  voiceMessageTypes,
  type VoiceMessageType,
} from '~/shared/voice-messages';
import { Card } from '~/client/components/ui/card';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog';
import { ListError, ListLoading } from '../components/list-states';
import { adminPaths } from '../admin-paths';
import { PageHeader } from '../layout/page-header';
import { errorMessage } from '../lib/server-errors';
import { useAudioFiles, useRemoveAudio } from './api/audio-files';
import { RecordingTips } from './components/recording-tips';
import { VoiceMessageCard } from './components/voice-message-card';

export const handle: RouteHandle = { meta: { title: 'Voice messages', noindex: true } };

/**
 * /admin/voice-messages (SPEC section 2, issue 16): what callers hear on the business number. Each
 * message is Twilio's default until staff upload a recording; Remove goes back to the default.
 */
export function Component() {
  const { tradingName } = useSiteConfig();
  const files = useAudioFiles();
  const remove = useRemoveAudio();
  const [removing, setRemoving] = useState<VoiceMessageType | null>(null);

  const defaults: Record<VoiceMessageType, string | null> = {
    welcome: defaultVoiceMessages.welcome(tradingName),
    voicemail: defaultVoiceMessages.voicemail,
    hold: null,
  };

  const confirmRemove = async (type: VoiceMessageType) => {
    try {
      await remove.mutateAsync(type);
      toast({
        title: vm.deleted,
        description: `The ${voiceMessageLabels[type].toLowerCase()} message is the default again.`,
      });
    } catch (error) {
      toast({
        title: vm.deleteFailed,
        description: errorMessage(error, vm.deleteFailedDetail),
        variant: 'destructive',
      });
    }
  };

  return (
    <>
      <PageHeader
        title="Voice messages"
        description="What callers hear when they ring the business number. Upload your own recordings, or keep the defaults."
        actions={
          <Link to={adminPaths.calls} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            <Phone aria-hidden="true" />
            Calls
          </Link>
        }
      />
      {files.data ? (
        <div className="grid gap-4 sm:gap-6 lg:grid-cols-3">
          {voiceMessageTypes.map((type) => (
            <VoiceMessageCard
              key={type}
              type={type}
              customUrl={files.data[type]}
              defaultText={defaults[type]}
              onRemove={setRemoving}
            />
          ))}
        </div>
      ) : files.isError ? (
        <Card>
          <ListError
            title="Could not load the voice messages"
            error={files.error}
            onRetry={() => void files.refetch()}
          />
        </Card>
      ) : (
        <ListLoading label="Loading the voice messages…" />
      )}
      <div className="mt-4 sm:mt-6">
        <RecordingTips />
      </div>
      <ConfirmDeleteDialog
        item={removing}
        title="Remove this recording?"
        description="Callers will hear the default message again. The recording is deleted; upload it again to use it later."
        summary={(type) => `${voiceMessageLabels[type]} message`}
        confirmLabel="Remove recording"
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onOpenChange={(open) => !open && setRemoving(null)}
      />
    </>
  );
}
