import {
  Archive,
  CarFront,
  Download,
  Mail,
  MessageSquareQuote,
  Phone,
  ShieldAlert,
  Trash2,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { useId, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { Spinner } from '~/client/components/ui/spinner';
import type { DataRequestSearchResult } from '~/shared/data-requests';
import { stageLabels } from '~/shared/valuation-lifecycle';
import { makeAndModel } from '~/shared/vehicle-names';
import { adminPaths } from '../../admin-paths';
import { formatUkDate, formatUkDateAndTime } from '../../lib/format-date';
import { countPhrases, displayIdentifier, formatDuration, recordTotal, templateLabel } from '../lib/labels';

type Result = DataRequestSearchResult;

const statusWords: Record<string, string> = {
  ...stageLabels,
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  held: 'Held',
  open: 'Open',
  resolved: 'Resolved',
};
const word = (status: string | null) => (status ? (statusWords[status] ?? status) : 'Unknown');

/**
 * What a search found, grouped, each group with its count: enough to recognise each record (and,
 * for valuations, a link to it), with Export and Erase for the whole lot.
 */
export function SearchResults({
  result,
  exporting,
  onExport,
  onErase,
  eraseButtonRef,
}: {
  result: Result;
  exporting: boolean;
  onExport: () => void;
  onErase: () => void;
  eraseButtonRef: Ref<HTMLButtonElement>;
}) {
  const headingId = useId();
  const who = displayIdentifier(result.identifier);
  const total = recordTotal(result.counts);
  const phrases = countPhrases(result.counts);
  const thirdParty = result.thirdPartyMessages.length;
  const noun = result.identifier.kind === 'email' ? 'e-mail address' : 'phone number';
  return (
    <Card className="overflow-hidden" role="region" aria-labelledby={headingId}>
      <div className="grid gap-4 border-b border-line p-4 sm:p-5">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg leading-7 font-bold break-words text-brand-950">
            {total === 0 ? 'Nothing held for ' : 'Held for '}
            <span className="font-mono text-base">{who}</span>
          </h2>
          <p className="mt-1 text-sm text-muted" aria-live="polite">
            {total > 0
              ? phrases.join(', ')
              : thirdParty > 0
                ? `Nothing with this ${noun} is this person’s own: only records about other people, listed below.`
                : `No records have this ${noun}. Try the person's ${result.identifier.kind === 'email' ? 'phone number' : 'e-mail address'} too.`}
          </p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" onClick={onExport} disabled={exporting}>
            {exporting ? <Spinner /> : <Download aria-hidden="true" />}
            {exporting ? 'Preparing ZIP...' : 'Export as ZIP'}
          </Button>
          {total > 0 ? (
            <Button ref={eraseButtonRef} variant="danger" onClick={onErase}>
              <Trash2 aria-hidden="true" />
              Erase everything
            </Button>
          ) : null}
        </div>
      </div>
      {total > 0 ? (
        <div className="divide-y divide-line">
          <Group title="Valuation requests" icon={CarFront} count={result.counts.valuations}>
            {result.valuations.map((v) => (
              <Item
                key={v.id}
                title={
                  <Link
                    to={adminPaths.valuation(v.id)}
                    className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
                  >
                    {[v.registration, makeAndModel(v)].filter(Boolean).join(' · ')}
                  </Link>
                }
                badges={
                  <>
                    <Badge variant="neutral">{word(v.status)}</Badge>
                    {v.isArchived ? (
                      <Badge variant="neutral">
                        <Archive aria-hidden="true" />
                        Archived
                      </Badge>
                    ) : null}
                  </>
                }
                details={[
                  `Sent ${formatUkDateAndTime(v.createdAt)}`,
                  `${v.photoCount} ${v.photoCount === 1 ? 'photo' : 'photos'}`,
                  v.marketingConsentAt
                    ? `Agreed to marketing on ${formatUkDate(v.marketingConsentAt)}`
                    : 'No marketing consent',
                ]}
              />
            ))}
          </Group>
          <Group title="E-mails and text messages" icon={Mail} count={result.counts.messages}>
            {result.messages.map((message) => (
              <Item
                key={message.id}
                title={
                  <span className="font-semibold text-brand-950">
                    {message.subject ?? templateLabel(message.templateName)}
                  </span>
                }
                badges={<Badge variant="neutral">{word(message.status)}</Badge>}
                details={messageDetails(message)}
              />
            ))}
          </Group>
          <Group title="Phone calls" icon={Phone} count={result.counts.calls}>
            {result.calls.map((call) => (
              <Item
                key={call.id}
                title={
                  <span className="font-semibold text-brand-950">
                    {call.direction === 'outbound'
                      ? 'Call to them'
                      : call.direction === 'inbound'
                        ? 'Call from them'
                        : 'Call'}
                  </span>
                }
                badges={
                  <>
                    <Badge variant="neutral">{word(call.status)}</Badge>
                    {call.hasRecording ? <Badge variant="subtle">Recorded</Badge> : null}
                  </>
                }
                details={[
                  formatUkDateAndTime(call.startedAt),
                  call.durationSeconds !== null ? `Lasted ${formatDuration(call.durationSeconds)}` : null,
                ]}
              />
            ))}
          </Group>
          <Group title="Reviews" icon={MessageSquareQuote} count={result.counts.reviews}>
            {result.reviews.map((review) => (
              <Item
                key={review.id}
                title={<span className="font-semibold text-brand-950">{review.reviewTitle}</span>}
                badges={
                  review.isPublished ? (
                    <Badge variant="success">On the website</Badge>
                  ) : (
                    <Badge variant="neutral">Not published</Badge>
                  )
                }
                details={[`${review.rating} of 5 stars`, `Written ${formatUkDate(review.submittedAt)}`]}
              />
            ))}
          </Group>
          <Group title="Data-protection complaints" icon={ShieldAlert} count={result.counts.complaints}>
            {result.complaints.map((complaint) => (
              <Item
                key={complaint.id}
                title={<span className="font-mono font-semibold text-brand-950">{complaint.reference}</span>}
                badges={<Badge variant="neutral">{word(complaint.status)}</Badge>}
                details={[`Received ${formatUkDateAndTime(complaint.createdAt)}`]}
              />
            ))}
          </Group>
        </div>
      ) : null}
      {thirdParty > 0 ? <ThirdPartyGroup messages={result.thirdPartyMessages} noun={noun} /> : null}
    </Card>
  );
}

/**
 * Messages sent to this address or number about someone else's valuation or complaint (such as a
 * vehicle report sent to a dealer): that person's data, so apart from the rest, with what staff
 * need to review each on the record it is about, and plainly left out of the export and erasure.
 */
function ThirdPartyGroup({ messages, noun }: { messages: Result['thirdPartyMessages']; noun: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="border-t border-line bg-amber-50/60 px-4 py-4 sm:px-5">
      <h3 id={headingId} className="flex items-center gap-2 font-bold text-brand-950">
        <UsersRound aria-hidden="true" className="size-5 text-brand-600" />
        Records about other people
        <span className="rounded-full bg-brand-100 px-2 text-xs font-semibold text-brand-800">
          {messages.length.toLocaleString('en-GB')}
        </span>
      </h3>
      <p className="mt-2 text-sm text-ink">
        Sent to this {noun}, but about someone else’s valuation request or complaint, such as a vehicle report sent to a
        dealer. They are that person’s data, so they are <strong>not in the export</strong> and{' '}
        <strong>not erased</strong> with this person’s records. Review each one on the record it is about.
      </p>
      <ul className="mt-3 grid gap-2.5">
        {messages.map((message) => (
          <Item
            key={message.id}
            title={
              <span className="font-semibold text-brand-950">
                {message.subject ?? templateLabel(message.templateName)}
              </span>
            }
            badges={<AboutLink about={message.about} />}
            details={messageDetails(message)}
          />
        ))}
      </ul>
    </section>
  );
}

/** The record a third-party message is about, by its reference, linked where it has its own page. */
function AboutLink({ about }: { about: Result['thirdPartyMessages'][number]['about'] }) {
  const label = `${about.kind === 'valuation' ? 'About valuation' : 'About complaint'} ${about.reference}`;
  return (
    <Link
      to={about.kind === 'valuation' ? adminPaths.valuation(about.id) : adminPaths.complaints}
      className="inline-flex min-h-6 items-center text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
    >
      {label}
    </Link>
  );
}

function Group({
  title,
  icon: Icon,
  count,
  children,
}: {
  title: string;
  icon: LucideIcon;
  count: number;
  children: ReactNode;
}) {
  return (
    <section className="px-4 py-4 sm:px-5">
      <h3 className="flex items-center gap-2 font-bold text-brand-950">
        <Icon aria-hidden="true" className="size-5 text-brand-600" />
        {title}
        <span className="rounded-full bg-brand-100 px-2 text-xs font-semibold text-brand-800">
          {count.toLocaleString('en-GB')}
        </span>
      </h3>
      {count === 0 ? (
        <p className="mt-2 text-sm text-muted">None.</p>
      ) : (
        <ul className="mt-3 grid gap-2.5">{children}</ul>
      )}
    </section>
  );
}

function Item({ title, badges, details }: { title: ReactNode; badges?: ReactNode; details: (string | null)[] }) {
  return (
    <li className="rounded-lg border border-line bg-surface/60 px-3.5 py-2.5">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="min-w-0 break-words">{title}</span>
        {badges}
      </div>
      <p className="mt-1 text-sm text-muted">{details.filter(Boolean).join(' · ')}</p>
    </li>
  );
}

/** What a message's line says, whether it is the person's own or a third-party record. */
function messageDetails(message: {
  channel: string;
  subject: string | null;
  templateName: string;
  createdAt: string;
  attachmentCount: number;
}): (string | null)[] {
  return [
    message.channel === 'sms' ? 'Text message' : 'E-mail',
    message.subject ? templateLabel(message.templateName) : null,
    formatUkDateAndTime(message.createdAt),
    message.attachmentCount
      ? `${message.attachmentCount} ${message.attachmentCount === 1 ? 'attachment' : 'attachments'}`
      : null,
  ];
}
