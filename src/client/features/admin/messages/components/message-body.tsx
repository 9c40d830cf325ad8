import { Tabs } from 'radix-ui';
import type { MessageDetail } from '~/shared/messages';
import { messageHtmlUrl } from '../api/message-html';

const textClassName =
  'rounded-lg border border-line bg-surface p-4 font-sans text-sm leading-relaxed break-words whitespace-pre-wrap text-ink';

const tabClassName =
  'inline-flex h-9 items-center rounded-md px-3 text-sm font-semibold text-muted transition-colors hover:text-brand-900 data-[state=active]:bg-white data-[state=active]:text-brand-950 data-[state=active]:shadow-sm';

/**
 * What the message said: the plain text, and for an e-mail with an HTML part, tabs for the two.
 * The HTML is never put into this page: it is loaded from the API into a frame with an empty
 * sandbox (no scripts, no forms, not even our origin), and only while its tab is shown.
 */
export function MessageBody({ message }: { message: MessageDetail }) {
  const text = <pre className={textClassName}>{message.text || 'This message has no plain text.'}</pre>;
  if (!message.hasHtml) return text;
  return (
    <Tabs.Root defaultValue="text" className="grid gap-3">
      <Tabs.List
        aria-label="Version of the message"
        className="inline-flex w-fit gap-1 rounded-lg border border-line bg-surface p-1"
      >
        <Tabs.Trigger value="text" className={tabClassName}>
          Plain text
        </Tabs.Trigger>
        <Tabs.Trigger value="html" className={tabClassName}>
          HTML
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="text">{text}</Tabs.Content>
      <Tabs.Content value="html" className="grid gap-2">
        <iframe
          sandbox=""
          src={messageHtmlUrl(message.id)}
          title={`HTML version of the e-mail${message.subject ? ` “${message.subject}”` : ''}`}
          referrerPolicy="no-referrer"
          className="block h-[min(32rem,60dvh)] w-full rounded-lg border border-line bg-white"
        />
        <p className="text-sm text-muted">As the recipient sees it, with scripts and forms switched off.</p>
      </Tabs.Content>
    </Tabs.Root>
  );
}
