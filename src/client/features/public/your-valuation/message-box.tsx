import { useEffect, useRef, useState } from 'react';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { ApiError, apiRequest } from '~/client/lib/api-client';
import { island } from '~/client/lib/island';
import { paths } from '~/shared/paths';
import { SELLER_MESSAGE_MAX_LENGTH, sellerPortalMessages as m } from '~/shared/seller-portal-basics';

const CHECK_CONNECTION = 'We could not send your message. Please check your connection and try again.';

/**
 * The seller's message to our team (issue 34), an island: stored with the request, and staff are
 * told by e-mail. The page is then loaded again, with the message in the conversation above.
 */
export function MessageBox() {
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (error) fieldRef.current?.focus();
  }, [error]);

  async function send() {
    if (body.trim() === '') {
      setError(m.messageRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await apiRequest('POST', '/api/your-valuation/messages', { body });
      window.location.assign(`${window.location.pathname}#messages`);
      window.location.reload();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.userMessage(CHECK_CONNECTION) : CHECK_CONNECTION);
      setBusy(false);
    }
  }

  return (
    <form
      method="post"
      action={`${paths.yourValuation}#messages`}
      className="mt-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <input type="hidden" name="action" value="message" />
      <label htmlFor="seller-message" className="block font-semibold text-brand-900">
        Your message
      </label>
      <textarea
        ref={fieldRef}
        id="seller-message"
        name="body"
        rows={4}
        maxLength={SELLER_MESSAGE_MAX_LENGTH}
        value={body}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'seller-message-error' : undefined}
        onChange={(event) => setBody(event.target.value)}
        className="mt-2 w-full rounded-lg border border-line p-3 text-base"
      />
      {error && (
        <p id="seller-message-error" className="mt-1 font-semibold text-danger">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy} className={`${buttonVariants({ variant: 'brand', size: 'md' })} mt-3`}>
        Send message
      </button>
    </form>
  );
}

export const MessageBoxIsland = island('features/public/your-valuation/message-box', MessageBox);
