import { Mail, Phone } from 'lucide-react';
import { EmailAddress } from '~/client/components/email-address';
import { Badge } from '~/client/components/ui/badge';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import { formatPhone } from '~/shared/phone';
import { makeName, modelName } from '~/shared/vehicle-names';
import { CONSENT_LABEL, FINANCE_NOTE } from '~/shared/valuation-options';
import { formatCalendarDate } from '../lib/format-time';
import { choiceLabel, contactPreferencesLabel, countLabel, formatMileage, titleCase } from '../../lib/valuation-facts';
import { DetailList, Missing, orMissing, PanelHeading } from './detail-list';
import { MarketingConsent } from './marketing-consent';

/** The Vehicle, Condition, Finance and Contact tabs: the seller's answers and the stored vehicle record. */

const yesNo = (value: boolean | null) => (value === null ? <Missing>Unknown</Missing> : value ? 'Yes' : 'No');
const cased = (value: string | null) => orMissing(value ? titleCase(value) : null);

export function VehicleTab({ valuation: v }: { valuation: ValuationDetail }) {
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted">
        As found when the seller looked the car up, with the mileage they gave. The DVLA tab shows the live record.
      </p>
      <DetailList
        items={[
          { label: 'Registration', value: v.registration },
          { label: 'Mileage (seller)', value: formatMileage(v.mileage) },
          { label: 'Make', value: orMissing(v.make && makeName(v.make)) },
          { label: 'Model', value: orMissing(v.model && modelName(v.model)) },
          { label: 'Year', value: orMissing(v.year) },
          { label: 'Colour', value: cased(v.color) },
          { label: 'Fuel type', value: cased(v.fuelType) },
          { label: 'Engine size', value: orMissing(v.engineSize && `${v.engineSize} cc`) },
          { label: 'MOT status', value: orMissing(v.motStatus) },
          { label: 'MOT expiry', value: orMissing(formatCalendarDate(v.motExpiryDate)) },
          { label: 'Tax status', value: orMissing(v.taxStatus) },
          { label: 'Tax due', value: orMissing(formatCalendarDate(v.taxDueDate)) },
          { label: 'CO2 emissions', value: orMissing(v.co2Emissions === null ? null : `${v.co2Emissions} g/km`) },
          { label: 'Last V5C issued', value: orMissing(formatCalendarDate(v.dateOfLastV5CIssued)) },
          { label: 'Marked for export', value: yesNo(v.markedForExport) },
        ]}
      />
    </div>
  );
}

export function ConditionTab({ valuation: v }: { valuation: ValuationDetail }) {
  const issues = v.mechanicalIssues?.toLowerCase() === 'yes';
  return (
    <DetailList
      items={[
        { label: 'Overall condition', value: choiceLabel('overallCondition', v.overallCondition) },
        { label: 'Scuffed wheels', value: countLabel(v.scuffedWheels, 'wheel') },
        { label: 'Tyres needing replacement (under 3mm)', value: countLabel(v.tyresNeedReplacing, 'tyre') },
        { label: 'Service history', value: choiceLabel('serviceHistory', v.serviceHistory) },
        { label: 'Cambelt changed', value: choiceLabel('cambeltChanged', v.cambeltChanged) },
        { label: 'Cambelt changed on', value: orMissing(v.cambeltDate) },
        { label: 'Mechanical issues', value: choiceLabel('mechanicalIssues', v.mechanicalIssues) },
        {
          label: 'Mechanical details',
          value: issues ? (
            <span className="font-normal whitespace-pre-line">{orMissing(v.mechanicalDetails)}</span>
          ) : (
            <Missing>None reported</Missing>
          ),
          wide: true,
        },
      ]}
    />
  );
}

export function FinanceTab({ valuation: v }: { valuation: ValuationDetail }) {
  const hasFinance = v.outstandingFinance?.toLowerCase() === 'yes';
  return (
    <div className="grid gap-4">
      <DetailList
        items={[{ label: 'Outstanding finance', value: choiceLabel('outstandingFinance', v.outstandingFinance) }]}
      />
      {hasFinance ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3.5 text-sm text-amber-950">
          <strong className="font-semibold">The seller has outstanding finance.</strong> Ask for a settlement figure
          from the finance company before making a final offer. The seller was told: “{FINANCE_NOTE}”
        </p>
      ) : null}
    </div>
  );
}

export function ContactTab({ valuation: v }: { valuation: ValuationDetail }) {
  const phone = formatPhone(v.phone) ?? v.phone;
  return (
    <div className="grid gap-5">
      <DetailList
        items={[
          { label: 'Name', value: `${v.firstName} ${v.lastName}` },
          {
            label: 'E-mail',
            value: (
              <a href={`mailto:${v.email}`} className="inline-flex items-start gap-1.5 text-brand-700 underline">
                <Mail aria-hidden="true" className="mt-1 size-4 shrink-0" />
                <EmailAddress address={v.email} />
              </a>
            ),
          },
          {
            label: 'Phone',
            value: v.phoneE164 ? (
              <a href={`tel:${v.phoneE164}`} className="inline-flex items-center gap-1.5 text-brand-700 underline">
                <Phone aria-hidden="true" className="size-4 shrink-0" />
                {phone}
              </a>
            ) : (
              <span>
                {v.phone} <span className="text-sm font-normal text-muted">(not a number we can call or text)</span>
              </span>
            ),
          },
          { label: 'Postcode', value: v.postcode },
          { label: 'Contact preferences', value: contactPreferencesLabel(v.contactPreference) },
        ]}
      />
      <div className="grid gap-2">
        <PanelHeading>Consent</PanelHeading>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {v.agreeToContact ? <Badge variant="success">Agreed</Badge> : <Badge variant="danger">Not agreed</Badge>}
          <span className="text-muted">“{CONSENT_LABEL}”</span>
        </p>
        <p className="text-sm text-muted">
          This covers contact about this valuation only; it is not consent to marketing.
        </p>
        <MarketingConsent valuation={v} />
      </div>
    </div>
  );
}
