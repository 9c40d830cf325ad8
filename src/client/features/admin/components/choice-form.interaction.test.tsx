// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/client/components/ui/dialog';
import { lostReasonLabels, stageChoiceMessages } from '~/shared/valuation-lifecycle';
import { LostReasonForm } from './choice-form';

/**
 * Why a request was lost, asked on the board and on the request's page: nothing chosen says so,
 * and a double click on "Mark as lost" sends one answer, even when the second press comes before
 * the page has drawn the first as pending (the board sent two moves, the second refused).
 */

afterEach(cleanup);

/** The form in an open dialog, as both pages show it, with a stand-in for the move being sent. */
function Harness({ sent }: { sent: string[] }) {
  const [pending, setPending] = useState(false);
  return (
    <Dialog open>
      <DialogContent>
        <DialogTitle>Mark CB-7K3-9QX as lost?</DialogTitle>
        <DialogDescription>It leaves the board.</DialogDescription>
        <LostReasonForm
          pending={pending}
          onConfirm={(reason) => {
            sent.push(reason);
            // As a mutation does: pending from the next render on, until the answer comes.
            queueMicrotask(() => setPending(true));
          }}
        />
        <button type="button" onClick={() => setPending(false)}>
          answer came
        </button>
      </DialogContent>
    </Dialog>
  );
}

describe('the lost reason form', () => {
  it('asks for a reason, then sends one answer for a double click, and another after a failed one', async () => {
    const sent: string[] = [];
    render(<Harness sent={sent} />);
    const submit = screen.getByRole('button', { name: 'Mark as lost' });

    fireEvent.click(submit);
    expect(screen.getByRole('alert').textContent).toBe(stageChoiceMessages.lostNeedsReason);
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: lostReasonLabels.sold_elsewhere }));
    // Both presses land before React draws the first one as pending.
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(sent).toEqual(['sold_elsewhere']);

    // The first answer failed and the dialog stayed: once it has come, pressing again sends again.
    await waitFor(() => expect(submit).toHaveProperty('disabled', true));
    fireEvent.click(screen.getByRole('button', { name: 'answer came' }));
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    fireEvent.click(submit);
    expect(sent).toEqual(['sold_elsewhere', 'sold_elsewhere']);
  });
});
