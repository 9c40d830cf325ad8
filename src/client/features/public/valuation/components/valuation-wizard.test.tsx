// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteConfigProvider } from '~/client/lib/site-config';
import { testSite } from '../../../../../../test/helpers/site';
import { STEP_COUNT, stepFields } from '../wizard-form';
import { ValuationWizard } from './valuation-wizard';

/*
 * The wizard's steps as a seller moves through them: the real component in jsdom, driven by
 * random sequences of answers, Next and Previous, against a model of what SPEC section 4 says
 * should happen (Next moves on only when the step on screen is answered; Previous always goes
 * back). Every earlier test only went forward, which is how Previous came to trap sellers.
 */

const site = testSite();

function renderWizard() {
  return render(
    <SiteConfigProvider value={site}>
      <ValuationWizard prefill={null} />
    </SiteConfigProvider>,
  );
}

const input = (selector: string) => {
  const found = document.querySelector<HTMLInputElement>(selector);
  if (!found) throw new Error(`no ${selector} on step ${shownStep()}`);
  return found;
};
const type = (name: string, value: string) => fireEvent.change(input(`[name="${name}"]`), { target: { value } });
const pick = (name: string, value: string) => fireEvent.click(input(`[name="${name}"][value="${value}"]`));

/** Each step's answers, in page order; `part` of them is what a seller who stopped halfway gave. */
const answers: (() => void)[][] = [
  [() => type('registration', 'AB12 CDE'), () => type('mileage', '45,000')],
  [
    () => pick('overallCondition', 'great'),
    () => pick('scuffedWheels', '0'),
    () => pick('tyresNeedReplacing', '1'),
    () => pick('cambeltChanged', 'no'),
    () => pick('serviceHistory', 'full'),
    () => pick('mechanicalIssues', 'no'),
  ],
  [() => pick('outstandingFinance', 'no')],
  [
    () => type('firstName', 'Jo'),
    () => type('lastName', 'Bloggs'),
    () => type('postcode', 'LN11 0LQ'),
    () => type('phone', '07911 123456'),
    () => type('email', 'jo@example.com'),
    () => pick('contactPreference', 'call'),
    () => fireEvent.click(input('[name="agreeToContact"]')),
  ],
];

function shownStep(): number {
  const footer = screen.getByText(/^Step \d of 4$/);
  return Number(/Step (\d)/.exec(footer.textContent ?? '')![1]) - 1;
}

const errorCount = () => document.querySelectorAll('[id$="-error"]').length;

type Action = 'answer all' | 'answer some' | 'next' | 'previous';

beforeEach(() => {
  sessionStorage.clear();
  // The registration lookup finds nothing to say: the seller's answers are what counts here.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new Error('offline'))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ValuationWizard: moving between steps', () => {
  it('Next after Previous moves on from a completed step, with later steps still empty', async () => {
    renderWizard();
    for (const answer of answers[0]!) answer();
    fireEvent.click(screen.getByRole('button', { name: /Next Step/ }));
    await waitFor(() => expect(shownStep()).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(shownStep()).toBe(0));
    fireEvent.click(screen.getByRole('button', { name: /Next Step/ }));
    await waitFor(() => expect(shownStep()).toBe(1));
    expect(errorCount()).toBe(0);
  });

  it('follows any sequence of answers, Next and Previous as SPEC section 4 says', async () => {
    const action = fc.constantFrom<Action>('answer all', 'answer some', 'next', 'next', 'previous');
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 24 }), async (actions) => {
        cleanup();
        sessionStorage.clear();
        renderWizard();
        await waitFor(() => expect(shownStep()).toBe(0));
        const complete = new Set<number>();
        let step = 0;
        for (const next of actions) {
          if (next === 'answer all' || next === 'answer some') {
            const given = next === 'answer all' ? answers[step]! : answers[step]!.slice(0, 1);
            await act(async () => given.forEach((answer) => answer()));
            if (given.length === answers[step]!.length) complete.add(step);
          } else if (next === 'previous') {
            if (step === 0) continue; // Previous is disabled on step 1
            fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
            step -= 1;
            await waitFor(() => expect(shownStep()).toBe(step));
            expect(errorCount()).toBe(0);
          } else {
            if (step === STEP_COUNT - 1 && complete.has(step)) continue; // that would send it
            fireEvent.click(screen.getByRole('button', { name: /Next Step|Submit Valuation Request/ }));
            if (complete.has(step)) {
              step += 1;
              await waitFor(() => expect(shownStep()).toBe(step));
              expect(errorCount()).toBe(0);
            } else {
              // Refused: the seller sees why, on the step on screen, with the focus on it.
              await waitFor(() => expect(errorCount()).toBeGreaterThan(0));
              expect(shownStep()).toBe(step);
              await waitFor(() => expect(stepFields[step]).toContain(document.activeElement?.getAttribute('name')));
            }
          }
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe('ValuationWizard: messages that say what is wrong', () => {
  const messageOf = (name: string) => document.getElementById(`field-${name}-error`)?.textContent;

  it.each([
    ['', 'Mileage is required'],
    ['abc', 'Enter the mileage in numbers, such as 45000'],
    ['12k', 'Enter the mileage in numbers, such as 45000'],
    ['-5', 'Mileage must be 1 or more'],
    ['0', 'Mileage must be 1 or more'],
    ['4500.5', 'Enter the mileage in whole miles, such as 45000'],
    ['1,000,000', 'Mileage must be at most 999,999'],
  ])('mileage "%s": "%s"', async (typed, message) => {
    renderWizard();
    type('registration', 'AB12 CDE');
    type('mileage', typed);
    fireEvent.click(screen.getByRole('button', { name: /Next Step/ }));
    await waitFor(() => expect(messageOf('mileage')).toBe(message));
  });

  it('asks for the consent box in the words of the box', async () => {
    renderWizard();
    for (const step of answers.slice(0, 3)) {
      for (const answer of step) answer();
      const shown = shownStep();
      fireEvent.click(screen.getByRole('button', { name: /Next Step/ }));
      await waitFor(() => expect(shownStep()).toBe(shown + 1));
    }
    for (const answer of answers[3]!.slice(0, -1)) answer();
    fireEvent.click(screen.getByRole('button', { name: /Submit Valuation Request/ }));
    await waitFor(() =>
      expect(messageOf('agreeToContact')).toBe('Tick the box to agree to be contacted about your car valuation'),
    );
    expect(document.activeElement?.getAttribute('name')).toBe('agreeToContact');
  });
});

describe('ValuationWizard: after submitting', () => {
  const created = {
    id: '0b6f7c1e-2d1a-4c3b-9a8e-5f4d3c2b1a09',
    reference: 'CB-7K3-9QX',
    uploadToken: 'tok_only-in-memory_abcdefghijklmnop',
    indicativePrice: null as { lowPence: number; highPence: number; count: number } | null,
  };
  const indicativeWords =
    'Indicative, based on 7 offers we made for similar cars in the last 12 months. We confirm your price within 24 hours.';
  const storedText = () =>
    Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.getItem(sessionStorage.key(i)!)).join('\n');

  async function submitAnswering(answer: typeof created) {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: unknown) =>
        String(url).endsWith('/api/valuations')
          ? Promise.resolve(Response.json(answer, { status: 201 }))
          : Promise.reject(new Error('offline')),
      ),
    );
    renderWizard();
    for (const [step, stepAnswers] of answers.entries()) {
      for (const answer of stepAnswers) answer();
      if (step < STEP_COUNT - 1) {
        fireEvent.click(screen.getByRole('button', { name: /Next Step/ }));
        await waitFor(() => expect(shownStep()).toBe(step + 1));
      }
    }
    fireEvent.click(screen.getByRole('button', { name: /Submit Valuation Request/ }));
    await screen.findByRole('heading', { name: 'Valuation Request Submitted' });
  }

  function reload() {
    // The same tab, the success screen's address, and nothing in memory.
    cleanup();
    render(
      <SiteConfigProvider value={site}>
        <ValuationWizard prefill={null} submitted />
      </SiteConfigProvider>,
    );
  }

  it('keeps the photo upload token in memory only: a reload shows the reference and says photos can no longer be added', async () => {
    await submitAnswering(created);
    expect(screen.getByRole('button', { name: 'Upload Photos (Optional)' })).toBeTruthy();
    expect(storedText()).toContain(created.reference);
    expect(storedText()).not.toContain(created.uploadToken);

    reload();
    await screen.findByText(/Photos can only be added straight after sending your request/);
    expect(screen.getByText(created.reference)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload Photos (Optional)' })).toBeNull();
  });

  it('shows no price at all without an indicative price', async () => {
    await submitAnswering(created);
    expect(screen.queryByRole('region', { name: 'Indicative price' })).toBeNull();
    expect(document.body.textContent).not.toContain('£');
    expect(screen.queryByRole('link', { name: 'How we work this out' })).toBeNull();
  });

  it('shows the indicative price with its words and the method, and again after a reload', async () => {
    await submitAnswering({ ...created, indicativePrice: { lowPence: 625_000, highPence: 710_000, count: 7 } });
    for (const when of ['at once', 'after a reload']) {
      const note = await screen.findByRole('region', { name: 'Indicative price' });
      expect(note.textContent, when).toContain('£6,250 to £7,100');
      expect(note.textContent, when).toContain(indicativeWords);
      expect(screen.getByRole('link', { name: 'How we work this out' }).getAttribute('href')).toBe('/how-we-value');
      if (when === 'at once') reload();
    }
  });
});
