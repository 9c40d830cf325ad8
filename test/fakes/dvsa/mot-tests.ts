/**
 * MOT tests as DVSA's MOT History API gives them (shared/contracts/external-apis.md §2), for the
 * fake DVSA's histories: the test registrations' (fake-dvsa.ts) and the demo cars'
 * (../demo-vehicle-records.ts).
 */

export type Defect = { text: string; type: string; dangerous: boolean };

export const advisory = (text: string): Defect => ({ text, type: 'ADVISORY', dangerous: false });
export const minor = (text: string): Defect => ({ text, type: 'MINOR', dangerous: false });
export const major = (text: string): Defect => ({ text, type: 'MAJOR', dangerous: false });
export const dangerous = (text: string): Defect => ({ text, type: 'DANGEROUS', dangerous: true });

/** One car's MOT test as DVSA's document describes it (`dataSource` DVSA). */
export function dvsaMotTest(
  registration: string,
  test: {
    completedDate: string;
    testResult: 'PASSED' | 'FAILED';
    expiryDate: string | null;
    /** Undefined when the odometer could not be read. */
    miles?: number;
    defects: Defect[];
    index: number;
  },
) {
  const reading =
    test.miles === undefined
      ? { odometerValue: null, odometerUnit: null, odometerResultType: 'UNREADABLE' }
      : { odometerValue: String(test.miles), odometerUnit: 'MI', odometerResultType: 'READ' };
  const seed = [...registration].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 1e9, 7);
  return {
    registrationAtTimeOfTest: registration,
    completedDate: test.completedDate,
    testResult: test.testResult,
    expiryDate: test.expiryDate,
    defects: test.defects,
    ...reading,
    motTestNumber: String(1e11 + seed * 100 + test.index), // 12 digits
    dataSource: 'DVSA',
  };
}
