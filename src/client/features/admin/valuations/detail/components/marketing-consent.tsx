import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import { MARKETING_CONSENT_LABEL } from '~/shared/valuation-options';
import { formatUkDate } from '../../../lib/format-date';
import { errorMessage } from '../../../lib/server-errors';
import { useWithdrawMarketingConsent } from '../api/withdraw-marketing-consent';

/**
 * The seller's answer to the separate marketing box, and, while they are opted in, a way to
 * record that they withdrew it (by phone or e-mail). Staff can never opt a seller in.
 */
export function MarketingConsent({ valuation: v }: { valuation: Pick<ValuationDetail, 'id' | 'marketingConsentAt'> }) {
  const withdraw = useWithdrawMarketingConsent(v.id);
  const record = async () => {
    try {
      await withdraw.mutateAsync();
      toast({ title: 'Withdrawal recorded', description: 'No marketing will be sent to this seller.' });
    } catch (error) {
      toast({
        title: 'Could not record the withdrawal',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="grid gap-2">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {v.marketingConsentAt ? (
          <Badge variant="success">Marketing: opted in on {formatUkDate(v.marketingConsentAt)}</Badge>
        ) : (
          <Badge variant="neutral">Marketing: not opted in</Badge>
        )}
        <span className="text-muted">“{MARKETING_CONSENT_LABEL}”</span>
      </p>
      {v.marketingConsentAt ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="outline" size="sm" onClick={() => void record()} disabled={withdraw.isPending}>
            {withdraw.isPending ? <Spinner /> : null}
            Record withdrawal
          </Button>
          <span className="text-sm text-muted">If the seller asks us to stop sending news and offers.</span>
        </div>
      ) : null}
    </div>
  );
}
