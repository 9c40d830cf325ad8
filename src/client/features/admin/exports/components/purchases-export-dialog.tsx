import { FileSpreadsheet } from 'lucide-react';
import { useRef, useState, type MouseEvent } from 'react';
import { Button } from '~/client/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { exportMessages } from '~/shared/exports';
import { purchasesExportHref } from '../lib/export-links';

/**
 * "Completed purchases (CSV)" (issue 37): every car we bought and paid for, for the accounts,
 * between two UK days or all of them. The dates are optional; the download is a plain link
 * (streamed to disk by the browser), refused here only when the last day is before the first.
 */
export function PurchasesExportDialog() {
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [showError, setShowError] = useState(false);
  const toField = useRef<HTMLInputElement>(null);
  const backwards = from !== '' && to !== '' && to < from;
  const error = showError && backwards ? exportMessages.toBeforeFrom : undefined;

  const onDownload = (event: MouseEvent<HTMLAnchorElement>) => {
    if (backwards) {
      event.preventDefault();
      setShowError(true);
      toField.current?.focus();
      return;
    }
    // Closed once the click has started the download: a link taken out of the page at once
    // would not be followed.
    setTimeout(() => setOpen(false), 0);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setShowError(false);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <FileSpreadsheet aria-hidden="true" />
          {exportMessages.downloadPurchases}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Download completed purchases</DialogTitle>
          <DialogDescription>
            A spreadsheet (CSV) of each car we bought and paid for: when it was collected and paid, the price, and what
            went to the seller and to a finance company. Sales completed between the two days (UK), both included; leave
            either blank for no limit.
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label="Completed from">
            <Input type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
          </FormField>
          <FormField label="Completed to" error={error}>
            <Input
              ref={toField}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(event) => setTo(event.target.value)}
            />
          </FormField>
        </DialogBody>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button asChild variant="brand">
            <a href={purchasesExportHref({ from, to })} download onClick={onDownload}>
              <FileSpreadsheet aria-hidden="true" />
              Download CSV
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
