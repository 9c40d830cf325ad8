import { z } from 'zod';
import { exchange, failureOf, ProviderError, type ProviderClientOptions } from './provider-http';

/**
 * DVLA's Vehicle Enquiry Service (shared/contracts/external-apis.md §1): `POST {apiUrl}/v1/vehicles`
 * with the registration in a JSON body (DVLA keeps it out of URLs) and the key in `x-api-key`.
 * Answers the vehicle, or null when DVLA has no such vehicle (404); any other failure is a
 * ProviderError. Errors come in two shapes: DVLA's `{errors:[{status,code,title,detail}]}` and the
 * gateway's `{message}` (a refused key); both are read.
 */

/** The fields we use; every one but the registration may be missing. Others are kept as they come. */
const dvlaVehicleSchema = z.looseObject({
  registrationNumber: z.string(),
  make: z.string().optional(),
  yearOfManufacture: z.number().int().optional(),
  monthOfFirstRegistration: z.string().optional(),
  fuelType: z.string().optional(),
  engineCapacity: z.number().int().optional(),
  colour: z.string().optional(),
  motStatus: z.string().optional(),
  motExpiryDate: z.string().optional(),
  taxStatus: z.string().optional(),
  taxDueDate: z.string().optional(),
  co2Emissions: z.number().int().optional(),
  dateOfLastV5CIssued: z.string().optional(),
  markedForExport: z.boolean().optional(),
});

export type DvlaVehicle = z.infer<typeof dvlaVehicleSchema>;

export type DvlaClient = {
  /** The vehicle with this registration (storage form), or null when DVLA has none. */
  vehicle(registration: string): Promise<DvlaVehicle | null>;
};

const errorBodySchema = z.union([
  z.object({ errors: z.array(z.object({ title: z.string(), detail: z.string().optional() })).min(1) }),
  z.object({ message: z.string() }),
]);

/** DVLA's own words for a failure, for the log. */
export function dvlaErrorText(body: unknown): string {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return 'no readable error body';
  if ('message' in parsed.data) return parsed.data.message;
  return parsed.data.errors.map((error) => [error.title, error.detail].filter(Boolean).join(': ')).join('; ');
}

export function createDvlaClient(
  config: { apiKey: string; apiUrl: string },
  options: ProviderClientOptions = {},
): DvlaClient {
  const url = `${config.apiUrl.replace(/\/+$/, '')}/v1/vehicles`;
  return {
    async vehicle(registration) {
      const { status, body } = await exchange(
        'DVLA',
        url,
        {
          method: 'POST',
          headers: { 'x-api-key': config.apiKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ registrationNumber: registration }),
        },
        options,
      );
      if (status === 404) return null;
      if (status !== 200) {
        throw new ProviderError('DVLA', failureOf(status), `${status} ${dvlaErrorText(body)}`, { status });
      }
      const vehicle = dvlaVehicleSchema.safeParse(body);
      if (!vehicle.success) throw new ProviderError('DVLA', 'failed', 'unreadable vehicle record', { status });
      return vehicle.data;
    },
  };
}
