import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { demoRecords } from '../demo-vehicle-records';
import { dateFrom, loadYamlContract, startJsonFakeServer, type FakeAnswer, type FakeReply } from '../json-fake-server';
import { advisory, dangerous, dvsaMotTest, major, minor, type Defect } from './mot-tests';

/**
 * A local stand-in for the DVSA MOT History API and its OAuth2 token endpoint
 * (shared/contracts/external-apis.md §2).
 *
 * - `POST {url}/{tenant}/oauth2/v2.0/token`, a form with grant_type=client_credentials, client_id,
 *   client_secret and scope: `{token_type, expires_in, ext_expires_in, access_token}`; Entra ID's
 *   own errors otherwise (`invalid_client`, `invalid_scope`, `unsupported_grant_type`).
 * - `GET {url}/v1/trade/vehicles/registration/{registration}` with `Authorization: Bearer` (a token
 *   it issued and that has not expired by `now`) and `X-API-Key`: a VehicleWithMotResponse for the
 *   DVLA test registrations (AA19EEE is new, so a NewRegVehicleResponse) and for the demo's
 *   made-up cars (../demo-vehicle-records.ts), 404 MOTH-NF-01 otherwise.
 * - failNext({ status: 500 }) or failNext({ hang: true }) for the next vehicle request.
 *
 * Vehicle requests and answers are checked against DVSA's OpenAPI document
 * (test/contracts/dvsa-mot-history.openapi.yaml); the token endpoint is not in it.
 */

export interface FakeDvsaOptions {
  clientId?: string;
  clientSecret?: string;
  apiKey?: string;
  scope?: string;
  /** Lifetime of the tokens it issues, in seconds (Entra ID's sample: 1199). */
  tokenLifetimeSeconds?: number;
  now?: () => Date;
}

export type DvsaFault = { status: 500 } | { hang: true };

export interface FakeDvsa {
  /** Base URL of the API, for DVSA_MOT_API_URL. */
  url: string;
  /** The token endpoint, for DVSA_MOT_TOKEN_URL. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  apiKey: string;
  scope: string;
  /** Tokens issued so far (proves a client caches them). */
  readonly tokensIssued: number;
  /** Registrations asked for, in order. */
  lookups: string[];
  readonly requests: number;
  contractProblems: string[];
  failNext(...faults: DvsaFault[]): void;
  reset(): void;
  close(): Promise<void>;
}

const contractFile = fileURLToPath(new URL('../../contracts/dvsa-mot-history.openapi.yaml', import.meta.url));
const tokenPath = '/a455b827-244f-4c97-b5b4-ce5d13b4d00c/oauth2/v2.0/token';
const errorResponseSchema = {
  type: 'object',
  required: ['errorCode', 'errorMessage'],
  properties: { errorCode: { type: 'string' }, errorMessage: { type: 'string' }, requestId: { type: 'string' } },
};

/** Models (and DVSA's spelling of make, fuel and colour) for the DVLA test registrations. */
const testVehicles: Record<string, { make: string; model: string; fuelType: string; colour: string; cc?: string }> = {
  AA19AAA: { make: 'FORD', model: 'FOCUS', fuelType: 'Petrol', colour: 'Red', cc: '2000' },
  AA19EEE: { make: 'TESLA', model: 'MODEL 3', fuelType: 'Electric', colour: 'White' },
  AA19PPP: { make: 'VOLVO', model: 'FH', fuelType: 'Diesel', colour: 'Red', cc: '12800' },
  L2WPS: { make: 'ROVER', model: '214 SI', fuelType: 'Petrol', colour: 'Blue', cc: '1396' },
  AA19SRN: { make: 'FORD', model: 'FIESTA', fuelType: 'Petrol', colour: 'Red', cc: '2000' },
  AA19MOT: { make: 'FORD', model: 'KUGA', fuelType: 'Petrol', colour: 'Red', cc: '2000' },
};

/** One test in a history: when (years and days before `now`), the result, the reading and defects. */
type TestSpec = {
  years: number;
  days: number;
  result: 'PASSED' | 'FAILED';
  miles?: number;
  defects?: Defect[];
  /** The expiry's day (with the year after the test's) when a test a few days early kept the old one. */
  expiryDays?: number;
};

/**
 * MOT histories of the test registrations, newest first as DVSA lists them, dates relative to
 * `now` like DVLA's: readings rise over the years, a failure is retested and passed days later,
 * advisories and the defect texts are in DVSA's wording. AA19EEE is new and has none; AA19PPP is
 * a lorry, whose annual tests come from CVS without an odometer reading.
 */
const testHistories: Record<string, TestSpec[]> = {
  AA19AAA: [
    {
      years: 0,
      days: -20,
      result: 'PASSED',
      miles: 48210,
      defects: [
        advisory('Nearside Front Tyre worn close to legal limit/worn on edge (5.2.3 (e))'),
        advisory('Brake pipe slightly corroded (1.1.11 (c))'),
        { text: 'Tested with the rear seats folded', type: 'USER ENTERED', dangerous: false },
      ],
    },
    {
      years: 1,
      days: -9,
      result: 'PASSED',
      miles: 39874,
      defects: [minor('Offside Headlamp aim slightly too high (4.1.2 (a))')],
    },
    {
      years: 1,
      days: -12,
      result: 'FAILED',
      miles: 39862,
      defects: [
        dangerous('Offside Front Brake hose leaking (1.1.12 (a))'),
        major('Nearside Rear Tyre tread depth below requirements of 1.6mm (5.2.3 (e))'),
        major('Offside Dipped beam headlamp not working (4.1.1 (a) (ii))'),
        advisory('Front Suspension arm ball joint has slight play (5.3.4 (a) (i))'),
      ],
    },
    {
      years: 2,
      days: -5,
      result: 'PASSED',
      miles: 31405,
      defects: [advisory('Oil leak, but not excessive (8.4.1 (a))')],
    },
    { years: 3, days: -3, result: 'PASSED', miles: 22950 },
  ],
  AA19MOT: [
    // Tested early, so the expiry stays on its anniversary, as DVLA's record (a year from now) says.
    {
      years: 0,
      days: -5,
      expiryDays: 0,
      result: 'PASSED',
      miles: 42150,
      defects: [advisory('Nearside front tyre worn close to legal limit')],
    },
    { years: 1, days: -4, result: 'PASSED', miles: 33020 },
    {
      years: 1,
      days: -6,
      result: 'FAILED',
      miles: 33012,
      defects: [
        major('Nearside Rear Position lamp not working (4.2.1 (a) (ii))'),
        minor('Windscreen washer provides insufficient washer liquid (3.6 (b))'),
      ],
    },
    { years: 2, days: -2, result: 'PASSED', miles: 21780 },
  ],
  AA19SRN: [
    {
      years: 1,
      days: -40,
      result: 'PASSED',
      miles: 27311,
      defects: [advisory('Offside Rear Shock absorber has a light misting of oil (5.3.2 (b))')],
    },
    { years: 2, days: -35, result: 'PASSED', miles: 18640 },
  ],
  // The DVLA record says the MOT ran out a year and ten days ago (not valid).
  L2WPS: [
    {
      years: 2,
      days: -9,
      result: 'PASSED',
      miles: 131902,
      defects: [
        advisory('Nearside Sill corroded but not seriously weakened (6.1.1 (a))'),
        advisory('Exhaust has a minor leak of exhaust gases (8.2.1.2 (a))'),
      ],
    },
    {
      years: 2,
      days: -16,
      result: 'FAILED',
      miles: 131870,
      defects: [
        dangerous('Offside Front Coil spring fractured (5.3.1 (b) (i))'),
        major('Nearside Sill excessively corroded (6.1.1 (a))'),
        minor('Registration plate letter or digit not correctly spaced (0.1 (b))'),
      ],
    },
    { years: 3, days: -11, result: 'PASSED', miles: 127455 },
    // The odometer could not be read that year.
    { years: 4, days: -14, result: 'PASSED' },
    { years: 5, days: -13, result: 'PASSED', miles: 118030, defects: [advisory('Slight play in steering rack')] },
  ],
};

/** A test in a history above, or CVS's lorry test. */
function motTest(registration: string, now: Date, spec: TestSpec, index: number, lorry: boolean) {
  const passed = spec.result === 'PASSED';
  const common = {
    completedDate: `${dateFrom(now, -spec.years, spec.days)}T${String(9 + index).padStart(2, '0')}:17:46.000Z`,
    testResult: spec.result,
    expiryDate: passed ? dateFrom(now, 1 - spec.years, spec.expiryDays ?? spec.days - 1) : null,
    defects: spec.defects ?? [],
  };
  if (lorry) {
    const number = `CVS${String(440120 + index * 7)}`;
    const noReading = { odometerValue: null, odometerUnit: null, odometerResultType: 'NO_ODOMETER' };
    return {
      registrationAtTimeOfTest: registration,
      ...common,
      ...noReading,
      motTestNumber: number,
      location: 'Kilmarnock ATF',
      dataSource: 'CVS',
    };
  }
  return dvsaMotTest(registration, { ...common, miles: spec.miles, index });
}

const lorryTests: TestSpec[] = [
  { years: 0, days: -60, result: 'PASSED' },
  { years: 1, days: -58, result: 'FAILED', defects: [major('Service brake performance below requirements (71.1)')] },
  { years: 1, days: -55, result: 'PASSED' },
];

function vehicleRecord(registration: string, now: Date): Record<string, unknown> | undefined {
  const vehicle = testVehicles[registration];
  if (!vehicle) return demoRecords.dvsa(registration, now);
  const common = {
    registration,
    make: vehicle.make,
    model: vehicle.model,
    fuelType: vehicle.fuelType,
    primaryColour: vehicle.colour,
    registrationDate: registration === 'L2WPS' ? '1994-01-14' : '2019-03-01',
    manufactureDate: registration === 'L2WPS' ? '1994-01-03' : '2019-02-20',
    hasOutstandingRecall: 'No',
  };
  // A new car has had no MOT yet: the other documented shape.
  if (registration === 'AA19EEE') return { ...common, manufactureYear: '2019', motTestDueDate: dateFrom(now, 1) };
  const lorry = registration === 'AA19PPP';
  const specs = lorry ? lorryTests : (testHistories[registration] ?? []);
  return {
    ...common,
    firstUsedDate: common.registrationDate,
    engineSize: vehicle.cc ?? null,
    motTests: specs.map((spec, index) => motTest(registration, now, spec, index, lorry)),
  };
}

type Schemas = Record<string, Record<string, unknown>>;
/**
 * DVSA's document answers a registration with `oneOf [VehicleWithMotResponse, NewRegVehicleResponse]`,
 * but NewRegVehicleResponse, which requires only `hasOutstandingRecall`, does not forbid `motTests`:
 * every vehicle with MOT tests would match both (and fail `oneOf`), and one with malformed tests
 * would still pass as a new vehicle, leaving its tests unchecked. The shapes are told apart by
 * whether `motTests` is there (external-apis.md §2), so NewRegVehicleResponse is read in memory as
 * also `not: { required: [motTests] }`; the file stays as published.
 */
function newVehiclesHaveNoTests(document: Record<string, unknown>) {
  const schemas = (document.components as { schemas: Schemas }).schemas;
  const newVehicle = schemas.NewRegVehicleResponse;
  if (!newVehicle || (newVehicle.properties as Record<string, unknown>).motTests) {
    throw new Error('DVSA document changed: NewRegVehicleResponse is missing or now has motTests');
  }
  newVehicle.not = { required: ['motTests'] };
}

/** DVSA's document as the fake checks its exchanges against it (with the reading above). */
export function loadDvsaContract() {
  return loadYamlContract(contractFile, { undescribedResponseSchema: errorResponseSchema }, newVehiclesHaveNoTests);
}

const dvsaError = (status: number, errorCode: string, errorMessage: string): FakeAnswer => ({
  status,
  body: { errorCode, errorMessage, requestId: randomBytes(6).toString('hex') },
});
const entraError = (status: number, error: string, description: string): FakeAnswer => ({
  status,
  body: { error, error_description: description },
});

/** The app's settings (environment variables) that point it at this fake. */
export const dvsaAppEnv = (fake: FakeDvsa) => ({
  DVSA_MOT_CLIENT_ID: fake.clientId,
  DVSA_MOT_CLIENT_SECRET: fake.clientSecret,
  DVSA_MOT_API_KEY: fake.apiKey,
  DVSA_MOT_TOKEN_URL: fake.tokenUrl,
  DVSA_MOT_API_URL: fake.url,
});

export async function startFakeDvsa(options: FakeDvsaOptions = {}): Promise<FakeDvsa> {
  const clientId = options.clientId ?? 'fake-dvsa-client';
  const clientSecret = options.clientSecret ?? 'fake-dvsa-secret';
  const apiKey = options.apiKey ?? 'fake-dvsa-api-key';
  const scope = options.scope ?? 'https://tapi.dvsa.gov.uk/.default';
  const lifetime = options.tokenLifetimeSeconds ?? 3599;
  const now = options.now ?? (() => new Date());
  const contract = loadDvsaContract();
  const tokens = new Map<string, number>(); // token -> expiry (ms)
  const lookups: string[] = [];
  const faults: DvsaFault[] = [];
  let tokensIssued = 0;

  function issueToken(form: Record<string, unknown>): FakeAnswer {
    if (form.grant_type !== 'client_credentials') {
      return entraError(400, 'unsupported_grant_type', 'AADSTS70003: The app requested an unsupported grant type.');
    }
    if (form.client_id !== clientId || form.client_secret !== clientSecret) {
      return entraError(401, 'invalid_client', 'AADSTS7000215: Invalid client secret provided.');
    }
    if (form.scope !== scope) return entraError(400, 'invalid_scope', 'AADSTS70011: The provided scope is not valid.');
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, now().getTime() + lifetime * 1000);
    tokensIssued += 1;
    return {
      status: 200,
      body: { token_type: 'Bearer', expires_in: lifetime, ext_expires_in: lifetime, access_token: token },
    };
  }

  function vehicle(path: string, headers: Record<string, unknown>): FakeReply {
    const match = /^\/v1\/trade\/vehicles\/registration\/([^/]+)$/.exec(path);
    if (!match) return dvsaError(404, 'MOTH-NF-02', 'URL not found');
    const bearer = /^Bearer (\S+)$/.exec(String(headers.authorization ?? ''))?.[1];
    if (!bearer) return dvsaError(401, 'MOTH-FB-04', 'Token missing');
    const expiry = tokens.get(bearer);
    if (expiry === undefined) return dvsaError(401, 'MOTH-UA-01', 'Authentication failed');
    if (expiry <= now().getTime()) return dvsaError(401, 'MOTH-FB-02', 'Token expired');
    if (headers['x-api-key'] !== apiKey) return dvsaError(403, 'MOTH-FB-03', 'API key unknown');
    const registration = decodeURIComponent(match[1] ?? '');
    lookups.push(registration);
    const fault = faults.shift();
    if (fault) return 'hang' in fault ? 'hang' : dvsaError(500, 'MOTH-UN-01', 'Unknown error');
    if (!/^[A-Z0-9]{1,8}$/.test(registration)) return dvsaError(400, 'MOTH-IV-03', 'Invalid VRM');
    const record = vehicleRecord(registration, now());
    return record ? { status: 200, body: record } : dvsaError(404, 'MOTH-NF-01', 'Vehicle not found');
  }

  const server = await startJsonFakeServer({
    contract,
    checked: (path) => path !== tokenPath,
    answer({ method, path, headers, body }) {
      if (path === tokenPath && method === 'POST') return issueToken((body ?? {}) as Record<string, unknown>);
      if (method === 'GET') return vehicle(path, headers);
      return dvsaError(404, 'MOTH-NF-02', 'URL not found');
    },
  });

  return {
    url: server.url,
    tokenUrl: `${server.url}${tokenPath}`,
    clientId,
    clientSecret,
    apiKey,
    scope,
    get tokensIssued() {
      return tokensIssued;
    },
    lookups,
    get requests() {
      return server.requests;
    },
    contractProblems: server.contractProblems,
    failNext: (...queued) => void faults.push(...queued),
    reset() {
      server.reset();
      tokens.clear();
      lookups.length = 0;
      faults.length = 0;
      tokensIssued = 0;
    },
    close: () => server.close(),
  };
}
