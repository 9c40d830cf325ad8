import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, ExternalLink, FileText, Forward } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { CheckboxField } from '~/client/components/ui/checkbox';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogForm,
  DialogFormActions,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Input, inputClassName } from '~/client/components/ui/input';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import { useSiteConfig } from '~/client/lib/site-config';
import {
  DEALER_EMAIL_MAX_LENGTH,
  DEALER_MESSAGE_MAX_LENGTH,
  DEALER_NAME_MAX_LENGTH,
  dealerForwardMessages,
  dealerForwardRequestSchema,
  defaultSenderName,
  SENDER_NAME_MAX_LENGTH,
} from '~/shared/dealer-forward';
import { errorMessage } from '../../../lib/server-errors';
import { previewPdfUrl, useSendToDealer } from '../api/send-to-dealer';

type DealerFormValues = {
  dealerName: string;
  dealerEmail: string;
  message: string;
  senderName: string;
  includeContactDetails: boolean;
};
type DealerOutput = z.output<typeof dealerForwardRequestSchema>;

/** The one summary line for each distinct problem (three empty fields share SPEC's one message). */
export function dealerFormProblems(errors: FieldErrors<DealerFormValues>): string[] {
  const messages = Object.values(errors).map((error) => error?.message);
  return [...new Set(messages.filter((message): message is string => typeof message === 'string'))];
}

/** A field's own note: "Required" when SPEC's shared "Missing Information" message covers it. */
const fieldError = (message: string | undefined) => (message === dealerForwardMessages.missing ? 'Required' : message);

const CONTACT_NOTE = 'Without it the report leaves out the seller’s name, e-mail, phone and postcode.';

/** Forward to Dealer (SPEC sections 2, 5 and 8): the Send to Dealer dialog and Preview PDF Report. */
export function ForwardToDealerCard({ valuationId }: { valuationId: string }) {
  const { tradingName } = useSiteConfig();
  const defaults: DealerFormValues = {
    dealerName: '',
    dealerEmail: '',
    message: '',
    senderName: defaultSenderName(tradingName),
    includeContactDetails: false,
  };
  const [open, setOpen] = useState(false);
  const send = useSendToDealer(valuationId);
  // Kept while the dialog is closed, so a Cancel does not lose what was typed; reset after a send.
  const form = useForm<DealerFormValues, unknown, DealerOutput>({
    resolver: zodResolver(dealerForwardRequestSchema as unknown as z.ZodType<DealerOutput, DealerFormValues>),
    defaultValues: defaults,
  });
  const includeContactDetails = useWatch({ control: form.control, name: 'includeContactDetails' });
  const { errors } = form.formState;
  const problems = dealerFormProblems(errors);

  const onSubmit = form.handleSubmit(async (request) => {
    try {
      await send.mutateAsync(request);
      toast({ title: dealerForwardMessages.sent, description: `The report is on its way to ${request.dealerEmail}.` });
      form.reset(defaults);
      setOpen(false);
    } catch (error) {
      toast({
        title: dealerForwardMessages.failed,
        description: errorMessage(error, dealerForwardMessages.failedFallback),
        variant: 'destructive',
      });
    }
  });

  return (
    <Card id="forward-to-dealer" className="scroll-mt-24">
      <CardHeader className="pb-4">
        <CardTitle>Forward to Dealer</CardTitle>
        <CardDescription>E-mail another dealer this valuation as a PDF report, to get their price.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2.5">
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button variant="brand">
              <Forward aria-hidden="true" />
              Send to Dealer
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Send to Dealer</DialogTitle>
              <DialogDescription>
                The dealer gets an e-mail with the valuation report attached as a PDF.
              </DialogDescription>
            </DialogHeader>
            <DialogForm onSubmit={onSubmit} aria-label="Send to dealer">
              <DialogBody className="grid content-start gap-4">
                {problems.length > 0 ? (
                  <div
                    role="alert"
                    className="flex gap-2.5 rounded-lg border border-red-200 bg-red-50 p-3.5 text-sm font-medium text-red-950"
                  >
                    <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
                    <ul className="grid gap-1">
                      {problems.map((problem) => (
                        <li key={problem}>{problem}</li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                <FormField label="Dealer name" error={fieldError(errors.dealerName?.message)} required>
                  <Input
                    maxLength={DEALER_NAME_MAX_LENGTH}
                    autoComplete="organization"
                    {...form.register('dealerName')}
                  />
                </FormField>
                <FormField label="Dealer e-mail" error={fieldError(errors.dealerEmail?.message)} required>
                  <Input
                    type="email"
                    inputMode="email"
                    autoCapitalize="none"
                    spellCheck={false}
                    maxLength={DEALER_EMAIL_MAX_LENGTH}
                    {...form.register('dealerEmail')}
                  />
                </FormField>
                <FormField label="Message (optional)" error={errors.message?.message}>
                  <textarea
                    rows={4}
                    maxLength={DEALER_MESSAGE_MAX_LENGTH}
                    className={cn(inputClassName, 'h-auto py-2 leading-6')}
                    {...form.register('message')}
                  />
                </FormField>
                <FormField label="Sender name" error={fieldError(errors.senderName?.message)} required>
                  <Input maxLength={SENDER_NAME_MAX_LENGTH} {...form.register('senderName')} />
                </FormField>
                <CheckboxField
                  label="Include the seller's contact details"
                  hint={CONTACT_NOTE}
                  {...form.register('includeContactDetails')}
                />
                <a
                  href={previewPdfUrl(valuationId, includeContactDetails)}
                  target="_blank"
                  rel="noopener"
                  className="inline-flex items-center gap-1.5 justify-self-start text-sm font-semibold text-brand-700 underline"
                >
                  Preview this report
                  <ExternalLink aria-hidden="true" className="size-4" />
                  <span className="sr-only">(PDF, opens in a new tab)</span>
                </a>
              </DialogBody>
              <DialogFormActions pending={send.isPending} label="Send to Dealer" pendingLabel="Sending..." />
            </DialogForm>
          </DialogContent>
        </Dialog>
        <Button variant="outline" asChild>
          <a href={previewPdfUrl(valuationId)} target="_blank" rel="noopener">
            <FileText aria-hidden="true" />
            Preview PDF Report
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
        <p className="text-xs text-muted">The preview leaves out the seller&apos;s contact details.</p>
      </CardContent>
    </Card>
  );
}
