import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '~/server/db/client';
import { carValuations } from '~/server/db/schema';
import type { VehicleInfo } from '~/server/features/vehicle-data';
import { AppError } from '~/server/http/app-error';
import type { FileStore } from '~/server/storage/file-store';
import { adminValuationMessages } from '~/shared/admin-valuations';
import { vehicleInfoMessages } from '~/shared/vehicle-info';
import { damageMarkersOf } from '../damage-marker-rows';
import { photoIds } from '../photos';
import { renderReportPdf } from './render-pdf';
import { reportPhotos } from './report-photos';
import {
  buildReportModel,
  type DealerReportModel,
  type LiveVehicleInfo,
  type ReportInput,
  type ValuationRow,
} from './report-model';

/**
 * The dealer report (issue 11): a valuation as an A4 PDF for another dealer, for
 * `GET /api/valuations/:id/preview-pdf` and the attachment of `POST …/send-to-dealer`.
 */

export { buildReportModel, plateText, postcodeDistrict, vehicleTitle } from './report-model';
export type { DealerReportModel } from './report-model';

export type DealerReportDeps = {
  db: Db;
  files: FileStore;
  /** DVLA VES and DVSA MOT history, asked live; undefined where the app has none. */
  vehicleInfo: VehicleInfo | undefined;
  site: ReportInput['site'];
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Leave the PDF's streams uncompressed so tests can read its text. */
  compress?: boolean;
};

export type DealerReport = {
  pdf: Buffer;
  /** `vehicle-report-AB12CDE.pdf`: letters and digits only, safe in a header. */
  filename: string;
  model: DealerReportModel;
  valuation: ValuationRow;
};

export type DealerReports = {
  /** Throws NOT_FOUND for an unknown valuation. Never fails for DVLA or DVSA: the report says so instead. */
  render(valuationId: string, options: { includeContactDetails: boolean }): Promise<DealerReport>;
};

export const reportFilename = (registration: string) => `vehicle-report-${registration}.pdf`;

export function createDealerReports(deps: DealerReportDeps): DealerReports {
  async function live(registration: string): Promise<LiveVehicleInfo> {
    const info = deps.vehicleInfo;
    if (!info?.configured) {
      return { state: 'unavailable', reason: 'DVLA and DVSA look-ups are not configured on this system.' };
    }
    try {
      const outcome = await info.lookup(registration);
      return outcome.found
        ? { state: 'found', result: outcome.result }
        : { state: 'unavailable', reason: vehicleInfoMessages.notFound };
    } catch (error) {
      if (error instanceof AppError) return { state: 'unavailable', reason: error.message };
      deps.log.error({ err: error }, 'vehicle information for a dealer report failed');
      return { state: 'unavailable', reason: 'The look-up failed unexpectedly.' };
    }
  }

  return {
    async render(valuationId, { includeContactDetails }) {
      const [valuation] = await deps.db.select().from(carValuations).where(eq(carValuations.id, valuationId));
      if (!valuation) throw new AppError('NOT_FOUND', adminValuationMessages.notFound);
      const now = deps.clock();
      const [liveInfo, photos, damage] = await Promise.all([
        live(valuation.registration),
        reportPhotos(deps.files, valuation.photoPaths, (error) =>
          deps.log.warn({ err: error, valuationId }, 'a photo could not go in the dealer report'),
        ),
        damageMarkersOf(deps.db, valuationId, photoIds(valuation.photoPaths)),
      ]);
      const model = buildReportModel({ valuation, live: liveInfo, site: deps.site, now, includeContactDetails });
      const pdf = await renderReportPdf(model, photos, { now, compress: deps.compress }, damage);
      return { pdf, filename: reportFilename(valuation.registration), model, valuation };
    },
  };
}
