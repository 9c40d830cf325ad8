import { fileURLToPath } from 'node:url';
import { demoRecords } from '../demo-vehicle-records';
import { dateFrom, loadYamlContract, startJsonFakeServer, type FakeAnswer, type FakeReply } from '../json-fake-server';

/**
 * A local stand-in for DVLA's Vehicle Enquiry Service (shared/contracts/external-apis.md §1):
 * `POST {url}/v1/vehicles` with an `x-api-key` header and a JSON body `{registrationNumber}`.
 *
 * - A missing or wrong key: 403 `{"message":"Forbidden"}`, as DVLA's gateway answers.
 * - The UAT test registrations (AA19AAA, AA19EEE, AA19PPP, L2WPS, AA19SRN, AA19MOT) answer their
 *   documented records, dates relative to `now`; ER19BAD/NFD/THR/ERR/MNT answer 400/404/429/500/503
 *   with DVLA's `errors` array; the demo's made-up cars (../demo-vehicle-records.ts) answer theirs;
 *   any other registration is not found (404).
 * - failNext({ hang: true }) leaves the next lookup unanswered, for client time-outs.
 *
 * Every exchange is checked against DVLA's OpenAPI document (test/contracts/dvla-ves.openapi.yaml);
 * problems collect in `contractProblems`.
 */

export interface FakeDvlaOptions {
  apiKey?: string;
  /** The base path, as in DVLA's server URL. */
  basePath?: string;
  now?: () => Date;
}

export type DvlaFault = { hang: true };

export interface FakeDvla {
  /** The base URL, for DVLA_API_URL. */
  url: string;
  apiKey: string;
  /** How many HTTP requests arrived. */
  readonly requests: number;
  /** Registrations asked for, in order. */
  lookups: string[];
  contractProblems: string[];
  failNext(...faults: DvlaFault[]): void;
  reset(): void;
  close(): Promise<void>;
}

const contractFile = fileURLToPath(new URL('../../contracts/dvla-ves.openapi.yaml', import.meta.url));

/** The documented error answers of the ER19… test registrations. */
export const dvlaErrorRegistrations = {
  ER19BAD: { status: 400, title: 'Bad Request', detail: 'Invalid format for field - vehicle registration number' },
  ER19NFD: { status: 404, title: 'Vehicle Not Found', detail: 'Record for vehicle not found' },
  ER19THR: { status: 429, title: 'Too Many Requests', detail: 'Too many requests' },
  ER19ERR: { status: 500, title: 'Internal Server Error', detail: 'Internal server error' },
  ER19MNT: { status: 503, title: 'System currently down for maintenance', detail: 'Service unavailable' },
} as const;

/** The UAT test vehicles (external-apis.md §1), dates computed from `now`. */
export function dvlaTestVehicles(now: Date): Record<string, Record<string, unknown>> {
  const ford = {
    taxStatus: 'Taxed',
    taxDueDate: dateFrom(now, 1),
    artEndDate: dateFrom(now, 0, 30),
    motStatus: 'No details held by DVLA',
    make: 'FORD',
    monthOfFirstDvlaRegistration: '2019-03',
    monthOfFirstRegistration: '2019-03',
    yearOfManufacture: 2019,
    engineCapacity: 2000,
    co2Emissions: 300,
    fuelType: 'PETROL',
    markedForExport: false,
    colour: 'RED',
    typeApproval: 'M1',
    wheelplan: '2 AXLE RIGID BODY',
    revenueWeight: 0,
    realDrivingEmissions: '1',
    dateOfLastV5CIssued: '2019-05-20',
    euroStatus: 'EURO1',
  };
  const { engineCapacity: _engine, ...withoutEngine } = ford;
  const { typeApproval: _type, ...withoutTypeApproval } = ford;
  const { taxDueDate: _due, ...withoutTaxDue } = ford;
  return {
    AA19AAA: ford,
    AA19EEE: {
      ...withoutEngine,
      make: 'TESLA',
      fuelType: 'ELECTRICITY',
      co2Emissions: 0,
      motStatus: 'No results returned',
      colour: 'WHITE',
    },
    AA19PPP: {
      ...withoutTypeApproval,
      make: 'VOLVO',
      fuelType: 'DIESEL',
      engineCapacity: 12800,
      revenueWeight: 44000,
      wheelplan: '3 AXLE + 3 AXLE ARTIC',
    },
    L2WPS: {
      ...ford,
      make: 'ROVER',
      taxStatus: 'Untaxed',
      taxDueDate: dateFrom(now, -1),
      motStatus: 'Not valid',
      motExpiryDate: dateFrom(now, -1, -10),
      yearOfManufacture: 1994,
      monthOfFirstDvlaRegistration: '1994-01',
      monthOfFirstRegistration: '1994-01',
      colour: 'BLUE',
      engineCapacity: 1396,
    },
    AA19SRN: { ...withoutTaxDue, taxStatus: 'SORN' },
    AA19MOT: { ...ford, motStatus: 'Valid', motExpiryDate: dateFrom(now, 1) },
  };
}

/** An `errors` answer as DVLA sends it (status and code are strings). */
function errorAnswer(status: number, title: string, detail: string): FakeAnswer {
  return {
    status,
    body: { errors: [{ status: String(status), code: String(status === 400 ? 105 : status), title, detail }] },
  };
}

const errorsSchema = {
  type: 'object',
  required: ['errors'],
  properties: { errors: { type: 'array', items: { type: 'object', required: ['title'] } } },
};

type Properties = Record<string, { format?: string; example?: unknown }>;
/**
 * DVLA's document calls the two "month of first registration" fields `format: date`, yet its own
 * examples (`2011-11`) and the live service give `YYYY-MM` (external-apis.md §1). Read in memory
 * as plain strings; the file stays as published.
 */
function monthsAsMonths(document: Record<string, unknown>) {
  const schemas = (document.components as { schemas: Record<string, { properties: Properties }> }).schemas;
  for (const name of ['monthOfFirstDvlaRegistration', 'monthOfFirstRegistration']) {
    const property = schemas.Vehicle?.properties[name];
    if (property?.format !== 'date') throw new Error(`DVLA document changed: Vehicle.${name} is no longer a date`);
    delete property.format;
  }
}

/** The app's settings (environment variables) that point it at this fake. */
export const dvlaAppEnv = (fake: FakeDvla) => ({ DVLA_API_KEY: fake.apiKey, DVLA_API_URL: fake.url });

export async function startFakeDvla(options: FakeDvlaOptions = {}): Promise<FakeDvla> {
  const apiKey = options.apiKey ?? 'fake-dvla-key';
  const basePath = options.basePath ?? '/vehicle-enquiry';
  const now = options.now ?? (() => new Date());
  // 403 ({message}) and 429 (errors array) happen but the document leaves them out.
  const contract = loadYamlContract(
    contractFile,
    {
      undescribedResponseSchema: {
        oneOf: [{ type: 'object', required: ['message'], properties: { message: { type: 'string' } } }, errorsSchema],
      },
    },
    monthsAsMonths,
  );
  const lookups: string[] = [];
  const faults: DvlaFault[] = [];

  const server = await startJsonFakeServer({
    contract,
    checked: (path) => path.startsWith(`${basePath}/`),
    answer({ method, path, headers, body }): FakeReply {
      if (headers['x-api-key'] !== apiKey) return { status: 403, body: { message: 'Forbidden' } };
      if (method !== 'POST' || path !== `${basePath}/v1/vehicles`) {
        return { status: 403, body: { message: 'Missing Authentication Token' } };
      }
      const registration = (body as { registrationNumber?: unknown } | undefined)?.registrationNumber;
      if (typeof registration !== 'string' || !/^[A-Z0-9]{1,8}$/.test(registration)) {
        const { status, title, detail } = dvlaErrorRegistrations.ER19BAD;
        return errorAnswer(status, title, detail);
      }
      lookups.push(registration);
      if (faults.shift()) return 'hang';
      const failure = dvlaErrorRegistrations[registration as keyof typeof dvlaErrorRegistrations];
      if (failure) return errorAnswer(failure.status, failure.title, failure.detail);
      const vehicle = dvlaTestVehicles(now())[registration] ?? demoRecords.dvla(registration, now());
      if (!vehicle) {
        const { status, title, detail } = dvlaErrorRegistrations.ER19NFD;
        return errorAnswer(status, title, detail);
      }
      return { status: 200, body: { registrationNumber: registration, ...vehicle } };
    },
  });

  return {
    url: `${server.url}${basePath}`,
    apiKey,
    get requests() {
      return server.requests;
    },
    lookups,
    contractProblems: server.contractProblems,
    failNext: (...queued) => void faults.push(...queued),
    reset() {
      server.reset();
      lookups.length = 0;
      faults.length = 0;
    },
    close: () => server.close(),
  };
}
