/**
 * Demo mode (`npm run demo`): the registrations the local fake DVLA (test/fakes/dvla) answers, as
 * DVLA's own UAT environment does. The valuation page lists them in demo mode and the README's
 * "Demo" section names the same ones.
 */
export const DEMO_REGISTRATIONS: readonly { registration: string; what: string }[] = [
  { registration: 'AA19AAA', what: 'a red 2019 Ford' },
  { registration: 'AA19EEE', what: 'an electric Tesla' },
  { registration: 'AA19SRN', what: 'a car declared off the road (SORN)' },
  { registration: 'AA19MOT', what: 'a car with a valid MOT' },
  { registration: 'L2WPS', what: 'an untaxed 1994 Rover' },
  { registration: 'ER19NFD', what: 'not found: you type make, model and year' },
];

/** What the ribbon on every page says in demo mode. */
export const DEMO_NOTICE = 'Demo: nothing here is real. No e-mail or text leaves this machine.';
