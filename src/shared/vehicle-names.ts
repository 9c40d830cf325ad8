/**
 * One way to write a car's make and model wherever they are shown (issue 31): the back office,
 * e-mails and texts, the dealer's PDF and the wizard. They arrive three ways: from DVLA and DVSA
 * in capitals ("FORD", "FOCUS", "320D M SPORT"), typed by sellers ("bmw x1") and typed by staff
 * ("Vauxhall Corsa"). All read as names ("Ford Focus", "BMW 320d M Sport"), with brands spelt as
 * the brands spell them. Stored values are never changed: this is only how they are shown.
 */

/** Makes spelt their own way (initials, inner capitals, lower case), looked up by `lookupKey`. */
const MAKE_SPELLINGS = new Map(
  [
    'BMW',
    'BYD',
    'CUPRA',
    'DAF',
    'DS',
    'GWM',
    'Kia',
    'LDV',
    'LEVC',
    'Lynk & Co',
    'MAN',
    'McLaren',
    'Mercedes-Benz',
    'MG',
    'MINI',
    'Rolls-Royce',
    'SEAT',
    'smart',
    'SsangYong',
    'TVR',
    'VW',
  ].map((spelling) => [lookupKey(spelling), spelling]),
);

/** The names DVLA gives some makes, for the brand itself. */
const MAKE_ALIASES = new Map([
  ['MG MOTOR UK', 'MG'],
  ['DS AUTOMOBILES', 'DS'],
]);

/** Model names the makers write their own way, which no rule below would guess. */
const MODEL_SPELLINGS = new Map(
  [
    'i3',
    'i4',
    'i5',
    'i7',
    'i8',
    'iX',
    'iX1',
    'iX2',
    'iX3',
    'i10',
    'i20',
    'i30',
    'i40',
    'e-208',
    'e-2008',
    'e-Niro',
    'e-tron',
    'up!',
    'Ka',
    'Ka+',
  ].map((spelling) => [modelKey(spelling), spelling]),
);

/** "Mercedes-Benz", "MERCEDES BENZ" and "mercedes benz" all look up "MERCEDES BENZ". */
function lookupKey(name: string): string {
  return name.toUpperCase().replace(/-/g, ' ').replace(/\s+/g, ' ').trim();
}

/** "up!", "UP" and "Up" all look up "UP". */
function modelKey(word: string): string {
  return word.toUpperCase().replace(/!$/, '');
}

/** A word someone wrote with both capitals and small letters ("McLaren", "iX3"): they chose it. */
const isMixedCase = (word: string) => /\p{Lu}/u.test(word) && /\p{Ll}/u.test(word);

/**
 * An engine code: digits ending in BMW's, Mercedes-Benz's or Fiat's small d, i or e ("320D" →
 * "320d", "M340I" → "M340i", "C220D" → "C220d", "500E" → "500e"). Other codes with digits are
 * capitals ("X1", "CX-5", "ID.3", "500C").
 */
function codeWord(word: string): string {
  const upper = word.toUpperCase();
  const engine = /^([A-Z]*\d{2,3})([DIE])$/.exec(upper);
  return engine ? `${engine[1]}${engine[2]!.toLowerCase()}` : upper;
}

/** A part of a word without digits: short ones are initials or trim codes ("GTI", "ST", "M"). */
function letterPart(part: string): string {
  if (part.length <= 3) return part.toUpperCase();
  return part.charAt(0).toUpperCase() + part.slice(1).toLowerCase();
}

/** One word of a make or model, as it is shown. */
function displayWord(word: string): string {
  const known = MODEL_SPELLINGS.get(modelKey(word));
  if (known) return known;
  if (isMixedCase(word)) return word;
  if (/\d/.test(word)) return codeWord(word);
  return word.split('-').map(letterPart).join('-');
}

const displayWords = (text: string) => text.trim().split(/\s+/).filter(Boolean).map(displayWord).join(' ');

/** "FORD" → "Ford", "bmw" → "BMW", "MERCEDES BENZ" → "Mercedes-Benz", "MG MOTOR UK" → "MG". */
export function makeName(make: string): string {
  const key = lookupKey(make);
  const brand = MAKE_ALIASES.get(key) ?? MAKE_SPELLINGS.get(key);
  return brand ?? displayWords(make);
}

/** "FOCUS" → "Focus", "x1" → "X1", "320D M SPORT" → "320d M Sport", "I10" → "i10". */
export function modelName(model: string): string {
  return displayWords(model);
}

/** "Ford Focus", "BMW X1": what is known of the two; empty when neither is. */
export function makeAndModel(vehicle: { make?: string | null; model?: string | null }): string {
  return [makeName(vehicle.make ?? ''), modelName(vehicle.model ?? '')].filter(Boolean).join(' ');
}
