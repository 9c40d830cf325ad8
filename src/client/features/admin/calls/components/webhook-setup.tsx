import type { UseQueryResult } from '@tanstack/react-query';
import { Copy, ExternalLink, TriangleAlert, Webhook } from 'lucide-react';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { toast } from '~/client/components/ui/toast';
import { displayCallNumber, VOICEMAIL_MAX_SECONDS, type CallSetup } from '~/shared/calls';
import { ListError, ListLoading } from '../../components/list-states';
import { twilioTestUrl } from '../api/get-call-setup';

/**
 * SPEC section 2's telephony webhook configuration card: the exact addresses to enter in Twilio, each
 * with Copy URL, Test Connection (the server's check, opened in a new tab), and how calls are handled.
 */
export function WebhookSetup({ setup }: { setup: UseQueryResult<CallSetup> }) {
  return (
    <Card>
      <CardHeader className="pb-3 sm:pb-3">
        <CardTitle className="flex items-center gap-2">
          <Webhook aria-hidden="true" className="size-5 text-brand-600" />
          Twilio webhook set-up
        </CardTitle>
        <CardDescription>
          In Twilio, open Phone Numbers, choose the business number, and under Voice Configuration set &ldquo;A call
          comes in&rdquo; to Webhook with the first address below and HTTP POST; set the call status changes (status
          callback) URL to the second.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {setup.data ? (
          <SetupDetails setup={setup.data} />
        ) : setup.isError ? (
          <ListError title="Could not load the set-up" error={setup.error} onRetry={() => void setup.refetch()} />
        ) : (
          <ListLoading label="Loading the set-up..." />
        )}
      </CardContent>
    </Card>
  );
}

function SetupDetails({ setup }: { setup: CallSetup }) {
  const reachable = setup.webhookUrl.startsWith('https://');
  return (
    <div className="grid gap-5">
      <div className="grid gap-4">
        <UrlField label="A call comes in (webhook)" purpose="the incoming call webhook" url={setup.webhookUrl} />
        <UrlField
          label="Call status changes (status callback)"
          purpose="the status callback"
          url={setup.statusCallbackUrl}
        />
      </div>
      {!reachable ? (
        <p className="flex items-start gap-2.5 rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-3 text-sm text-amber-950">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
          <span>
            Twilio can only reach an https address on the internet. Set PUBLIC_BASE_URL to the site&rsquo;s https
            address, restart the server, and copy the addresses again.
          </span>
        </p>
      ) : null}
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
        <div className="grid content-start gap-0.5">
          <dt className="font-semibold text-brand-950">Business number</dt>
          <dd className="text-muted tabular-nums">
            {setup.businessNumber ? displayCallNumber(setup.businessNumber) : 'Not set (TWILIO_PHONE_NUMBER)'}
          </dd>
        </div>
        <div className="grid content-start gap-0.5">
          <dt className="font-semibold text-brand-950">Call recording</dt>
          <dd className="text-muted">
            {setup.recording
              ? 'Calls made with Make Call are recorded.'
              : 'Calls made with Make Call are not recorded.'}
          </dd>
        </div>
        <div className="grid content-start gap-0.5">
          <dt className="font-semibold text-brand-950">Voicemail</dt>
          <dd className="text-muted">
            Callers nobody answers within {setup.queueTimeoutSeconds.toLocaleString('en-GB')} seconds can leave a
            voicemail of up to {VOICEMAIL_MAX_SECONDS / 60} minutes.
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button asChild variant="outline">
          <a href={twilioTestUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Test Connection
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
        <p className="text-sm text-muted">Checks the settings, the Twilio account and the webhook address.</p>
      </div>
    </div>
  );
}

function UrlField({ label, purpose, url }: { label: string; purpose: string; url: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Copied', description: `The address for ${purpose} is on the clipboard.` });
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the address and copy it yourself.',
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="grid min-w-0 content-start gap-1.5">
      <p className="text-sm leading-5 font-semibold text-brand-950">{label}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        {/* The whole address, wrapped rather than cut off, so it can be checked by eye on a phone too. */}
        <code className="min-w-0 flex-1 sm:max-w-2xl rounded-lg border border-line bg-surface px-3 py-2.5 font-mono text-sm leading-5 break-all text-ink">
          {url}
        </code>
        <Button variant="outline" onClick={() => void copy()} className="shrink-0 self-start">
          <Copy aria-hidden="true" />
          Copy URL<span className="sr-only"> for {purpose}</span>
        </Button>
      </div>
    </div>
  );
}
