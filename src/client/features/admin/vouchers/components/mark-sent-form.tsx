import { Send } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { EmailAddress } from '~/client/components/email-address';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { toast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api-client';
import { VOUCHER_CODE_MAX_LENGTH, voucherMessages, type VoucherListItem } from '~/shared/voucher-schemas';
import { errorMessage } from '../../lib/server-errors';
import type { useMarkVoucherSent } from '../api/mark-voucher-sent';

/** The code as typed, or the message to show under the field (the server checks again). */
function readCode(value: string): { code: string } | { error: string } {
  const code = value.trim();
  if (code.length === 0) return { error: voucherMessages.codeRequired };
  if (code.length > VOUCHER_CODE_MAX_LENGTH) return { error: voucherMessages.codeTooLong };
  return { code };
}

/** The server's message about the code (`issues: [{ path: 'code', message }]`), if it sent one. */
function codeIssue(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.body?.issues?.find((issue) => issue.path.split(/[./]/).filter(Boolean).at(-1) === 'code')?.message;
}

/**
 * "Mark as sent", inline under an owed voucher: the code the supplier issued, which the server
 * e-mails to the seller. A refusal about the code shows under the field; any other stays in the
 * form as well as in a toast, so nothing is lost when the toast goes.
 */
export function MarkSentForm({
  voucher,
  mark,
  onDone,
  onCancel,
}: {
  voucher: VoucherListItem;
  mark: ReturnType<typeof useMarkVoucherSent>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const sending = mark.isPending;

  useEffect(() => {
    input.current?.focus();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setRefusal(null);
    const read = readCode(value);
    if ('error' in read) {
      setError(read.error);
      input.current?.focus();
      return;
    }
    setError(undefined);
    try {
      await mark.mutateAsync({ id: voucher.id, code: read.code });
      toast({ title: voucherMessages.sent, description: `${voucher.reference}, ${voucher.sellerName}` });
      onDone();
    } catch (failure) {
      const issue = codeIssue(failure);
      const message = errorMessage(failure, 'Please try again.');
      if (issue) {
        setError(issue);
        input.current?.focus();
      } else {
        setRefusal(message);
      }
      toast({ title: voucherMessages.failed, description: issue ?? message, variant: 'destructive' });
    }
  }

  return (
    <form
      noValidate
      aria-label={`Mark the voucher for ${voucher.reference} as sent`}
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !sending) onCancel();
      }}
      className="mt-4 grid gap-4 rounded-lg border border-brand-100 bg-brand-50/60 p-3 sm:p-4"
    >
      <FormField
        label="Voucher code"
        required
        error={error}
        hint={
          <>
            As the supplier issued it. We e-mail it to{' '}
            <span className="font-medium text-ink">
              <EmailAddress address={voucher.email} />
            </span>
            .
          </>
        }
      >
        <Input
          ref={input}
          name="code"
          autoComplete="off"
          spellCheck={false}
          maxLength={VOUCHER_CODE_MAX_LENGTH + 10}
          className="font-mono sm:max-w-sm"
          value={value}
          readOnly={sending}
          onChange={(event) => setValue(event.target.value)}
        />
      </FormField>
      {refusal ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {refusal}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="brand" size="sm" disabled={sending}>
          <Send aria-hidden="true" />
          {sending ? 'Sending…' : 'Send code and mark sent'}
        </Button>
        <Button variant="ghost" size="sm" disabled={sending} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
