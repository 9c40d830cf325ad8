import { Info } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '~/client/components/ui/card';

/**
 * SPEC section 2's info card about adding an external analytics tool: what our own counting
 * is, and what a third-party tool would take under UK law (PECR) before it could be added.
 */
export function IntegrationInfo() {
  return (
    <Card>
      <CardHeader className="pb-3 sm:pb-3">
        <CardTitle className="flex items-center gap-2">
          <Info aria-hidden="true" className="size-5 text-brand-600" />
          Adding an external analytics tool
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm text-ink">
        <p>
          These figures are counted on our own server, without cookies, so visitors need no cookie banner for them.
          Visitors whose browser sends Do Not Track or Global Privacy Control are not counted.
        </p>
        <p>
          An external analytics tool (such as Google Analytics) would set cookies or read details from visitors&rsquo;
          devices. Under the UK&rsquo;s PECR rules that needs visitors&rsquo; consent first, so adding one needs:
        </p>
        <ul className="grid list-disc gap-1 pl-5">
          <li>a consent banner where Reject is as easy as Accept, with the tool loading only after Accept;</li>
          <li>an update to the privacy policy and the cookie policy;</li>
          <li>a developer to add the tool and the banner to the website.</li>
        </ul>
        <p className="text-muted">
          Locations come from GeoLite2 data created by MaxMind, available from{' '}
          <a
            href="https://www.maxmind.com"
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            https://www.maxmind.com
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </p>
      </CardContent>
    </Card>
  );
}
