import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { inputClassName } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import { SELLER_MESSAGE_MAX_LENGTH, sellerPortalMessages } from '~/shared/seller-portal-basics';
import { formatUkDateAndTime } from '../../../lib/format-date';
import { errorMessage } from '../../../lib/server-errors';
import { useReplyToSeller } from '../api/reply-to-seller';

/**
 * The conversation with the seller (issue 34): what they wrote from their own page, and staff's
 * answers, which go to the seller by e-mail (with a link to their page) and appear there too.
 */
export function ConversationCard({ valuation }: { valuation: ValuationDetail }) {
  const reply = useReplyToSeller(valuation.id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();

  async function send() {
    if (body.trim() === '') {
      setError(sellerPortalMessages.messageRequired);
      return;
    }
    setError(null);
    try {
      const answer = await reply.mutateAsync(body);
      toast({ title: answer.message });
      setBody('');
    } catch (failure) {
      const message = errorMessage(failure, 'Please try again later.');
      setError(message);
      toast({ title: 'Reply not sent', description: message, variant: 'destructive' });
    }
  }

  return (
    <Card id="conversation" className="scroll-mt-24">
      <CardHeader className="pb-4">
        <CardTitle>Messages with the seller</CardTitle>
        <CardDescription>
          {valuation.firstName} writes from their own page; your reply goes to {valuation.email} and shows there.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {valuation.conversation.length === 0 ? (
          <p className="text-sm text-muted">No messages yet.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Conversation">
            {valuation.conversation.map((message) => (
              <li
                key={message.id}
                className={cn(
                  'rounded-lg border p-3 text-sm',
                  message.author === 'seller' ? 'border-brand-200 bg-brand-50' : 'ml-6 border-line bg-white',
                )}
              >
                <p className="font-semibold text-brand-950">
                  {message.author === 'seller' ? valuation.firstName : (message.staffName ?? 'Staff')} ·{' '}
                  <span className="font-normal text-muted">{formatUkDateAndTime(message.createdAt)}</span>
                </p>
                <p className="mt-1 whitespace-pre-line text-ink">{message.body}</p>
              </li>
            ))}
          </ol>
        )}
        <form
          noValidate
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <Label htmlFor={fieldId}>Reply to {valuation.firstName}</Label>
          <textarea
            id={fieldId}
            rows={3}
            maxLength={SELLER_MESSAGE_MAX_LENGTH}
            value={body}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            onChange={(event) => setBody(event.target.value)}
            className={cn(inputClassName, 'h-auto py-2 leading-6')}
          />
          {error ? (
            <p id={`${fieldId}-error`} className="text-sm font-medium text-danger">
              {error}
            </p>
          ) : null}
          <Button type="submit" variant="brand" disabled={reply.isPending}>
            {reply.isPending ? <Spinner /> : <Send aria-hidden="true" />}
            {reply.isPending ? 'Sending...' : 'Send reply'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
