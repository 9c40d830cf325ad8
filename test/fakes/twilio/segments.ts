/**
 * How many SMS segments a body takes, as Twilio reports in `num_segments`:
 * GSM-7 when every character is in the GSM 03.38 alphabet (160 septets, or
 * 153 per part once concatenated; extension characters take two), otherwise
 * UCS-2 (70 UTF-16 units, or 67 per part). Twilio also avoids splitting an
 * escape pair or surrogate pair across parts; that rare +1 is ignored here.
 */
const gsmBasic =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const gsmExtension = '^{}\\[~]|€\f';

export function smsSegments(body: string): number {
  let septets = 0;
  for (const character of body) {
    if (gsmBasic.includes(character)) septets += 1;
    else if (gsmExtension.includes(character)) septets += 2;
    else return partsOf(body.length, 70, 67);
  }
  return partsOf(septets, 160, 153);
}

function partsOf(units: number, single: number, perPart: number): number {
  if (units === 0) return 0;
  return units <= single ? 1 : Math.ceil(units / perPart);
}
