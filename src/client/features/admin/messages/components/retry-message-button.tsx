import { RotateCcw } from 'lucide-react';
import { Button, type ButtonProps } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { retryableStatuses, type MessageSummary } from '~/shared/messages';
import { errorMessage } from '../../lib/server-errors';
import { useRetryMessage } from '../api/retry-message';

/** Failed or held, and its content still kept (retention leaves nothing to send). */
export function canRetry(message: Pick<MessageSummary, 'status' | 'contentDeletedAt'>): boolean {
  return retryableStatuses.includes(message.status) && !message.contentDeletedAt;
}

/**
 * "Retry" for a failed or held message: queues it again and says so, or shows the server's
 * reason (409 when it is no longer failed or held). `onRetried` runs once it is queued, when
 * the button is about to disappear (so focus can move somewhere sensible).
 */
export function RetryMessageButton({
  message,
  onRetried,
  variant = 'outline',
  size = 'sm',
  className,
  'aria-label': ariaLabel,
}: {
  message: Pick<MessageSummary, 'id' | 'status'>;
  onRetried?: () => void;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  'aria-label'?: string;
}) {
  const retry = useRetryMessage();
  const run = async () => {
    try {
      await retry.mutateAsync(message.id);
      toast({ title: 'Message queued to send again' });
      onRetried?.();
    } catch (error) {
      toast({
        title: 'Could not retry the message',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      aria-label={ariaLabel}
      disabled={retry.isPending}
      onClick={(event) => {
        // In a list row, retrying does not also open the message.
        event.stopPropagation();
        void run();
      }}
    >
      {retry.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
      {retry.isPending ? 'Retrying...' : 'Retry'}
    </Button>
  );
}
