import { Copy } from 'lucide-react';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast';

/**
 * The reference the seller quotes ("CB-7K3-9QX", issue 31), easy to read out on the phone, select
 * or copy into a reply. Monospaced, so look-alike shapes never run together.
 */
export function ReferenceChip({ reference }: { reference: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reference);
      toast({ title: 'Copied', description: `Reference ${reference} is on the clipboard.` });
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the reference and copy it yourself.',
        variant: 'destructive',
      });
    }
  };
  return (
    <span className="inline-flex items-center gap-1 rounded-md border border-line bg-white py-0.5 pr-0.5 pl-2.5">
      <span className="text-sm text-muted">Reference</span>
      <span className="font-mono text-base font-semibold tracking-wide text-brand-950 select-all">{reference}</span>
      <Button
        variant="ghost"
        size="sm"
        className="h-8 px-2"
        onClick={() => void copy()}
        aria-label={`Copy reference ${reference}`}
      >
        <Copy aria-hidden="true" className="size-4" />
      </Button>
    </span>
  );
}
